// The Generate form's store (form-store.ts): checked on submit, then the changed field again as it changes;
// an answer that arrives after a newer change is dropped; a check that cannot run says so and sends nothing.
import { describe, expect, it, vi } from "vitest";
import { errorAt, withError } from "./error-tree";
import { FormStore, type Check } from "./form-store";

const promptRequired: Check<string> = async (values) =>
  typeof values.prompt === "string" && values.prompt.length >= 3
    ? { ok: true, submitted: values.prompt }
    : { ok: false, errors: withError(withError({}, "prompt", "Use at least 3 characters"), "size", "Too big") };

describe("the form store", () => {
  it("sends what the check makes, and nothing while a field has a problem", async () => {
    const store = new FormStore({ prompt: "" }, promptRequired);
    const send = vi.fn(async () => undefined);
    await store.submit(send);
    expect(send).not.toHaveBeenCalled();
    expect(errorAt(store.errors, "prompt")).toBe("Use at least 3 characters");
    store.setValue("prompt", "a heron");
    await store.submit(send);
    expect(send).toHaveBeenCalledWith("a heron");
    expect(store.errors).toEqual({});
    expect(store.submitting).toBe(false);
  });

  it("checks nothing before the first submit; after it, brings the changed field's message up to date only", async () => {
    const check = vi.fn(promptRequired);
    const store = new FormStore({ prompt: "" }, check);
    store.setValue("prompt", "a");
    expect(check).not.toHaveBeenCalled();
    await store.submit(async () => undefined);
    store.setValue("prompt", "a heron");
    await vi.waitFor(() => expect(errorAt(store.errors, "prompt")).toBeUndefined());
    // Another field's message waits for the next submit.
    expect(errorAt(store.errors, "size")).toBe("Too big");
  });

  it("drops a check's answer when the values changed meanwhile", async () => {
    let release: () => void = () => undefined;
    const slow: Check<string> = (values) =>
      new Promise((resolve) => {
        release = () => resolve({ ok: false, errors: withError({}, "prompt", `bad: ${String(values.prompt)}`) });
      });
    let check = promptRequired;
    const store = new FormStore({ prompt: "" }, (values) => check(values));
    await store.submit(async () => undefined);
    check = slow;
    store.setValue("prompt", "a");
    const first = release;
    store.setValue("prompt", "ab");
    first();
    await Promise.resolve();
    await Promise.resolve();
    expect(errorAt(store.errors, "prompt")).toBe("Use at least 3 characters");
    release();
    await vi.waitFor(() => expect(errorAt(store.errors, "prompt")).toBe("bad: ab"));
  });

  it("says when the check could not run (its code did not load), and sends nothing", async () => {
    const store = new FormStore({ prompt: "a heron" }, () => Promise.reject(new Error("ChunkLoadError")));
    const send = vi.fn(async () => undefined);
    await store.submit(send);
    expect(send).not.toHaveBeenCalled();
    expect(errorAt(store.errors, "root", "server")).toMatch(/could not be checked/);
  });

  it("tells its subscribers of every change, and nests a list row's message", () => {
    const store = new FormStore({}, promptRequired);
    const listener = vi.fn();
    const off = store.subscribe(listener);
    store.setError("image_urls.1", { message: "Must be a public HTTPS URL" });
    expect(errorAt(store.errors, "image_urls", 1)).toBe("Must be a public HTTPS URL");
    expect(listener).toHaveBeenCalledTimes(1);
    off();
    store.setValue("prompt", "x");
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

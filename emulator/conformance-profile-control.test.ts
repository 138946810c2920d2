// Conformance over real HTTP: the profile part of the control contract (GET/PUT /__emulator/profile,
// the start profile, reset) and EMULATOR_PROFILE's reading.
import { describe, expect, it } from "vitest";
import { DEFAULT_PROFILE, parseProfileText } from "./profile";
import { emulatorForFile, startClient } from "./testing";

const emulator = emulatorForFile({ profile: {} });

describe("GET and PUT /__emulator/profile", () => {
  it("answers the whole default profile", async () => {
    const res = await emulator().control("GET", "/profile");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      alphaResolution: "768p",
      creditsRefunded: "number",
      nullFields: false,
      errorObject: "basic",
      errorBody: "nested",
      rateLimitBody: "coded",
      retryAfter: "seconds",
      promptBlocked: 422,
      unknownFields: "ignore",
      aspectRatioRequired: false,
      referenceTypes: ["subject", "background"],
      timestamps: "always",
      initialStatus: "pending",
      requeue: false,
      deltaIdempotency: "honoured",
      legacyShape: "a",
    });
  });

  it("takes a partial object and answers the whole profile, which GET then shows", async () => {
    const emu = emulator();
    const res = await emu.control("PUT", "/profile", { retryAfter: "http-date", promptBlocked: "task", referenceTypes: ["style"] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...DEFAULT_PROFILE, retryAfter: "http-date", promptBlocked: "task", referenceTypes: ["style"] });
    expect((await emu.control("GET", "/profile")).body).toEqual(res.body);
    // A second partial keeps what the first set.
    expect((await emu.control("PUT", "/profile", { nullFields: true })).body).toMatchObject({ retryAfter: "http-date", nullFields: true });
    await emu.control("POST", "/reset");
  });

  it.each([
    ["an unknown switch", { retryAfterSeconds: "absent" }, "retryAfterSeconds"],
    ["an unknown value", { errorBody: "xml" }, "errorBody"],
    ["a value of the wrong type", { promptBlocked: "422" }, "promptBlocked"],
    ["an empty reference type list", { referenceTypes: [] }, "referenceTypes"],
    ["a prototype name", JSON.parse('{"__proto__": {"nullFields": true}}'), "__proto__"],
  ])("answers 400 naming %s, and changes nothing", async (_n, patch, named) => {
    const emu = emulator();
    const res = await emu.control("PUT", "/profile", { nullFields: true, ...patch });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(`"${named}"`);
    expect((await emu.control("GET", "/profile")).body).toEqual(DEFAULT_PROFILE);
  });

  it("answers 400 for a body that is not a JSON object", async () => {
    const emu = emulator();
    expect((await emu.request("PUT", "/__emulator/profile", { body: "[1]" })).status).toBe(400);
    expect((await emu.request("PUT", "/__emulator/profile", { body: "{" })).status).toBe(400);
  });
});

describe("the start profile", () => {
  it("is what the emulator starts with, and what POST /__emulator/reset restores", async () => {
    const emu = await startClient({ profile: { legacyShape: "b", requeue: true } });
    try {
      expect((await emu.control("GET", "/profile")).body).toEqual({ ...DEFAULT_PROFILE, legacyShape: "b", requeue: true });
      await emu.setProfile({ legacyShape: "a", errorBody: "text" });
      expect((await emu.control("POST", "/reset")).status).toBe(204);
      expect((await emu.control("GET", "/profile")).body).toEqual({ ...DEFAULT_PROFILE, legacyShape: "b", requeue: true });
    } finally {
      await emu.running.close();
    }
  });

  it("refuses to start with an unknown switch", async () => {
    await expect(startClient({ profile: { colour: "blue" } as never })).rejects.toThrow(/"colour"/);
  });

  it("EMULATOR_PROFILE is read as a JSON object, naming what is wrong", () => {
    expect(parseProfileText(undefined)).toEqual(DEFAULT_PROFILE);
    expect(parseProfileText('{"rateLimitBody":"plain","retryAfter":"absent"}')).toEqual({
      ...DEFAULT_PROFILE,
      rateLimitBody: "plain",
      retryAfter: "absent",
    });
    expect(() => parseProfileText('{"retryAfter":"never"}')).toThrow(/"retryAfter"/);
    expect(() => parseProfileText("retryAfter=absent")).toThrow(/JSON object/);
  });
});

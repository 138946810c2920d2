// Conformance over real HTTP: the profile switches that change what a request may say (alpha's
// resolutions, unknown fields, epsilon's aspect ratio and reference types) and how errors and 429s look.
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_PROFILE, type Profile } from "./profile";
import { BODIES, emulatorForFile, probeBytes, type EmulatorClient } from "./testing";

const emulator = emulatorForFile({ profile: {} });
const use = (patch: Partial<Profile>) => emulator().setProfile(patch);
afterEach(async () => {
  await emulator().setProfile(DEFAULT_PROFILE);
});

const IMG = "https://cdn.example.com/in/a.png";
const reference = (type: string) => ({
  model: "epsilon-v6",
  mode: "reference-to-video",
  prompt: "a kite [[hang]]",
  quality: "360p",
  duration: 1,
  image_references: [{ image_url: IMG, type }],
});

describe("alphaResolution", () => {
  it("720p: accepts 720p and 1080p, answers 422 to 768p, and runs at 720p when omitted (v1 and legacy)", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    await use({ alphaResolution: "720p" });
    const low = await emu.create("videos", apiKey, { ...BODIES.alpha("a kite [[hang]]"), resolution: "720p" });
    expect([low.status, low.body.credits_reserved]).toEqual([202, 38]);
    const old = await emu.create("videos", apiKey, { ...BODIES.alpha(), resolution: "768p" });
    expect([old.status, old.body.error.field]).toEqual([422, "resolution"]);
    expect((await emu.create("videos", apiKey, { ...BODIES.alpha("a kite [[hang]]"), resolution: "1080p" })).status).toBe(202);
    expect((await emu.legacyCreate(apiKey, { ...BODIES.legacy(), resolution: "768P" })).status).toBe(400);

    const omitted = await emu.succeeded("videos", (await emu.account()).apiKey, BODIES.alpha());
    const info = await probeBytes((await emu.media(omitted.data[0].url)).bytes);
    expect(info).toMatchObject({ width: 1280, height: 720 });
  }, 30_000);
});

describe("unknownFields", () => {
  it("ignore (the default): fields a model does not define are dropped, the task is made", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    expect((await emu.create("images", apiKey, { ...BODIES.gamma("a kite [[hang]]"), negative_prompt: "rain" })).status).toBe(202);
    const ref = reference("subject");
    ref.image_references[0] = { ...ref.image_references[0]!, weight: 0.5 } as never;
    expect((await emu.create("videos", apiKey, ref)).status).toBe(202);
    // A field the model defines for another mode is still refused.
    const web = await emu.create("videos", apiKey, {
      model: "beta-2.0",
      mode: "image-to-video",
      prompt: "a kite",
      image_url: IMG,
      web_search: true,
    });
    expect([web.status, web.body.error.field]).toEqual([422, "web_search"]);
  });

  it("reject: a field the model does not define is 422 naming it", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    await use({ unknownFields: "reject" });
    const res = await emu.create("images", apiKey, { ...BODIES.gamma(), negative_prompt: "rain" });
    expect([res.status, res.body.error.field]).toEqual([422, "negative_prompt"]);
    expect(await emu.credits(apiKey)).toBe(100_000);
  });
});

describe("aspectRatioRequired and referenceTypes", () => {
  it("aspectRatioRequired: epsilon-v6 text and reference modes need aspect_ratio; image mode does not take it", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    expect((await emu.create("videos", apiKey, BODIES.epsilon("a kite [[hang]]"))).status).toBe(202);
    await use({ aspectRatioRequired: true });
    for (const body of [BODIES.epsilon("a kite [[hang]]"), reference("subject")]) {
      const res = await emu.create("videos", apiKey, body);
      expect([res.status, res.body.error.field]).toEqual([422, "aspect_ratio"]);
    }
    expect((await emu.create("videos", apiKey, { ...BODIES.epsilon("a kite [[hang]]"), aspect_ratio: "1:1" })).status).toBe(202);
    const image = { model: "epsilon-v6", mode: "image-to-video", prompt: "a kite [[hang]]", quality: "360p", image_urls: [IMG] };
    expect((await emu.create("videos", apiKey, image)).status).toBe(202);
  });

  it("referenceTypes: the list given is exactly what an image reference's type may be", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    expect((await emu.create("videos", apiKey, reference("style"))).status).toBe(422);
    await use({ referenceTypes: ["style", "subject"] });
    expect((await emu.create("videos", apiKey, reference("style"))).status).toBe(202);
    const refused = await emu.create("videos", apiKey, reference("background"));
    expect([refused.status, refused.body.error.field]).toEqual([422, "image_references.0.type"]);
    expect(refused.body.error.message).toContain("style or subject");
  });
});

describe("errorBody", () => {
  const unauthorized = (emu: EmulatorClient) => emu.create("images", "sk-nobody", BODIES.gamma());

  it("flat: {code, message} at the top level (with field on a 422)", async () => {
    const emu = emulator();
    await use({ errorBody: "flat" });
    expect((await unauthorized(emu)).body).toEqual({ code: "unauthorized", message: expect.any(String) });
    const { apiKey } = await emu.account();
    const invalid = await emu.create("images", apiKey, { ...BODIES.gamma(), quality: "ultra" });
    expect(invalid.body).toEqual({ code: "invalid_request", message: expect.any(String), field: "quality" });
    expect((await emu.getTask(apiKey, "task_000")).body).toEqual({ code: "not_found", message: expect.any(String) });
  });

  it("text: a plain-text sentence; empty: no body at all", async () => {
    const emu = emulator();
    await use({ errorBody: "text" });
    const text = await unauthorized(emu);
    expect(text.status).toBe(401);
    expect(text.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(text.body).toBeUndefined();
    expect(text.text).toMatch(/API key/);
    // Legacy errors too (their own shape is already flat, so "flat" leaves them as they are).
    const legacy = await emu.legacyCreate("sk-nobody", BODIES.legacy());
    expect([legacy.status, legacy.body, legacy.text]).toEqual([401, undefined, expect.stringMatching(/x-api-key/)]);
    await use({ errorBody: "empty" });
    const empty = await unauthorized(emu);
    expect([empty.status, empty.text, empty.headers.get("content-type")]).toEqual([401, "", null]);
    expect((await emu.legacyGet("sk-nobody", "task_000")).text).toBe("");
  });
});

describe("rateLimitBody and retryAfter", () => {
  /** A concurrency 429 (five live images) and a rate 429 (121 requests), on two fresh accounts. */
  async function both429s(emu: EmulatorClient) {
    const busy = (await emu.account()).apiKey;
    for (let i = 0; i < 5; i++) await emu.createTask("images", busy, BODIES.gamma(`a kite ${i} [[hang]]`));
    const concurrency = await emu.create("images", busy, BODIES.gamma());
    const hasty = (await emu.account()).apiKey;
    for (let i = 0; i < 120; i++) await emu.getTask(hasty, "task_000");
    const rate = await emu.getTask(hasty, "task_000");
    expect([concurrency.status, rate.status]).toEqual([429, 429]);
    return { concurrency, rate };
  }

  it("plain: both kinds of 429 carry the same body, no code telling them apart", async () => {
    const emu = emulator();
    await use({ rateLimitBody: "plain" });
    const { concurrency, rate } = await both429s(emu);
    expect(concurrency.body).toEqual(rate.body);
    expect(concurrency.headers.get("retry-after")).toBe("5");
  });

  it("absent: no Retry-After on either 429; http-date: an HTTP date on the emulator's clock", async () => {
    const emu = emulator();
    await use({ retryAfter: "absent" });
    const absent = await both429s(emu);
    expect(absent.concurrency.headers.get("retry-after")).toBeNull();
    expect(absent.rate.headers.get("retry-after")).toBeNull();
    await use({ retryAfter: "http-date" });
    const dated = await both429s(emu);
    const header = dated.concurrency.headers.get("retry-after") ?? "";
    expect(header).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    const wait = Date.parse(header) - Date.parse(dated.concurrency.headers.get("date") ?? "");
    expect(wait).toBeGreaterThanOrEqual(5_000);
    expect(wait).toBeLessThanOrEqual(6_000);
    expect(Date.parse(dated.rate.headers.get("retry-after") ?? "")).toBeGreaterThan(Date.parse(dated.rate.headers.get("date") ?? ""));
  });
});

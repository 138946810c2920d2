// Conformance over real HTTP: the rate limit (120 per sliding 60 s per key, on the virtual clock), the
// concurrency limits (5 image, 3 video tasks per account), 402, and the atomic charge at acceptance.
import { describe, expect, it } from "vitest";
import { BODIES, newIdempotencyKey, emulatorForFile, type EmulatorClient, type Res } from "./testing";

const emulator = emulatorForFile();
const UNKNOWN = "task_000000000000000000000000";

/** `count` counted requests of mixed kinds (404 retrievals, 422 creations, legacy 404s). */
async function spend(emu: EmulatorClient, apiKey: string, count: number): Promise<Res[]> {
  const out: Res[] = [];
  for (let i = 0; i < count; i += 10) {
    const batch = Array.from({ length: Math.min(10, count - i) }, (_, j) => {
      const n = i + j;
      if (n % 3 === 0) return emu.getTask(apiKey, UNKNOWN);
      if (n % 3 === 1) return emu.create("images", apiKey, { model: "nope", prompt: "a kite" });
      return emu.legacyGet(apiKey, UNKNOWN);
    });
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

function expectRateLimited(res: Res, maxSeconds: number) {
  expect(res.status).toBe(429);
  const retryAfter = res.headers.get("retry-after") ?? "";
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(maxSeconds);
}

describe("rate limit", () => {
  it("answers the 121st request in 60 s with 429 rate_limited and a numeric Retry-After; after 60 s it passes", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const task = await emu.createTask("images", apiKey, BODIES.gamma());
    // Retrievals within 5 s of the last refresh answer the old snapshot, but they count.
    const stale = await Promise.all(Array.from({ length: 60 }, () => emu.getTask(apiKey, task.id)));
    for (const res of stale) expect(res.body).toEqual(task);
    const first = await spend(emu, apiKey, 59);
    expect(first.map((r) => r.status).filter((s) => s === 429)).toEqual([]);

    const get = await emu.getTask(apiKey, task.id);
    expectRateLimited(get, 60);
    expect(get.body).toEqual({ error: { code: "rate_limited", message: expect.any(String) } });
    const post = await emu.create("images", apiKey, BODIES.gamma());
    expectRateLimited(post, 60);
    const legacy = await emu.legacyGet(apiKey, task.id);
    expectRateLimited(legacy, 60);
    expect(legacy.body).toMatchObject({ errorCode: "RATE_LIMITED" });
    expect(await emu.credits(apiKey)).toBe(100_000 - 44);

    await emu.advance(60);
    expect((await emu.getTask(apiKey, task.id)).status).toBe(200);
  });

  it("does not count the 429s it answers, and Retry-After counts down to the oldest request leaving", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    await spend(emu, apiKey, 120);
    await emu.advance(30);
    for (const res of await spend(emu, apiKey, 10)) {
      expectRateLimited(res, 30);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(25); // 30, less the time the 120 took
    }
    await emu.advance(30.5);
    // Had those ten 429s counted, the 111th of these would be limited.
    const again = await spend(emu, apiKey, 120);
    expect(again.filter((r) => r.status === 429)).toHaveLength(0);
    expect((await emu.getTask(apiKey, UNKNOWN)).status).toBe(429);
  });

  it("counts a disabled account's requests (rate limit comes before 403), not unknown keys' (401)", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account({ disabled: true });
    const answers = await spend(emu, apiKey, 120);
    expect(new Set(answers.map((r) => r.status))).toEqual(new Set([403]));
    expect((await emu.getTask(apiKey, UNKNOWN)).status).toBe(429);

    const other = await emu.account();
    for (let i = 0; i < 130; i += 10) {
      await Promise.all(Array.from({ length: 10 }, () => emu.getTask(`${other.apiKey}-typo`, UNKNOWN)));
    }
    const fine = await spend(emu, other.apiKey, 120);
    expect(fine.filter((r) => r.status === 429)).toHaveLength(0);
  });

  it("keeps one window per key", async () => {
    const emu = emulator();
    const [a, b] = [await emu.account(), await emu.account()];
    await spend(emu, a.apiKey, 120);
    expect((await emu.getTask(a.apiKey, UNKNOWN)).status).toBe(429);
    expect((await emu.getTask(b.apiKey, UNKNOWN)).status).toBe(404);
  });
});

describe("concurrency limits", () => {
  it("allows 5 live image tasks per account, then 429 concurrency_limited with Retry-After, uncharged", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account({ credits: 6 * 44 });
    const answers = await Promise.all(Array.from({ length: 7 }, () => emu.create("images", apiKey, BODIES.gamma("a kite [[hang]]"))));
    expect(answers.map((r) => r.status).sort()).toEqual([202, 202, 202, 202, 202, 429, 429]);
    const limited = answers.find((r) => r.status === 429);
    expect(limited?.body).toEqual({ error: { code: "concurrency_limited", message: expect.any(String) } });
    expect(limited?.headers.get("retry-after")).toBe("5");
    expect((await emu.create("images", apiKey, BODIES.delta(), { key: null })).status).toBe(429);
    expect(await emu.credits(apiKey)).toBe(44);
    // Videos have their own limit; other accounts theirs.
    expect((await emu.create("videos", apiKey, BODIES.epsilon("a kite [[hang]]"))).status).toBe(202);
    const other = await emu.account();
    expect((await emu.create("images", other.apiKey, BODIES.gamma("a kite [[hang]]"))).status).toBe(202);
  });

  it("allows 3 live video tasks per account (legacy ones included); a finished task frees its place", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    for (let i = 0; i < 2; i++) expect((await emu.create("videos", apiKey, BODIES.epsilon("a kite [[hang]]"))).status).toBe(202);
    expect((await emu.legacyCreate(apiKey, BODIES.legacy("a kite [[hang]]"))).status).toBe(200);
    const credits = await emu.credits(apiKey);
    const v1 = await emu.create("videos", apiKey, BODIES.alpha());
    expect(v1.status).toBe(429);
    expect(v1.body.error.code).toBe("concurrency_limited");
    const legacy = await emu.legacyCreate(apiKey, BODIES.legacy());
    expect(legacy.status).toBe(429);
    expect(legacy.body).toMatchObject({ errorCode: "CONCURRENCY_LIMITED" });
    expect(legacy.headers.get("retry-after")).toBe("5");
    expect((await emu.create("images", apiKey, BODIES.gamma("a kite [[hang]]"))).status).toBe(202);
    expect(await emu.credits(apiKey)).toBe(credits - 44);

    await emu.advance(30 * 60); // the deadline ends the hanging tasks
    expect((await emu.create("videos", apiKey, BODIES.epsilon("a kite [[hang]]"))).status).toBe(202);
  });

  it("checks concurrency before credits", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account({ credits: 5 * 44 });
    const key = newIdempotencyKey();
    for (let i = 0; i < 5; i++) {
      expect((await emu.create("images", apiKey, BODIES.gamma("a kite [[hang]]"), { key: i === 0 ? key : undefined })).status).toBe(202);
    }
    expect(await emu.credits(apiKey)).toBe(0);
    expect((await emu.create("images", apiKey, BODIES.gamma())).status).toBe(429);
    // A replay is answered before both limits.
    const replay = await emu.create("images", apiKey, BODIES.gamma("a kite [[hang]]"), { key });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
  });
});

describe("credits", () => {
  it("answers 402 insufficient_credits when the account cannot pay, and accepts exactly enough", async () => {
    const emu = emulator();
    const short = await emu.account({ credits: 37 }); // gamma costs 44, legacy alpha 38
    const res = await emu.create("images", short.apiKey, BODIES.gamma());
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ error: { code: "insufficient_credits", message: expect.any(String) } });
    expect(await emu.credits(short.apiKey)).toBe(37);
    const legacy = await emu.legacyCreate(short.apiKey, BODIES.legacy());
    expect(legacy.status).toBe(402);
    expect(legacy.body).toMatchObject({ errorCode: "INSUFFICIENT_CREDITS" });

    const exact = await emu.account({ credits: 44 });
    const key = newIdempotencyKey();
    expect((await emu.create("images", exact.apiKey, BODIES.gamma(), { key })).status).toBe(202);
    expect(await emu.credits(exact.apiKey)).toBe(0);
    expect((await emu.create("images", exact.apiKey, BODIES.gamma())).status).toBe(402);
    expect((await emu.create("images", exact.apiKey, BODIES.gamma(), { key })).status).toBe(200); // replay, not 402
  });

  it("deducts atomically: parallel creations never overspend", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account({ credits: 2 * 44 + 10 });
    const answers = await Promise.all(Array.from({ length: 4 }, () => emu.create("images", apiKey, BODIES.gamma())));
    expect(answers.map((r) => r.status).sort()).toEqual([202, 202, 402, 402]);
    expect(await emu.credits(apiKey)).toBe(10);
  });
});

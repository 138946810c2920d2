// Conformance over real HTTP: the legacy video endpoints (emulator/conformance/legacy.ts, also run against
// Darkroom's gateway), the control API's shapes, every fault kind, and reset (last: it wipes the emulator).
// The control API answers loopback clients only; that is not tested here (every test client is loopback).
import { describe, expect, it } from "vitest";
import { legacyConformance } from "./conformance/legacy";
import { EMULATOR } from "./conformance/target";
import { BODIES, newIdempotencyKey, emulatorForFile } from "./testing";

const emulator = emulatorForFile();
legacyConformance(emulator, EMULATOR);

describe("control API", () => {
  it("starts with the demo account sk-emulator-demo (free, 100000 credits)", async () => {
    const emu = emulator();
    expect(emu.running.demoKey).toBe("sk-emulator-demo");
    const res = await emu.control("GET", "/accounts/sk-emulator-demo");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ apiKey: "sk-emulator-demo", plan: "free", credits: 100_000, disabled: false });
  });

  it("creates (201), reads and patches (200) accounts in one shape, and 404s an unknown one", async () => {
    const emu = emulator();
    const given = { apiKey: `sk-conf-${newIdempotencyKey()}`, plan: "lifetime", credits: 7, disabled: true };
    const created = await emu.control("POST", "/accounts", given);
    expect(created.status).toBe(201);
    expect(created.body).toEqual(given);
    const defaults = await emu.control("POST", "/accounts", {});
    expect(defaults.status).toBe(201);
    expect(defaults.body).toEqual({ apiKey: expect.any(String), plan: "free", credits: 100_000, disabled: false });
    expect((await emu.control("GET", `/accounts/${given.apiKey}`)).body).toEqual(given);
    const patched = await emu.control("PATCH", `/accounts/${given.apiKey}`, { plan: "paid", disabled: false });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ ...given, plan: "paid", disabled: false });
    expect((await emu.control("PATCH", `/accounts/${given.apiKey}`, { credits: 100 })).body).toEqual({
      ...given,
      plan: "paid",
      disabled: false,
      credits: 100,
    });
    expect((await emu.createTask("images", given.apiKey, BODIES.delta())).credits_reserved).toBe(8);
    expect(await emu.credits(given.apiKey)).toBe(92);
    expect((await emu.control("GET", "/accounts/sk-nobody-here")).status).toBe(404);
  });

  it("reads and patches every account it creates, and creates only accounts whose key can authenticate", async () => {
    const emu = emulator();
    // BUG: a key with "/" is created (201) and authenticates, but GET/PATCH /__emulator/accounts/sk%2F… answer
    // 404 (the path is decoded before it is matched). A key with white space is created (201) but can never
    // pass `Authorization: Bearer` (401). Either refuse such keys with 422 or make them work.
    for (const apiKey of [`sk/${newIdempotencyKey()}`, `sk ${newIdempotencyKey()}`]) {
      const created = await emu.control("POST", "/accounts", { apiKey });
      if (created.status !== 201) {
        expect(created.status).toBe(422);
        continue;
      }
      expect((await emu.control("GET", `/accounts/${encodeURIComponent(apiKey)}`)).status, apiKey).toBe(200);
      expect((await emu.create("images", apiKey, BODIES.gamma())).status, apiKey).toBe(202);
    }
  });

  it("moves the clock forward and answers {now}", async () => {
    const emu = emulator();
    const before = await emu.now();
    const res = await emu.control("POST", "/clock", { advanceSeconds: 3600 });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["now"]);
    expect(res.body.now).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const moved = Date.parse(res.body.now) - before;
    expect(moved).toBeGreaterThanOrEqual(3_600_000);
    expect(moved).toBeLessThan(3_602_000);
  });
});

describe("faults", () => {
  it("status: answers the given status and Retry-After for matching requests, `times` times, charging nothing", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const task = await emu.createTask("images", apiKey, BODIES.gamma());
    const added = await emu.faults([{ method: "POST", path: "/v1/images", kind: "status", status: 503, retryAfter: 7, times: 2 }]);
    expect(added.status).toBe(200);
    expect((await emu.getTask(apiKey, task.id)).status).toBe(200); // another method
    for (let i = 0; i < 2; i++) {
      const res = await emu.create("images", apiKey, BODIES.gamma());
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("7");
    }
    expect(await emu.credits(apiKey)).toBe(100_000 - 44);
    expect((await emu.create("images", apiKey, BODIES.gamma())).status).toBe(202);
  });

  it("accept_then_status: the task is created and charged, then the status is answered", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    await emu.faults([{ path: "/v1/images/generations", kind: "accept_then_status", status: 500 }]);
    const key = newIdempotencyKey();
    const res = await emu.create("images", apiKey, BODIES.gamma(), { key });
    expect(res.status).toBe(500);
    expect(await emu.credits(apiKey)).toBe(100_000 - 44);
    const replay = await emu.create("images", apiKey, BODIES.gamma(), { key });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await emu.credits(apiKey)).toBe(100_000 - 44);
  });

  it("accept_then_drop: the work is done, then the connection is destroyed", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    await emu.faults([{ path: "/v1/videos/generations", kind: "accept_then_drop" }]);
    const key = newIdempotencyKey();
    await expect(emu.create("videos", apiKey, BODIES.epsilon(), { key })).rejects.toThrow();
    expect(await emu.credits(apiKey)).toBe(100_000 - 3);
    const replay = await emu.create("videos", apiKey, BODIES.epsilon(), { key });
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ model: "epsilon-v6", credits_reserved: 3 });
  });

  it("delay and malformed: a late but normal answer, and a 200 whose body is not JSON", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const task = await emu.createTask("images", apiKey, BODIES.gamma());
    await emu.faults([
      { method: "GET", path: "/v1/tasks/", kind: "delay", delayMs: 400 },
      { method: "GET", path: "/v1/tasks/", kind: "malformed" },
    ]);
    const started = Date.now();
    const late = await emu.getTask(apiKey, task.id);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(late.status).toBe(200);
    expect(late.body).toEqual(task);
    const malformed = await emu.getTask(apiKey, task.id);
    expect(malformed.status).toBe(200);
    expect(malformed.text.length).toBeGreaterThan(0);
    expect(() => JSON.parse(malformed.text)).toThrow();
    expect((await emu.getTask(apiKey, task.id)).body).toEqual(task);
  });

  it("DELETE /__emulator/faults clears every rule (204)", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    await emu.faults([{ kind: "status", status: 500, times: 100 }]);
    expect((await emu.getTask(apiKey, "task_x")).status).toBe(500);
    const cleared = await emu.control("DELETE", "/faults");
    expect(cleared.status).toBe(204);
    expect(cleared.text).toBe("");
    expect((await emu.getTask(apiKey, "task_x")).status).toBe(404);
  });
});

describe("reset (last: it wipes this file's emulator)", () => {
  it("answers 204 and forgets accounts, tasks, faults and the clock offset, restoring the demo account", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const task = await emu.createTask("images", apiKey, BODIES.gamma());
    expect((await emu.create("images", emu.running.demoKey, BODIES.gamma())).status).toBe(202);
    await emu.advance(5 * 86_400);
    await emu.faults([{ path: "/v1/tasks/", kind: "status", status: 502, times: 100 }]);

    const res = await emu.control("POST", "/reset");
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await emu.control("GET", `/accounts/${apiKey}`)).status).toBe(404);
    expect((await emu.getTask(apiKey, task.id)).status).toBe(401);
    expect(await emu.getAccount(emu.running.demoKey)).toEqual({
      apiKey: "sk-emulator-demo",
      plan: "free",
      credits: 100_000,
      disabled: false,
    });
    expect((await emu.getTask(emu.running.demoKey, task.id)).status).toBe(404);
    expect(Math.abs((await emu.now()) - Date.now())).toBeLessThan(2000);
  });
});

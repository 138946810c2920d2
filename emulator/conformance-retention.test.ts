// Conformance over real HTTP: image retention by plan (free 7 days, paid and lifetime 30 days, the plan
// at retrieval time) and video URL expiry after 24 hours, all through the virtual clock.
import { describe, expect, it } from "vitest";
import { BODIES, DAY_SECONDS, TASK_FIELDS, emulatorForFile, type EmulatorClient, type Json } from "./testing";
import type { Plan } from "./types";

const emulator = emulatorForFile();
const DAY_MS = DAY_SECONDS * 1000;

async function succeededImage(emu: EmulatorClient, plan: Plan, body: unknown = BODIES.gamma()) {
  const { apiKey } = await emu.account({ plan });
  const task = await emu.succeeded("images", apiKey, body);
  return { apiKey, task, doneAt: Date.parse(task.updated_at), credits: await emu.credits(apiKey) };
}

async function expectKept(emu: EmulatorClient, apiKey: string, task: Json) {
  const now = (await emu.getTask(apiKey, task.id)).body;
  expect(now).toEqual(task);
  for (const item of task.data) expect((await emu.media(item.url)).status).toBe(200);
}

async function expectDeleted(emu: EmulatorClient, apiKey: string, task: Json, credits: number) {
  const now = (await emu.getTask(apiKey, task.id)).body;
  expect(Object.keys(now).sort()).toEqual([...TASK_FIELDS, "error"].sort());
  expect(now).toMatchObject({ id: task.id, status: "failed", credits_reserved: task.credits_reserved });
  expect(now.error).toEqual({ code: "media_deleted", message: expect.any(String) });
  for (const item of task.data) {
    const media = await emu.media(item.url);
    expect(media.status).toBe(410);
    expect(media.body.error.code).toBe("media_deleted");
  }
  // Retention is not a failure of the request: nothing is refunded.
  expect(await emu.credits(apiKey)).toBe(credits);
}

describe("image retention", () => {
  it("free: kept until 7 days after success, then failed with media_deleted and media 410", async () => {
    const emu = emulator();
    const { apiKey, task, doneAt, credits } = await succeededImage(emu, "free", { ...BODIES.delta(), n: 2 });
    await emu.advanceTo(doneAt + 7 * DAY_MS - 10_000);
    await expectKept(emu, apiKey, task);
    await emu.advance(10);
    await expectDeleted(emu, apiKey, task, credits);
    await emu.advance(DAY_SECONDS);
    expect((await emu.getTask(apiKey, task.id)).body.error.code).toBe("media_deleted");
  });

  it("paid: still fine at 8 days, kept until 30 days, then media_deleted", async () => {
    const emu = emulator();
    const { apiKey, task, doneAt, credits } = await succeededImage(emu, "paid");
    await emu.advanceTo(doneAt + 8 * DAY_MS);
    await expectKept(emu, apiKey, task);
    await emu.advanceTo(doneAt + 30 * DAY_MS - 10_000);
    await expectKept(emu, apiKey, task);
    await emu.advance(10);
    await expectDeleted(emu, apiKey, task, credits);
  });

  it("lifetime keeps 30 days, and a free account upgraded to paid keeps its images past 7 days", async () => {
    const emu = emulator();
    const lifetime = await succeededImage(emu, "lifetime");
    const upgraded = await succeededImage(emu, "free");
    await emu.advanceTo(upgraded.doneAt + 6 * DAY_MS);
    await emu.patchAccount(upgraded.apiKey, { plan: "paid" });
    await emu.advanceTo(upgraded.doneAt + 8 * DAY_MS);
    await expectKept(emu, lifetime.apiKey, lifetime.task);
    await expectKept(emu, upgraded.apiKey, upgraded.task);
    await emu.advanceTo(Math.max(lifetime.doneAt, upgraded.doneAt) + 30 * DAY_MS);
    await expectDeleted(emu, lifetime.apiKey, lifetime.task, lifetime.credits);
    await expectDeleted(emu, upgraded.apiKey, upgraded.task, upgraded.credits);
  });
});

describe("video URLs", () => {
  it("answer 410 media_expired 24 hours after success while the task stays succeeded", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const task = await emu.succeeded("videos", apiKey, BODIES.epsilon());
    const url = task.data[0].url as string;
    await emu.advanceTo(Date.parse(task.updated_at) + DAY_MS - 10_000);
    const before = await emu.media(url);
    expect(before.status).toBe(200);
    expect(before.contentType).toBe("video/mp4");
    await emu.advance(10);
    const after = await emu.media(url);
    expect(after.status).toBe(410);
    expect(after.body).toEqual({ error: { code: "media_expired", message: expect.any(String) } });
    // Past even the free image retention, the video task is still a success.
    await emu.advance(8 * DAY_SECONDS);
    expect((await emu.getTask(apiKey, task.id)).body).toEqual(task);
  });
});

describe("the emulator's clock", () => {
  it("is the time in every answer's Date header, so a client can tell how far it has moved", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const skew = async () => Date.parse((await emu.getTask(apiKey, "task_none")).headers.get("date") ?? "") - Date.now();
    // Earlier tests in this file moved the clock already: compare with where it is now.
    const before = await skew();
    const { now } = (await emu.request("GET", "/__emulator/clock")).body as { now: string };
    // Within seconds: a Date header has whole seconds, and an answer takes time on a busy machine.
    expect(Math.abs(Date.parse(now) - Date.now() - before)).toBeLessThan(10_000);
    await emu.advance(6 * DAY_SECONDS);
    expect(Math.abs((await skew()) - before - 6 * DAY_MS)).toBeLessThan(10_000);
  });
});

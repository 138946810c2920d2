// Conformance over real HTTP: with a dataDir, a restarted emulator (close, then startEmulator with the
// same dataDir) still knows accounts, tasks, idempotency keys, media and the clock offset.
import { rm } from "node:fs/promises";
import { afterAll, describe, expect, it } from "vitest";
import { BODIES, newIdempotencyKey, startClient, tempDir, type EmulatorClient } from "./testing";

const running = new Set<EmulatorClient>();
const dirs: string[] = [];

async function start(dataDir: string, port = 0): Promise<EmulatorClient> {
  // Restarted on the same port: see freshConnections.
  const emu = await startClient({ dataDir, port }, { freshConnections: true });
  running.add(emu);
  return emu;
}

async function stop(emu: EmulatorClient): Promise<void> {
  running.delete(emu);
  await emu.running.close();
}

async function newDataDir(): Promise<string> {
  const dir = await tempDir();
  dirs.push(dir);
  return dir;
}

afterAll(async () => {
  for (const emu of running) await emu.running.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("persistence across a restart", () => {
  it("keeps accounts, tasks, media, idempotency keys, the clock offset and the one refund", async () => {
    const dataDir = await newDataDir();
    let emu = await start(dataDir);
    const port = Number(new URL(emu.url).port);
    const { apiKey } = await emu.account({ plan: "paid", credits: 500 });
    const image = await emu.succeeded("images", apiKey, BODIES.gamma());
    const imageBytes = (await emu.media(image.data[0].url)).bytes;
    const key = newIdempotencyKey();
    const hanging = (await emu.create("videos", apiKey, BODIES.alpha("a kite [[hang]]"), { key })).body;
    expect(hanging.credits_reserved).toBe(30);
    await emu.advance(600); // under the hanging task's 30-minute deadline
    const offset = (await emu.now()) - Date.now();

    await stop(emu);
    emu = await start(dataDir, port);
    expect(await emu.getAccount(apiKey)).toEqual({ apiKey, plan: "paid", credits: 500 - 35 - 30, disabled: false });
    expect((await emu.now()) - Date.now()).toBeGreaterThan(offset - 1500);
    expect((await emu.now()) - Date.now()).toBeLessThan(offset + 1500);
    const after = await emu.getTask(apiKey, image.id);
    expect(after.status).toBe(200);
    expect(after.body).toEqual(image);
    const media = await emu.media(image.data[0].url);
    expect(media.status).toBe(200);
    expect(media.bytes.equals(imageBytes)).toBe(true);
    const replay = await emu.create("videos", apiKey, BODIES.alpha("a kite [[hang]]"), { key });
    expect(replay.status).toBe(200);
    expect(replay.body.id).toBe(hanging.id);
    expect(await emu.credits(apiKey)).toBe(435);

    // The hanging task still meets its deadline after the restart, and is refunded once.
    await emu.advance(20 * 60);
    const refunded = await emu.waitFor(apiKey, hanging.id, (t) => t.credits_refunded !== undefined);
    expect(refunded).toMatchObject({ status: "failed", credits_refunded: 30 });
    expect(await emu.credits(apiKey)).toBe(465);
    await stop(emu);
    emu = await start(dataDir, port);
    await emu.advance(60);
    expect((await emu.getTask(apiKey, hanging.id)).body).toMatchObject({ status: "failed", credits_refunded: 30 });
    expect(await emu.credits(apiKey)).toBe(465);
    await stop(emu);
  });

  it("finishes a task whose media was still rendering when the emulator closed", async () => {
    const dataDir = await newDataDir();
    let emu = await start(dataDir);
    const { apiKey } = await emu.account();
    const task = await emu.createTask("videos", apiKey, { ...BODIES.epsilon(), duration: 2 });
    await stop(emu);
    emu = await start(dataDir);
    const done = await emu.waitFor(apiKey, task.id);
    expect(done.status).toBe("succeeded");
    expect((await emu.media(done.data[0].url)).status).toBe(200);
    await stop(emu);
  });

  it("serves retrieved media URLs at the restarted emulator's address (restart on another port)", async () => {
    const dataDir = await newDataDir();
    let emu = await start(dataDir);
    const { apiKey } = await emu.account();
    const image = await emu.succeeded("images", apiKey, BODIES.gamma());
    await stop(emu);
    emu = await start(dataDir); // port 0: another port
    const task = (await emu.getTask(apiKey, image.id)).body;
    expect(task.status).toBe("succeeded");
    // BUG: within 5 s of the last refresh the persisted snapshot is answered, and it holds the old
    // address (http://127.0.0.1:<old port>/media/…), which nothing serves any more.
    expect(task.data[0].url.startsWith(`${emu.url}/media/`)).toBe(true);
    await stop(emu);
  });
});

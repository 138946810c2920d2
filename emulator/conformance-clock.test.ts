// Conformance over real HTTP: the lifecycle is a function of the virtual clock alone. Rendering is an
// implementation detail: a task due at T has succeeded at any retrieval after T, rendered or not, and a
// media URL fetched before its file exists waits for it.
import { describe, expect, it } from "vitest";
import { BODIES, emulatorForFile, probeBytes } from "./testing";

// Real-life durations: 5 s images, 20 s videos, so nothing finishes unless the clock says so.
const emulator = emulatorForFile({ timings: { imageSeconds: 5, videoSeconds: 20, refundSeconds: 10 } });

// Seconds of real ffmpeg time, and the other videos render after it: far longer than the test takes to move the clock.
const bigVideo = (prompt: string) => ({ model: "alpha-2.3", prompt, resolution: "1080p" });

describe("advancing the clock by 600 s", () => {
  it("finishes every due task with data and credits_used, frees every slot, and media waits for its render", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const videos = [
      await emu.createTask("videos", apiKey, bigVideo("a lighthouse")),
      await emu.createTask("videos", apiKey, { ...BODIES.epsilon("a ferry"), duration: 1 }),
      await emu.createTask("videos", apiKey, { ...BODIES.epsilon("a pier"), duration: 2 }),
    ];
    const images = [];
    for (let i = 0; i < 4; i++) images.push(await emu.createTask("images", apiKey, { ...BODIES.delta(`gulls ${i}`), n: 2 }));
    const failing = await emu.createTask("images", apiKey, BODIES.gamma("a storm [[fail]]"));
    // Both kinds are at their cap now.
    expect((await emu.create("videos", apiKey, BODIES.alpha())).status).toBe(429);

    await emu.advance(600);
    for (const created of [...videos, ...images]) {
      const res = await emu.getTask(apiKey, created.id);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: "succeeded", credits_used: created.credits_reserved, data: expect.any(Array) });
      expect(res.body.data.length).toBeGreaterThan(0);
      // Succeeded when its time was up, not when its render happened to finish.
      expect(Date.parse(res.body.updated_at) - Date.parse(created.created_at)).toBe(created.model === "delta-image-2" ? 5_000 : 20_000);
    }
    const failed = (await emu.getTask(apiKey, failing.id)).body;
    expect(failed).toMatchObject({ status: "failed", error: { code: "generation_failed" }, credits_refunded: failing.credits_reserved });

    // Every slot is free again: 3 videos and 5 images are accepted at once.
    for (let i = 0; i < 3; i++) expect((await emu.create("videos", apiKey, BODIES.alpha(`again ${i} [[hang]]`))).status).toBe(202);
    for (let i = 0; i < 5; i++) expect((await emu.create("images", apiKey, BODIES.gamma(`again ${i} [[hang]]`))).status).toBe(202);

    // The last video queued renders behind the others: fetching it now waits for the file, then serves it whole.
    const last = (await emu.getTask(apiKey, videos[2].id)).body;
    const media = await emu.media(last.data[0].url);
    expect(media.status).toBe(200);
    expect(media.contentType).toBe("video/mp4");
    const info = await probeBytes(media.bytes);
    expect(info).toMatchObject({ codec: "h264", width: 640, height: 360 });
    expect(Math.abs(info.seconds - 2)).toBeLessThan(0.1);
  }, 60_000);

  it("a task is live until the moment it is due, and succeeded from then on", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const created = await emu.createTask("images", apiKey, BODIES.gamma("a slow kite [[slow]]"));
    await emu.advanceTo(Date.parse(created.created_at) + 595_000);
    expect((await emu.getTask(apiKey, created.id)).body.status).toBe("processing");
    await emu.advance(5);
    const done = (await emu.getTask(apiKey, created.id)).body;
    expect(done).toMatchObject({ status: "succeeded", credits_used: 44, data: [{ url: expect.any(String) }] });
    expect(Date.parse(done.updated_at) - Date.parse(created.created_at)).toBe(600_000);
  });
});

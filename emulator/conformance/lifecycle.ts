// Conformance over real HTTP: a task's life (pending → processing → succeeded or failed), the media
// it produces, the 5 s snapshot rule, failures with their one refund, and the 30-minute deadline.
//
// Run against the emulator (emulator/conformance-lifecycle.test.ts) and Darkroom's gateway (app/api/gateway-conformance
// .test.ts), where `data` URLs are Darkroom's signed links to its archive and a task moves as Darkroom's engine
// sends and polls it; `on` says where the gateway differs on purpose.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { BODIES, ISO_MS, TASK_FIELDS, probeBytes, sleep, type EmulatorClient, type Json } from "../testing";
import { targetReads, type Target } from "./target";

export function lifecycleConformance(emulator: () => EmulatorClient, on: Target) {
  const { credits } = targetReads(on);
  const keysOf = (task: Json) => Object.keys(task).sort();
  const withFields = (...extra: string[]) => [...TASK_FIELDS, ...extra].sort();

  describe("images", () => {
    it.each([
      ["gamma default: one 1024x1024 PNG", {}, "png", 1024, 1024],
      ["gamma high 16:9 jpeg: one 2048x1152 JPEG", { quality: "high", aspect_ratio: "16:9", output_format: "jpeg" }, "jpeg", 2048, 1152],
      ["gamma 9:16: one 576x1024 PNG", { aspect_ratio: "9:16" }, "png", 576, 1024],
    ] as const)("%s, with credits_used = credits_reserved", async (_n, extra, format, width, height) => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const done = await emu.succeeded("images", apiKey, { ...BODIES.gamma(), ...extra });
      expect(keysOf(done)).toEqual(withFields("credits_used", "data"));
      expect(done.credits_used).toBe(done.credits_reserved);
      expect(done.updated_at).toMatch(ISO_MS);
      expect(done.data).toHaveLength(1);
      expect(Object.keys(done.data[0])).toEqual(["url"]);
      const media = await emu.media(done.data[0].url);
      expect(media.status).toBe(200);
      expect(media.contentType).toBe(`image/${format}`);
      expect(await sharp(media.bytes).metadata()).toMatchObject({ format, width, height });
      expect(await credits(emu, apiKey)).toBe(100_000 - done.credits_reserved);
    });

    it("delta-image-2 items carry width and height matching the PNG files", async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const done = await emu.succeeded("images", apiKey, { ...BODIES.delta(), size: "3:2", n: 2 });
      expect(done.data).toHaveLength(2);
      expect(done.data[0].url).not.toBe(done.data[1].url);
      for (const item of done.data) {
        expect(item).toEqual({ url: expect.any(String), width: 1024, height: 682 });
        const media = await emu.media(item.url);
        expect(await sharp(media.bytes).metadata()).toMatchObject({ format: "png", width: 1024, height: 682 });
      }
    });
  });

  describe("videos", () => {
    const cases = [
      ["epsilon 360p 2 s: 640x360", { ...BODIES.epsilon(), duration: 2 }, 640, 360, 2],
      [
        "beta 480p 9:16 4 s: 480x854",
        { model: "beta-2.0", mode: "text-to-video", prompt: "a kite", resolution: "480p", aspect_ratio: "9:16", duration: 4 },
        480,
        854,
        4,
      ],
      ["alpha default (768p, 6 s): 1366x768", BODIES.alpha(), 1366, 768, 6],
    ] as const;
    // The gateway serves the archive's copy of the same file: one small video proves it (renders cost the most here).
    it.each(on.gateway ? cases.slice(0, 1) : cases)(
      "%s is a playable H.264 MP4 of that size and duration",
      async (_n, body, width, height, seconds) => {
        const emu = emulator();
        const { apiKey } = await emu.account();
        const done = await emu.succeeded("videos", apiKey, body);
        expect(keysOf(done)).toEqual(withFields("credits_used", "data"));
        expect(Object.keys(done.data[0])).toEqual(["url"]);
        const media = await emu.media(done.data[0].url);
        expect(media.status).toBe(200);
        expect(media.contentType).toBe("video/mp4");
        expect(media.bytes.subarray(4, 8).toString("latin1")).toBe("ftyp");
        const info = await probeBytes(media.bytes);
        expect(info).toMatchObject({ codec: "h264", width, height });
        expect(Math.abs(info.seconds - seconds)).toBeLessThan(0.1);
      },
    );
  });

  // The upstream's own pacing and snapshot: the gateway answers Darkroom's record, refreshed as its engine polls.
  describe.skipIf(on.gateway)("progress and the 5 s snapshot", () => {
    it("[[slow]] is pending, then processing for 10 minutes, then succeeded", async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const created = await emu.createTask("images", apiKey, BODIES.gamma("a slow kite [[slow]]"));
      expect(created.status).toBe("pending");
      // Processing after 1 s, but a retrieval within 5 s answers the creation snapshot and does not
      // restart the 5 s: at 5.5 s after creation the state is refreshed.
      await emu.advance(3);
      expect((await emu.getTask(apiKey, created.id)).body).toEqual(created);
      await emu.advance(2.5);
      expect((await emu.getTask(apiKey, created.id)).body.status).toBe("processing");
      await sleep(1000); // the media renders (~0.1 s), so only the 10 minutes hold the task back
      await emu.advance(584.5);
      expect((await emu.getTask(apiKey, created.id)).body).toEqual({ ...created, status: "processing", updated_at: expect.any(String) });
      const done = await emu.waitFor(apiKey, created.id);
      expect(done.status).toBe("succeeded");
      // Exactly 600 s, unless a loaded machine rendered the media later than that (then within a few polls).
      const took = Date.parse(done.updated_at) - Date.parse(done.created_at);
      expect(took).toBeGreaterThanOrEqual(600_000);
      expect(took).toBeLessThan(615_000);
    });

    it("a retrieval within 5 s of the last refresh answers the previous snapshot, even after the task finished", async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const created = await emu.createTask("images", apiKey, BODIES.gamma());
      await emu.advance(1);
      // Up to 4 s after creation (virtual), every retrieval answers the creation snapshot, while the
      // media renders (~0.1 s; the margin is for a loaded machine).
      for (let i = 0; i < 8; i++) {
        await sleep(250);
        expect((await emu.getTask(apiKey, created.id)).body).toEqual(created);
      }
      const staleAt = await emu.now();
      const stale = await emu.getTask(apiKey, created.id);
      expect(stale.status).toBe(200);
      expect(stale.body).toEqual(created);

      await emu.advance(5);
      const fresh = (await emu.getTask(apiKey, created.id)).body;
      expect(fresh.status).toBe("succeeded");
      // It had succeeded before the stale answer was given.
      expect(Date.parse(fresh.updated_at)).toBeLessThanOrEqual(staleAt);
      await emu.advance(3);
      expect((await emu.getTask(apiKey, created.id)).body).toEqual(fresh);
    });
  });

  describe("failures and refunds", () => {
    it("[[fail]] shows refund_pending, then credits_refunded, and the account is credited exactly once", async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const created = await emu.createTask("videos", apiKey, BODIES.epsilon("a storm [[fail]]"));
      let price = created.credits_reserved;
      let pending: Json;
      if (on.gateway) {
        // Queued, then sent by Darkroom's engine: the failure shows once it has polled it.
        pending = await emu.waitFor(apiKey, created.id, (t) => t.status === "failed", 1);
        price = pending.credits_reserved;
      } else {
        await emu.advance(5);
        pending = (await emu.getTask(apiKey, created.id)).body;
      }
      // On the gateway the refund may have settled before Darkroom's engine polls the failure (every 5 s).
      if (!on.gateway) {
        expect(keysOf(pending)).toEqual(withFields("error"));
        expect(pending).toMatchObject({ status: "failed", error: { code: "refund_pending", message: expect.any(String) } });
        expect(Object.keys(pending.error).sort()).toEqual(["code", "message"]);
        expect(await credits(emu, apiKey)).toBe(100_000 - price);
      }

      const settled = await emu.waitFor(apiKey, created.id, (t) => t.credits_refunded !== undefined);
      expect(keysOf(settled)).toEqual(withFields("error", "credits_refunded"));
      expect(settled).toMatchObject({ status: "failed", credits_refunded: price, error: { code: "generation_failed" } });
      expect(await credits(emu, apiKey)).toBe(100_000);
      for (let i = 0; i < 3; i++) {
        await emu.advance(60);
        expect((await emu.getTask(apiKey, created.id)).body).toEqual(settled);
      }
      expect(await credits(emu, apiKey)).toBe(100_000);
    });

    // The deadline's exact instants are the upstream's (the gateway's harness passes it between tests to free slots).
    it.skipIf(on.gateway)("[[hang]] reaches the 30-minute deadline: failed, refund_pending, then one refund", async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const created = await emu.createTask("videos", apiKey, BODIES.alpha("a kite [[hang]]"));
      expect(created.credits_reserved).toBe(38);
      await emu.advance(30 * 60 - 10);
      expect((await emu.getTask(apiKey, created.id)).body.status).toBe("processing");
      await emu.advance(10);
      const failed = (await emu.getTask(apiKey, created.id)).body;
      expect(failed).toMatchObject({ status: "failed", error: { code: "refund_pending" } });
      expect(failed.credits_refunded).toBeUndefined();
      expect(Date.parse(failed.updated_at) - Date.parse(failed.created_at)).toBe(30 * 60 * 1000);
      expect(await credits(emu, apiKey)).toBe(100_000 - 38);

      await emu.advance(10);
      const refunded = (await emu.getTask(apiKey, created.id)).body;
      expect(refunded).toMatchObject({
        status: "failed",
        credits_refunded: 38,
        error: { code: "generation_failed", message: expect.stringMatching(/30 minutes/) },
      });
      expect(await credits(emu, apiKey)).toBe(100_000);
      for (let i = 0; i < 3; i++) {
        await emu.advance(3600);
        expect((await emu.getTask(apiKey, created.id)).body.credits_refunded).toBe(38);
        expect(await credits(emu, apiKey)).toBe(100_000);
      }
      const legacy = (await emu.legacyGet(apiKey, created.id)).body;
      expect(legacy).toMatchObject({ status: "FAILED", refundedCredits: 38 });
    });
  });
}

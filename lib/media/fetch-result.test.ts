import { readdir } from "node:fs/promises";
import type { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODIES, DAY_SECONDS, emulatorForFile, FAST_TIMINGS, tempDir } from "@/emulator/testing";
import { startS3rver, type TestS3 } from "@/lib/testing/s3rver";
import { ArchiveError, archiveResult } from "./fetch-result";
import { taskFolder, thumbnailKeyAt } from "./paths";
import { PREVIEW_WIDTH, SMALL_THUMBNAIL_WIDTH, THUMBNAIL_WIDTH } from "./widths";
import { localStore, s3Store, type MediaStore } from "./store";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3rver();
});
afterAll(async () => s3?.close());

async function bytesOf(store: MediaStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await store.get(key)) as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("result archive", () => {
  it.each(["local", "s3"])("keeps an image's original bytes and makes WebP thumbnails at both widths (%s store)", async (kind) => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const task = await emu.succeeded("images", apiKey, { ...BODIES.gamma(), output_format: "jpeg" });
    const url = task.data[0].url as string;
    const mediaDir = await tempDir();
    const store = kind === "local" ? localStore(mediaDir) : s3Store(s3.config);
    const result = await archiveResult({ store, taskId: task.id, idx: 0, url, upstreamBaseUrl: emu.url });
    expect(result).toMatchObject({ contentType: "image/jpeg", width: 1024, height: 1024 });
    // Relative keys, never a path of this machine: any instance reads them from the same store.
    expect(result.file).toBe(`${task.id}/0.jpg`);
    expect(result.thumbnail).toBe(`${task.id}/0.thumb.webp`);
    expect(await bytesOf(store, result.file)).toEqual((await emu.media(url)).bytes);
    expect(result.bytes).toBe((await emu.media(url)).bytes.length);
    const thumb = await sharp(await bytesOf(store, result.thumbnail)).metadata();
    expect(thumb).toMatchObject({ format: "webp", width: THUMBNAIL_WIDTH });
    // The phones' width, stored beside it (the grid's srcset).
    expect(thumbnailKeyAt(result.thumbnail, SMALL_THUMBNAIL_WIDTH)).toBe(`${task.id}/0.thumb-240.webp`);
    const small = await sharp(await bytesOf(store, thumbnailKeyAt(result.thumbnail, SMALL_THUMBNAIL_WIDTH))).metadata();
    expect(small).toMatchObject({ format: "webp", width: SMALL_THUMBNAIL_WIDTH });
    // The task page's fitted view: at most 1280 px wide, never enlarged (this image is 1024 px).
    const preview = await sharp(await bytesOf(store, thumbnailKeyAt(result.thumbnail, PREVIEW_WIDTH))).metadata();
    expect(preview).toMatchObject({ format: "webp", width: Math.min(PREVIEW_WIDTH, 1024) });
    if (kind === "local")
      expect((await readdir(`${mediaDir}/${task.id}`)).sort()).toEqual(["0.jpg", "0.thumb-1280.webp", "0.thumb-240.webp", "0.thumb.webp"]);
  });

  it("makes a poster frame for a video", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const task = await emu.succeeded("videos", apiKey, BODIES.epsilon());
    const store = s3Store(s3.config);
    const result = await archiveResult({ store, taskId: task.id, idx: 0, url: task.data[0].url, upstreamBaseUrl: emu.url });
    expect(result.contentType).toBe("video/mp4");
    expect(result.file).toBe(`${task.id}/0.mp4`);
    expect((await sharp(await bytesOf(store, result.thumbnail)).metadata()).format).toBe("webp");
    expect(await sharp(await bytesOf(store, thumbnailKeyAt(result.thumbnail, SMALL_THUMBNAIL_WIDTH))).metadata()).toMatchObject({
      format: "webp",
      width: SMALL_THUMBNAIL_WIDTH,
    });
    expect(result.width).toBeGreaterThan(0);
  });

  it("says plainly when the upstream has removed the result, without its URL", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const task = await emu.succeeded("images", apiKey, BODIES.gamma());
    await emu.advance(8 * DAY_SECONDS);
    await emu.getTask(apiKey, task.id); // the emulator applies retention when asked
    const failure = archiveResult({
      store: localStore(await tempDir()),
      taskId: task.id,
      idx: 0,
      url: task.data[0].url,
      upstreamBaseUrl: emu.url,
    });
    await expect(failure).rejects.toBeInstanceOf(ArchiveError);
    await expect(failure).rejects.toThrow(/no longer has this result \(HTTP 410\)/);
    await expect(failure).rejects.not.toThrow(/127\.0\.0\.1|media\//);
  });

  it("keeps task ids out of keys unless they are plainly safe", () => {
    expect(taskFolder("task_abc")).toBe("task_abc");
    expect(taskFolder("../../etc/passwd")).toMatch(/^h_[0-9a-f]{32}$/);
  });

  it("says plainly when the media store cannot take the result, without its address", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const task = await emu.succeeded("images", apiKey, BODIES.gamma());
    const store = s3Store({ ...s3.config, bucket: "no-such-bucket" });
    const failure = archiveResult({ store, taskId: task.id, idx: 0, url: task.data[0].url, upstreamBaseUrl: emu.url });
    await expect(failure).rejects.toThrow("The result was downloaded, but the media store could not save it.");
  });
});

import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { BODIES, DAY_SECONDS, emulatorForFile, FAST_TIMINGS, tempDir } from "@/emulator/testing";
import { ArchiveError, archiveResult, THUMBNAIL_WIDTH } from "./fetch-result";
import { taskFolder } from "./paths";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });

describe("result archive", () => {
  it("keeps an image's original bytes and makes a small WebP thumbnail", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const task = await emu.succeeded("images", apiKey, { ...BODIES.gamma(), output_format: "jpeg" });
    const url = task.data[0].url as string;
    const mediaDir = await tempDir();
    const result = await archiveResult({ mediaDir, taskId: task.id, idx: 0, url, upstreamBaseUrl: emu.url });
    expect(result).toMatchObject({ contentType: "image/jpeg", width: 1024, height: 1024 });
    expect(result.file).toBe(path.join(taskFolder(mediaDir, task.id), "0.jpg"));
    expect(await readFile(result.file)).toEqual((await emu.media(url)).bytes);
    const thumb = await sharp(result.thumbnail).metadata();
    expect(thumb).toMatchObject({ format: "webp", width: THUMBNAIL_WIDTH });
    expect(existsSync(`${result.file}.part`)).toBe(false);
  });

  it("makes a poster frame for a video", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const task = await emu.succeeded("videos", apiKey, BODIES.epsilon());
    const result = await archiveResult({
      mediaDir: await tempDir(),
      taskId: task.id,
      idx: 0,
      url: task.data[0].url,
      upstreamBaseUrl: emu.url,
    });
    expect(result.contentType).toBe("video/mp4");
    expect(result.file.endsWith("0.mp4")).toBe(true);
    expect((await sharp(result.thumbnail).metadata()).format).toBe("webp");
    expect(result.width).toBeGreaterThan(0);
  });

  it("says plainly when the upstream has removed the result, without its URL", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const task = await emu.succeeded("images", apiKey, BODIES.gamma());
    await emu.advance(8 * DAY_SECONDS);
    await emu.getTask(apiKey, task.id); // the emulator applies retention when asked
    const failure = archiveResult({ mediaDir: await tempDir(), taskId: task.id, idx: 0, url: task.data[0].url, upstreamBaseUrl: emu.url });
    await expect(failure).rejects.toBeInstanceOf(ArchiveError);
    await expect(failure).rejects.toThrow(/no longer has this result \(HTTP 410\)/);
    await expect(failure).rejects.not.toThrow(/127\.0\.0\.1|media\//);
  });

  it("keeps task ids out of paths unless they are plainly safe", () => {
    expect(taskFolder("/m", "task_abc")).toBe("/m/task_abc");
    expect(taskFolder("/m", "../../etc/passwd")).toMatch(/^\/m\/h_[0-9a-f]{32}$/);
  });
});

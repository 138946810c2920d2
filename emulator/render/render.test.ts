import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardSvg, escapeXml } from "./card";
import { ffmpegPath } from "@/lib/media/ffmpeg-path";
import { renderImage } from "./image";
import { probeVideo } from "./probe";
import { renderVideo } from "./video";

const PROMPT = `A "lighthouse" <at> dusk & the storm's edge — 🌩️ cinematic, volumetric fog, very long prompt that goes on and on`;
let dir = "";

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "darkroom-render-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("renderImage", () => {
  it.each([
    [1024, 1024, "png"],
    [1024, 1024, "jpeg"],
    [256, 4096, "png"],
    [4096, 256, "jpeg"],
    [1920, 1080, "png"],
  ] as const)("renders %ix%i %s", async (width, height, format) => {
    const buf = await renderImage({ width, height, format, prompt: PROMPT, label: `gamma-5-pro · ${width}×${height}`, seed: "s1" });
    const meta = await sharp(buf).metadata();
    expect(meta).toMatchObject({ width, height, format });
  });

  it.each([false, true])("is deterministic per seed and differs between seeds (flat card: %s)", async (plain) => {
    const opts = { width: 256, height: 256, format: "png", prompt: "p", label: "l", plain } as const;
    const [a, b, c] = await Promise.all([
      renderImage({ ...opts, seed: "x" }),
      renderImage({ ...opts, seed: "x" }),
      renderImage({ ...opts, seed: "y" }),
    ]);
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
    expect(await sharp(a).metadata()).toMatchObject({ width: 256, height: 256, format: "png" });
  });

  it("survives markup and control characters in the prompt", async () => {
    const prompt = "</text><script>alert(1)</script>\u0001\u0007 & ]]> <!-- '\"";
    const buf = await renderImage({ width: 512, height: 512, format: "png", prompt, label: "<b>", seed: "z" });
    expect((await sharp(buf).metadata()).width).toBe(512);
    expect(cardSvg({ width: 512, height: 512, prompt, label: "<b>", seed: "z" })).not.toContain("<script>");
    expect(escapeXml(`<a href="x">&'`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;");
  });
});

describe("renderVideo", () => {
  // Sizes and lengths apart: a 15 s clip at 1080p took over a minute on a busy machine, and proves no more
  // than a 1080p frame and a 15 s clip each do.
  it.each([
    [1280, 720, 6],
    [2520, 1080, 2],
    [1920, 1080, 2],
    [256, 256, 1.5],
    [320, 240, 15],
  ])(
    "writes an H.264 MP4 of %ix%i, %s s",
    async (width, height, seconds) => {
      const outPath = path.join(dir, `v-${width}x${height}.mp4`);
      await renderVideo({ width, height, seconds, prompt: PROMPT, label: `epsilon-v6 · ${width}×${height}`, seed: "v", outPath });
      const info = await probeVideo(outPath);
      expect(info).toMatchObject({ codec: "h264", width, height });
      expect(Math.abs(info.seconds - seconds)).toBeLessThanOrEqual(0.1);
    },
    60_000,
  );

  it("keeps the size and length in the tests' quick renders (8 frames a second, a flat card)", async () => {
    const outPath = path.join(dir, "v-quick.mp4");
    await renderVideo({ width: 640, height: 360, seconds: 2.5, fps: 8, plain: true, prompt: PROMPT, label: "quick", seed: "f", outPath });
    const info = await probeVideo(outPath);
    expect(info).toMatchObject({ codec: "h264", width: 640, height: 360 });
    expect(Math.abs(info.seconds - 2.5)).toBeLessThanOrEqual(0.1);
  });

  it("rejects with ffmpeg's own words and leaves no file behind", async () => {
    const outPath = path.join(dir, "missing-dir", "x.mp4");
    const err = await renderVideo({ width: 320, height: 240, seconds: 1, prompt: "p", label: "l", seed: "e", outPath }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/ffmpeg exited with \d+: .*No such file or directory/s);
    expect(existsSync(outPath)).toBe(false);
    expect((await readdir(dir)).filter((f) => f.endsWith(".part"))).toEqual([]);
  });

  it("refuses odd dimensions, which yuv420p cannot encode", async () => {
    await expect(
      renderVideo({ width: 321, height: 240, seconds: 1, prompt: "", label: "", seed: "", outPath: path.join(dir, "odd.mp4") }),
    ).rejects.toThrow(/even/);
  });
});

describe("probeVideo", () => {
  it("rejects a file that is not a video", async () => {
    await expect(probeVideo(path.join(dir, "nope.mp4"))).rejects.toThrow(/not a readable video/);
  });

  it("uses an ffmpeg binary that runs", () => {
    expect(spawnSync(ffmpegPath(), ["-hide_banner", "-version"]).status).toBe(0);
  });
});

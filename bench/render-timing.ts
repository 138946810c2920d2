import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { renderImage } from "@/emulator/render/image";
import { renderVideo } from "@/emulator/render/video";

const PROMPT = "A lighthouse on a cliff at dusk, storm clouds rolling in, cinematic lighting, volumetric fog";

/** Median wall time, in ms, of synthesising a 1024² PNG and a 6 s 720p clip. Prints nothing. */
export async function benchRender(runs = 3): Promise<{ image1024Ms: number; video720p6sMs: number }> {
  const dir = await mkdtemp(path.join(tmpdir(), "darkroom-bench-"));
  try {
    // One warm-up each, so sharp's and ffmpeg's first-load costs do not count as rendering time.
    const image = () =>
      renderImage({ width: 1024, height: 1024, format: "png", prompt: PROMPT, label: "gamma-5-pro · 1024×1024", seed: "bench" });
    const outPath = path.join(dir, "bench.mp4");
    const video = () =>
      renderVideo({ width: 1280, height: 720, seconds: 6, prompt: PROMPT, label: "epsilon-v6 · 1280×720", seed: "bench", outPath });
    await image();
    await video();
    return { image1024Ms: await median(runs, image), video720p6sMs: await median(runs, video) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function median(runs: number, task: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await task();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(times.length / 2)] ?? 0);
}

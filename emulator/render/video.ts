import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rename, unlink } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { cardSvg, palette, type CardOptions, type Rgb } from "./card";
import { ffmpegPath } from "@/lib/media/ffmpeg-path";

export const FPS = 24;

export interface VideoOptions extends CardOptions {
  seconds: number;
  outPath: string;
  /** Frames per second, FPS unless given. */
  fps?: number;
}

export async function renderVideo(opts: VideoOptions): Promise<void> {
  const { width, height, seconds, outPath, fps = FPS } = opts;
  if (width % 2 || height % 2) throw new Error(`yuv420p needs even dimensions, got ${width}x${height}`);
  const total = Math.round(seconds * fps);
  if (total < 1) throw new Error(`video too short: ${seconds} s`);

  const { data: card, info } = await sharp(Buffer.from(cardSvg(opts)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3 || info.width !== width || info.height !== height) {
    throw new Error(`title card came out ${info.width}x${info.height}x${info.channels}, expected ${width}x${height}x3`);
  }
  const draw = motion(width, height, total, palette(opts.seed).accents[0] ?? [255, 255, 255]);
  const frame = (i: number) => {
    const buf = Buffer.allocUnsafe(card.length);
    card.copy(buf);
    draw(buf, i);
    return buf;
  };

  // A temp name beside the target: the rename is atomic, and readers never see a partial MP4.
  const temp = path.join(path.dirname(outPath), `.${path.basename(outPath)}.${randomBytes(4).toString("hex")}.part`);
  const args = [
    "-hide_banner",
    "-loglevel",
    "error",
    "-f",
    "rawvideo",
    "-pix_fmt",
    "rgb24",
    "-s",
    `${width}x${height}`,
    "-r",
    String(fps),
    "-i",
    "pipe:0",
  ];
  args.push("-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4", "-y", temp);
  try {
    await encode(args, total, frame);
    await rename(temp, outPath);
  } catch (err) {
    await unlink(temp).catch(() => {});
    throw err;
  }
}

/** Something visibly moving, drawn straight into the RGB bytes: a progress bar and a gliding block. */
function motion(width: number, height: number, total: number, accent: Rgb) {
  const stride = width * 3;
  const white = Buffer.from([255, 255, 255]);
  const track = Buffer.from([30, 30, 30]);
  const block = Buffer.from(accent);
  const barH = Math.max(4, Math.round(height * 0.012));
  const size = Math.max(8, Math.round(Math.min(width, height) * 0.06));
  const fillRect = (buf: Buffer, colour: Buffer, x: number, y: number, w: number, h: number) => {
    for (let row = y; row < y + h; row++) buf.fill(colour, row * stride + x * 3, row * stride + (x + w) * 3);
  };
  return (buf: Buffer, i: number) => {
    const t = total > 1 ? i / (total - 1) : 1;
    const done = Math.round(width * t);
    fillRect(buf, track, done, height - barH, width - done, barH);
    fillRect(buf, white, 0, height - barH, done, barH);
    // Across and back once, bobbing: motion a viewer (or a frame diff) can see.
    const sweep = 1 - Math.abs(1 - 2 * t);
    const x = Math.round(sweep * (width - size));
    const y = Math.round(height * 0.5 - size / 2 + Math.sin(t * Math.PI * 4) * height * 0.1);
    fillRect(buf, block, x, y, size, size);
  };
}

async function encode(args: string[], total: number, frame: (i: number) => Buffer): Promise<void> {
  const child = spawn(ffmpegPath(), args, { stdio: ["pipe", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  let exited = false;
  const exit = new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve(code));
  });
  void exit.then(
    () => (exited = true),
    () => (exited = true),
  );
  // EPIPE when ffmpeg quits early; its exit code and stderr explain why better than the pipe does.
  child.stdin.on("error", () => {});

  try {
    for (let i = 0; i < total && !exited; i++) {
      if (!child.stdin.write(frame(i))) {
        await Promise.race([new Promise((resolve) => child.stdin.once("drain", resolve)), exit]);
      }
    }
    child.stdin.end();
  } catch (err) {
    child.kill("SIGKILL");
    throw err;
  }
  const code = await exit.catch((err: Error) => {
    throw new Error(`could not run ffmpeg (${ffmpegPath()}): ${err.message}`);
  });
  if (code !== 0) {
    const tail = stderr.trim().split("\n").slice(-8).join("\n");
    throw new Error(`ffmpeg exited with ${code ?? "a signal"}: ${tail || "(no output)"}`);
  }
}

import "server-only";
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { ffmpegPath } from "@/lib/media/ffmpeg-path";
import { mediaStore } from "@/lib/media/store";
import { UNTRUSTED_VIDEO_INPUT } from "@/lib/media/video-check";

/**
 * The last frame of an archived video as PNG bytes ("Use last frame"). The archive may be S3, and ffmpeg reads
 * only local files under the archive's limits (lib/media/poster.ts), so the video is copied to a scratch folder
 * first. ffmpeg starts a second before the end and keeps overwriting one picture (`-update 1`): what is left is
 * the last decoded frame, whatever the frame rate, without decoding the whole video.
 */
export async function lastFrameOfArchived(videoKey: string): Promise<Buffer> {
  const scratch = await mkdtemp(path.join(/* turbopackIgnore: true */ os.tmpdir(), "darkroom-frame-"));
  try {
    const video = path.join(/* turbopackIgnore: true */ scratch, "video.mp4");
    const frame = path.join(/* turbopackIgnore: true */ scratch, "last.png");
    await pipeline(await mediaStore().get(videoKey), createWriteStream(/* turbopackIgnore: true */ video));
    await runFfmpeg([
      ...["-hide_banner", "-loglevel", "error", "-sseof", "-1", ...UNTRUSTED_VIDEO_INPUT, "-i", video, "-map", "0:v:0"],
      ...["-update", "1", "-f", "image2", "-vcodec", "png", frame],
    ]);
    return await readFile(/* turbopackIgnore: true */ frame);
  } finally {
    await rm(/* turbopackIgnore: true */ scratch, { recursive: true, force: true });
  }
}

function runFfmpeg(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`ffmpeg could not read the last frame (exit ${code}): ${stderr.trim().split("\n").pop() ?? ""}`)),
    );
  });
}

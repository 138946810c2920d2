import "server-only";
import { spawn } from "node:child_process";
import { ffmpegPath } from "@/lib/media/ffmpeg-path";
import { UNTRUSTED_VIDEO_INPUT } from "@/lib/media/video-check";

/**
 * The first frame of a video as PNG bytes (ffmpeg writes it to stdout). Only for a file videoRefusal() passed,
 * and read under the same limits (MP4 demuxer, local file, listed decoders), the first video track only.
 */
export function posterFrame(videoFile: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpegPath(),
      [
        ...["-hide_banner", "-loglevel", "error", ...UNTRUSTED_VIDEO_INPUT, "-i", videoFile, "-map", "0:v:0"],
        ...["-frames:v", "1", "-f", "image2pipe", "-vcodec", "png", "pipe:1"],
      ],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    const chunks: Buffer[] = [];
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0 && chunks.length > 0) resolve(Buffer.concat(chunks));
      else reject(new Error(`ffmpeg could not read a frame (exit ${code}): ${stderr.trim().split("\n").pop() ?? ""}`));
    });
  });
}

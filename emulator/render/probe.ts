import { spawn } from "node:child_process";
import { ffmpegPath } from "@/lib/media/ffmpeg-path";

export interface VideoInfo {
  codec: string;
  width: number;
  height: number;
  seconds: number;
}

/** Reads `ffmpeg -i` diagnostics: ffprobe is not always installed, the ffmpeg we encode with is. */
export async function probeVideo(file: string): Promise<VideoInfo> {
  const stderr = await new Promise<string>((resolve, reject) => {
    const child = spawn(ffmpegPath(), ["-hide_banner", "-i", file], { stdio: ["ignore", "ignore", "pipe"] });
    let out = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => (out += chunk));
    child.once("error", reject);
    // Without an output ffmpeg always exits 1 after printing the input's details.
    child.once("close", () => resolve(out));
  });
  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(stderr);
  const video = /Stream #\S+.*?: Video: (\w+).*?, (\d+)x(\d+)[ ,]/.exec(stderr);
  if (!duration || !video) {
    throw new Error(`not a readable video: ${file}\n${stderr.trim().split("\n").slice(-5).join("\n")}`);
  }
  const [, h, m, s] = duration.map(Number) as [number, number, number, number];
  const [, codec = "", w = "0", ht = "0"] = video;
  return { codec, width: Number(w), height: Number(ht), seconds: h * 3600 + m * 60 + s };
}

// Small videos made by the ffmpeg in use, for the archive's format checks: a second of test pattern in the
// container the file name's extension says, with `codec` (and AAC audio when asked), or sound alone.
import { spawnSync } from "node:child_process";
import { mediaTools } from "@/lib/media/ffmpeg-path";

export function makeVideo(file: string, { codec, audio = false }: { codec: string | null; audio?: boolean }): string {
  const video = codec ? ["-f", "lavfi", "-i", "testsrc=size=64x48:rate=5"] : [];
  const sound = audio || !codec ? ["-f", "lavfi", "-i", "sine=duration=1"] : [];
  const encode = [...(codec ? ["-c:v", codec, "-pix_fmt", "yuv420p"] : []), ...(sound.length ? ["-c:a", "aac"] : [])];
  const made = spawnSync(mediaTools().ffmpeg, ["-v", "error", "-y", ...video, ...sound, "-t", "1", ...encode, file], { encoding: "utf8" });
  if (made.status !== 0) throw new Error(`ffmpeg could not make ${file}: ${made.stderr}`);
  return file;
}

// Audit 25: only an MP4 with listed codecs reaches a decoder. Files made by ffmpeg here, judged by each reader
// this machine has: the system's ffprobe, and an ffmpeg's own report of its input (the npm build has no ffprobe).
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "@/emulator/testing";
import { makeVideo } from "@/lib/testing/videos";
import { mediaTools, type MediaTools } from "./ffmpeg-path";
import { videoRefusal } from "./video-check";

const npmFfmpeg = (): string | undefined => {
  try {
    const found = (createRequire(import.meta.url)("@ffmpeg-installer/ffmpeg") as { path: string }).path;
    return existsSync(found) ? found : undefined;
  } catch {
    return undefined;
  }
};

const readers: [string, MediaTools][] = [];
if (mediaTools().ffprobe) readers.push(["ffprobe", mediaTools()]);
readers.push(["ffmpeg's report", { ffmpeg: mediaTools().ffmpeg, ffprobe: undefined }]);
const npm = npmFfmpeg();
if (npm && npm !== mediaTools().ffmpeg) readers.push(["the npm build's report", { ffmpeg: npm, ffprobe: undefined }]);

let files: Record<"avi" | "mkv" | "mpeg4" | "h264" | "sound", string>;
beforeAll(async () => {
  const dir = await tempDir();
  files = {
    avi: makeVideo(path.join(dir, "a.avi"), { codec: "mpeg4" }),
    mkv: makeVideo(path.join(dir, "b.mkv"), { codec: "libx264" }),
    mpeg4: makeVideo(path.join(dir, "c.mp4"), { codec: "mpeg4" }),
    h264: makeVideo(path.join(dir, "d.mp4"), { codec: "libx264", audio: true }),
    sound: makeVideo(path.join(dir, "e.mp4"), { codec: null }),
  };
});

describe.each(readers)("what the archive lets a decoder read (%s)", (_reader, tools) => {
  it("an MP4 with H.264 video and AAC audio passes", async () => {
    expect(await videoRefusal(files.h264, tools)).toBeUndefined();
  });

  it("refuses other containers, whatever their codec, and says so", async () => {
    for (const file of [files.avi, files.mkv])
      expect(await videoRefusal(file, tools)).toBe(
        "The video was not archived: it is not an MP4 file. Darkroom accepts MP4 with H.264, HEVC or AV1 video and AAC, Opus or MP3 audio.",
      );
  });

  it("refuses an MP4 with a codec off the list, and one with no video", async () => {
    expect(await videoRefusal(files.mpeg4, tools)).toMatch(/^The video was not archived: it uses mpeg4\. Darkroom accepts MP4/);
    expect(await videoRefusal(files.sound, tools)).toMatch(/^The video was not archived: it has no video track\./);
  });
});

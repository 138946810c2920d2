import "server-only";
import { spawn } from "node:child_process";
import { mediaTools, type MediaTools } from "./ffmpeg-path";

// The spec says video results are MP4, and the archive decodes one frame of each (the poster) with ffmpeg, which
// can read hundreds of formats. So a video from the upstream is held to MP4 before any decoder sees it: only the
// MP4/QuickTime demuxer reads it (never ffmpeg's guess from the bytes, which would reach the demuxers of every
// format it knows), only from the local file (a playlist cannot make it fetch or open anything else), and only
// with the codecs MP4 generators produce and browsers play: H.264, HEVC and AV1 video, AAC, Opus and MP3 audio.
// A short list keeps the decoders an upstream can reach to the most used, most fuzzed and best patched ones.

const VIDEO_CODECS = new Set(["h264", "hevc", "av1"]);
const AUDIO_CODECS = new Set(["aac", "opus", "mp3"]);
/** The decoders of those codecs, by their names across ffmpeg builds (native and library ones). */
const DECODERS = ["h264", "hevc", "av1", "libdav1d", "libaom-av1", "aac", "aac_fixed", "opus", "libopus", "mp3", "mp3float"];

/** Goes before `-i` in every ffmpeg or ffprobe run on a file from the upstream. */
export const UNTRUSTED_VIDEO_INPUT = ["-protocol_whitelist", "file", "-f", "mov", "-codec_whitelist", DECODERS.join(",")];

const ACCEPTED = "Darkroom accepts MP4 with H.264, HEVC or AV1 video and AAC, Opus or MP3 audio.";
const PROBE_TIMEOUT_MS = 30_000;

interface Stream {
  type: string;
  codec: string;
}

/** What the file holds, or why it could not be read as MP4 (a codec off the list, or not MP4 at all). */
type Probe = { streams: Stream[] } | { refusedCodec: string } | { unreadable: true };

/**
 * Undefined when `file` is an MP4 the archive may decode; else why not, in a sentence for the task. Reads the
 * container and the codecs with ffprobe of the same build as the ffmpeg in use, else with that ffmpeg's own
 * report of its input (the npm build ships no ffprobe).
 */
export async function videoRefusal(file: string, tools: MediaTools = mediaTools()): Promise<string | undefined> {
  const probe = tools.ffprobe ? await withFfprobe(tools.ffprobe, file) : await withFfmpeg(tools.ffmpeg, file);
  if ("unreadable" in probe) return `The video was not archived: it is not an MP4 file. ${ACCEPTED}`;
  if ("refusedCodec" in probe) return `The video was not archived: it uses ${probe.refusedCodec}. ${ACCEPTED}`;
  const other = probe.streams.find(
    (s) => !(s.type === "video" && VIDEO_CODECS.has(s.codec)) && !(s.type === "audio" && AUDIO_CODECS.has(s.codec)),
  );
  if (other) return `The video was not archived: it has a ${other.type} track in ${other.codec}. ${ACCEPTED}`;
  if (!probe.streams.some((s) => s.type === "video")) return `The video was not archived: it has no video track. ${ACCEPTED}`;
  return undefined;
}

async function withFfprobe(ffprobe: string, file: string): Promise<Probe> {
  // The streams' codecs are what the MP4 declares; a decoder off the list is never opened (ffprobe fails naming it).
  const args = ["-v", "error", ...UNTRUSTED_VIDEO_INPUT, "-show_entries", "stream=codec_type,codec_name", "-of", "json"];
  const { code, stdout, stderr } = await run(ffprobe, [...args, file]);
  if (code !== 0) return offList(stderr) ?? { unreadable: true };
  try {
    const parsed = JSON.parse(stdout) as { streams?: { codec_type?: string; codec_name?: string }[] };
    return { streams: (parsed.streams ?? []).map((s) => ({ type: name(s.codec_type), codec: name(s.codec_name) })) };
  } catch {
    return { unreadable: true };
  }
}

async function withFfmpeg(ffmpeg: string, file: string): Promise<Probe> {
  // With no output ffmpeg prints what it read of the input and exits 1.
  const { stderr } = await run(ffmpeg, ["-hide_banner", ...UNTRUSTED_VIDEO_INPUT, "-i", file]);
  if (!/^Input #0, /m.test(stderr)) return offList(stderr) ?? { unreadable: true };
  const refused = offList(stderr);
  if (refused) return refused;
  const streams = [...stderr.matchAll(/^\s*Stream #\d+:\d+\S*: (\w+): (\w+)/gm)].map(([, type, codec]) => ({
    type: name(type),
    codec: name(codec),
  }));
  return { streams };
}

/** ffmpeg's "Codec (mpeg4) not on whitelist": the codec it would not open. */
function offList(stderr: string): { refusedCodec: string } | undefined {
  const codec = /Codec \((\w+)\) not on whitelist/.exec(stderr)?.[1];
  return codec ? { refusedCodec: name(codec) } : undefined;
}

/** Codec and track names as ffmpeg spells them: a short word, never free text from the file. */
const name = (value: string | undefined) =>
  (value ?? "")
    .toLowerCase()
    .replace(/[^a-z0-9_-]/g, "")
    .slice(0, 32) || "unknown";

function run(command: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], timeout: PROBE_TIMEOUT_MS });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout = (stdout + chunk).slice(0, 100_000)));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr = (stderr + chunk).slice(-20_000)));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

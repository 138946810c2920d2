import { describe, expect, it } from "vitest";
import { DEFAULT_PROFILE } from "../profile";
import type { AcceptedRequest, OutputSpec, ValidationContext } from "../types";
import { isPublicHttpsUrl, validateCreation, validateLegacyCreation } from "./index";

const OWN_MEDIA = "http://localhost:3999/media/";
// These cases pin the strict reading of unknown fields (profile unknownFields "reject"); the default
// reading (ignore them) is covered over HTTP in conformance-profile-requests.test.ts.
const ctx: ValidationContext = {
  isOwnMediaUrl: (url) => url.startsWith(OWN_MEDIA),
  profile: { ...DEFAULT_PROFILE, unknownFields: "reject", referenceTypes: [...DEFAULT_PROFILE.referenceTypes] },
};

const IMG = "https://cdn.example.com/in/a.png";
const IMG2 = "https://cdn.example.com/in/b.webp";
const OWN_IMG = `${OWN_MEDIA}task_own.png`;
const OWN_VIDEO = `${OWN_MEDIA}task_own.mp4`;
const VIDEO = "https://cdn.example.com/in/clip.mp4";

type Route = "videos" | "images" | "legacy";
type Body = Record<string, unknown>;

function validate(route: Route, body: unknown) {
  return route === "legacy" ? validateLegacyCreation(body, ctx) : validateCreation(route, body, ctx);
}

function accept(route: Route, body: unknown): AcceptedRequest {
  const result = validate(route, body);
  if (!result.ok) throw new Error(`rejected at ${result.field}: ${result.message}`);
  return result.request;
}

function reject(route: Route, body: unknown): { field: string; message: string } {
  const result = validate(route, body);
  if (result.ok) throw new Error(`accepted: ${JSON.stringify(result.request.params)}`);
  return result;
}

/** `base` with `patch` applied; an undefined value removes the key. */
function patch(base: Body, changes: Body): Body {
  const out: Body = { ...base };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete out[key];
    else out[key] = value;
  }
  return out;
}

const video = (width: number, height: number, seconds: number): OutputSpec => ({ kind: "video", width, height, seconds });
const image = (format: "png" | "jpeg", width: number, height: number, count: number): OutputSpec => ({
  kind: "image",
  format,
  width,
  height,
  count,
});
const refs = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ image_url: IMG, type: i % 2 ? "background" : "subject", ref_name: `r${i}` }));
const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://cdn.example.com/in/${i}.jpg`);

// ---------------------------------------------------------------------------------------------
// Valid bodies: a minimal and a full one for every model and mode.

interface ValidCase {
  name: string;
  route: Route;
  body: Body;
  params: Body;
  output: OutputSpec;
  basePrice: number;
  parentTaskId?: string;
}

const ALPHA = { model: "alpha-2.3", prompt: "a" };
const FAST = { model: "alpha-2.3-fast", prompt: "a", image_url: IMG };
const BETA_T = { model: "beta-2.0", mode: "text-to-video", prompt: "abc" };
const BETA_I = { model: "beta-2.0", mode: "image-to-video", prompt: "abc", image_url: IMG };
const EPS = { model: "epsilon-v6", prompt: "abc" };
const EPS_T = { ...EPS, mode: "text-to-video" };
const EPS_I = { ...EPS, mode: "image-to-video", image_urls: [IMG] };
const EPS_TR = { ...EPS, mode: "transition", first_frame_image_url: IMG, last_frame_image_url: IMG2 };
const EPS_R = { ...EPS, mode: "reference-to-video", image_references: [{ image_url: IMG, type: "subject" }] };
const EPS_X = { ...EPS, mode: "extend", video_url: VIDEO };
const GAMMA = { model: "gamma-5-pro", prompt: "abc" };
const DELTA = { model: "delta-image-2", prompt: "x" };
const LEGACY = { modelKey: "alpha-2.3", prompt: "a" };

const EPS_DEFAULTS = { duration: 5, quality: "720p", generate_audio: false };

const VALID: ValidCase[] = [
  {
    name: "alpha-2.3 text-to-video, minimal",
    route: "videos",
    body: ALPHA,
    params: { ...ALPHA, duration: 6, resolution: "768p", prompt_optimizer: true },
    output: video(1366, 768, 6),
    basePrice: 30,
  },
  {
    name: "alpha-2.3 image-to-video, full (own media input, 1080p 6 s, 5,000-character prompt)",
    route: "videos",
    body: { ...ALPHA, prompt: "p".repeat(5000), image_url: OWN_IMG, duration: 6, resolution: "1080p", prompt_optimizer: false },
    params: { ...ALPHA, prompt: "p".repeat(5000), image_url: OWN_IMG, duration: 6, resolution: "1080p", prompt_optimizer: false },
    output: video(1920, 1080, 6),
    basePrice: 48,
  },
  {
    name: "alpha-2.3 768p 10 s",
    route: "videos",
    body: { ...ALPHA, duration: 10 },
    params: { ...ALPHA, duration: 10, resolution: "768p", prompt_optimizer: true },
    output: video(1366, 768, 10),
    basePrice: 50,
  },
  {
    name: "alpha-2.3-fast, minimal",
    route: "videos",
    body: FAST,
    params: { ...FAST, duration: 6, resolution: "768p", prompt_optimizer: true },
    output: video(1366, 768, 6),
    basePrice: 18,
  },
  {
    name: "alpha-2.3-fast, full",
    route: "videos",
    body: { ...FAST, duration: 6, resolution: "1080p", prompt_optimizer: false },
    params: { ...FAST, duration: 6, resolution: "1080p", prompt_optimizer: false },
    output: video(1920, 1080, 6),
    basePrice: 30,
  },
  {
    name: "beta-2.0 text-to-video, minimal",
    route: "videos",
    body: BETA_T,
    params: { ...BETA_T, duration: 5, resolution: "720p", aspect_ratio: "16:9", generate_audio: true, web_search: false },
    output: video(1280, 720, 5),
    basePrice: 40,
  },
  {
    name: "beta-2.0 text-to-video, full",
    route: "videos",
    body: {
      ...BETA_T,
      prompt: "p".repeat(20000),
      duration: 15,
      resolution: "1080p",
      aspect_ratio: "9:16",
      generate_audio: false,
      web_search: true,
    },
    params: {
      ...BETA_T,
      prompt: "p".repeat(20000),
      duration: 15,
      resolution: "1080p",
      aspect_ratio: "9:16",
      generate_audio: false,
      web_search: true,
    },
    output: video(1080, 1920, 15),
    basePrice: 180,
  },
  {
    name: "beta-2.0 image-to-video, minimal (no web_search default)",
    route: "videos",
    body: BETA_I,
    params: { ...BETA_I, duration: 5, resolution: "720p", aspect_ratio: "16:9", generate_audio: true },
    output: video(1280, 720, 5),
    basePrice: 40,
  },
  {
    name: "beta-2.0 image-to-video, full",
    route: "videos",
    body: { ...BETA_I, last_frame_url: OWN_IMG, duration: 4, resolution: "480p", aspect_ratio: "21:9", generate_audio: true },
    params: { ...BETA_I, last_frame_url: OWN_IMG, duration: 4, resolution: "480p", aspect_ratio: "21:9", generate_audio: true },
    output: video(1120, 480, 4),
    basePrice: 20,
  },
  {
    name: "beta-2.0 adaptive renders 16:9",
    route: "videos",
    body: { ...BETA_I, aspect_ratio: "adaptive", resolution: "480p", generate_audio: false },
    params: { ...BETA_I, duration: 5, resolution: "480p", aspect_ratio: "adaptive", generate_audio: false },
    output: video(854, 480, 5),
    basePrice: 15,
  },
  {
    name: "epsilon-v6 text-to-video, minimal",
    route: "videos",
    body: EPS_T,
    params: { ...EPS_T, ...EPS_DEFAULTS, aspect_ratio: "16:9", generate_multi_clip: false },
    output: video(1280, 720, 5),
    basePrice: 30,
  },
  {
    name: "epsilon-v6 text-to-video, full",
    route: "videos",
    body: {
      ...EPS_T,
      duration: 15,
      quality: "1080p",
      aspect_ratio: "21:9",
      generate_audio: true,
      generate_multi_clip: true,
      seed: 2147483647,
    },
    params: {
      ...EPS_T,
      duration: 15,
      quality: "1080p",
      aspect_ratio: "21:9",
      generate_audio: true,
      generate_multi_clip: true,
      seed: 2147483647,
    },
    output: video(2520, 1080, 15),
    basePrice: 180,
  },
  {
    name: "epsilon-v6 image-to-video, minimal (no aspect_ratio default)",
    route: "videos",
    body: EPS_I,
    params: { ...EPS_T, mode: "image-to-video", ...EPS_DEFAULTS, generate_multi_clip: false, image_urls: [IMG] },
    output: video(1280, 720, 5),
    basePrice: 30,
  },
  {
    name: "epsilon-v6 image-to-video, full",
    route: "videos",
    body: { ...EPS_I, image_urls: [IMG2, OWN_IMG], duration: 1, quality: "360p", generate_audio: true, generate_multi_clip: true, seed: 0 },
    params: {
      ...EPS_I,
      image_urls: [IMG2, OWN_IMG],
      duration: 1,
      quality: "360p",
      generate_audio: true,
      generate_multi_clip: true,
      seed: 0,
    },
    output: video(640, 360, 1),
    basePrice: 4,
  },
  {
    name: "epsilon-v6 transition, minimal",
    route: "videos",
    body: EPS_TR,
    params: { ...EPS_TR, ...EPS_DEFAULTS },
    output: video(1280, 720, 5),
    basePrice: 30,
  },
  {
    name: "epsilon-v6 transition, full",
    route: "videos",
    body: { ...EPS_TR, duration: 10, quality: "540p", generate_audio: true, seed: 42 },
    params: { ...EPS_TR, duration: 10, quality: "540p", generate_audio: true, seed: 42 },
    output: video(960, 540, 10),
    basePrice: 60,
  },
  {
    name: "epsilon-v6 reference-to-video, minimal",
    route: "videos",
    body: EPS_R,
    params: { ...EPS_R, ...EPS_DEFAULTS, aspect_ratio: "16:9" },
    output: video(1280, 720, 5),
    basePrice: 45,
  },
  {
    name: "epsilon-v6 reference-to-video, full (7 references, audio)",
    route: "videos",
    body: { ...EPS_R, image_references: refs(7), duration: 5, quality: "720p", aspect_ratio: "9:16", generate_audio: true, seed: 7 },
    params: { ...EPS_R, image_references: refs(7), duration: 5, quality: "720p", aspect_ratio: "9:16", generate_audio: true, seed: 7 },
    output: video(720, 1280, 5),
    basePrice: 60,
  },
  {
    name: "epsilon-v6 extend by video_url, minimal",
    route: "videos",
    body: EPS_X,
    params: { ...EPS_X, ...EPS_DEFAULTS },
    output: video(1280, 720, 5),
    basePrice: 30,
  },
  {
    name: "epsilon-v6 extend by own video",
    route: "videos",
    body: { ...EPS_X, video_url: OWN_VIDEO },
    params: { ...EPS_X, video_url: OWN_VIDEO, ...EPS_DEFAULTS },
    output: video(1280, 720, 5),
    basePrice: 30,
  },
  {
    name: "epsilon-v6 extend by parent_task_id, full",
    route: "videos",
    body: { ...EPS, mode: "extend", parent_task_id: "task_abc123", duration: 8, quality: "1080p", generate_audio: true, seed: 1 },
    params: { ...EPS, mode: "extend", duration: 8, quality: "1080p", generate_audio: true, seed: 1, parent_task_id: "task_abc123" },
    output: video(1920, 1080, 8),
    basePrice: 96,
    parentTaskId: "task_abc123",
  },
  {
    name: "gamma-5-pro text-to-image, minimal",
    route: "images",
    body: GAMMA,
    params: { ...GAMMA, aspect_ratio: "1:1", quality: "basic", output_format: "png", n: 1 },
    output: image("png", 1024, 1024, 1),
    basePrice: 35,
  },
  {
    name: "gamma-5-pro image-to-image, full",
    route: "images",
    body: { ...GAMMA, image_urls: [...urls(9), OWN_IMG], aspect_ratio: "3:2", quality: "high", output_format: "jpeg", n: 1 },
    params: { ...GAMMA, image_urls: [...urls(9), OWN_IMG], aspect_ratio: "3:2", quality: "high", output_format: "jpeg", n: 1 },
    output: image("jpeg", 2048, 1366, 1),
    basePrice: 35,
  },
  {
    name: "gamma-5-pro portrait",
    route: "images",
    body: { ...GAMMA, aspect_ratio: "9:16" },
    params: { ...GAMMA, aspect_ratio: "9:16", quality: "basic", output_format: "png", n: 1 },
    output: image("png", 576, 1024, 1),
    basePrice: 35,
  },
  {
    name: "delta-image-2, minimal",
    route: "images",
    body: DELTA,
    params: { ...DELTA, size: "1:1", quality: "medium", n: 1, resolution: "1K" },
    output: image("png", 1024, 1024, 1),
    basePrice: 8,
  },
  {
    name: "delta-image-2, full (high 2K n=2)",
    route: "images",
    body: {
      ...DELTA,
      size: "16:9",
      quality: "high",
      n: 2,
      image_urls: [...urls(15), OWN_IMG],
      callback_url: "https://hooks.example.com/done",
      resolution: "2K",
    },
    params: {
      ...DELTA,
      size: "16:9",
      quality: "high",
      n: 2,
      image_urls: [...urls(15), OWN_IMG],
      callback_url: "https://hooks.example.com/done",
      resolution: "2K",
    },
    output: image("png", 2048, 1152, 2),
    basePrice: 64,
  },
  {
    name: "delta-image-2 4K portrait n=4",
    route: "images",
    body: { ...DELTA, size: "2:3", resolution: "4K", n: 4 },
    params: { ...DELTA, size: "2:3", quality: "medium", n: 4, resolution: "4K" },
    output: image("png", 2730, 4096, 4),
    basePrice: 128,
  },
  {
    name: "legacy, minimal",
    route: "legacy",
    body: LEGACY,
    params: { ...LEGACY, resolution: "768P", outputDurationSec: 6, promptExtend: true },
    output: video(1366, 768, 6),
    basePrice: 30,
  },
  {
    name: "legacy, full",
    route: "legacy",
    body: { ...LEGACY, resolution: "1080P", outputDurationSec: 6, promptExtend: false },
    params: { ...LEGACY, resolution: "1080P", outputDurationSec: 6, promptExtend: false },
    output: video(1920, 1080, 6),
    basePrice: 48,
  },
  {
    name: "legacy 768P 10 s",
    route: "legacy",
    body: { ...LEGACY, outputDurationSec: 10 },
    params: { ...LEGACY, resolution: "768P", outputDurationSec: 10, promptExtend: true },
    output: video(1366, 768, 10),
    basePrice: 50,
  },
];

describe("valid requests", () => {
  it.each(VALID)("$name", ({ route, body, params, output, basePrice, parentTaskId }) => {
    const request = accept(route, body);
    expect(request.params).toEqual(params);
    expect(request.output).toEqual(output);
    expect(request.basePrice).toBe(basePrice);
    expect(request.parentTaskId).toBe(parentTaskId);
    expect(request.model).toBe(route === "legacy" ? "alpha-2.3" : body.model);
    expect(request.kind).toBe(route === "images" ? "image" : "video");
    for (const side of [request.output.width, request.output.height]) {
      expect(Number.isInteger(side) && side % 2 === 0).toBe(true);
    }
  });

  it("copies the body into params instead of sharing it", () => {
    const body = { ...EPS_I, image_urls: [IMG] };
    const request = accept("videos", body);
    body.image_urls.push(IMG2);
    expect(request.params.image_urls).toEqual([IMG]);
  });
});

// ---------------------------------------------------------------------------------------------
// Invalid bodies: every rule, each asserting the exact field blamed.

type InvalidCase = [name: string, route: Route, body: unknown, field: string];

const LONG_URL = `https://cdn.example.com/${"a".repeat(2048 - "https://cdn.example.com/".length + 1)}`;

const INVALID: InvalidCase[] = [
  // body and model
  ["body is null", "videos", null, "model"],
  ["body is an array", "videos", [ALPHA], "model"],
  ["body is a string", "images", "gamma-5-pro", "model"],
  ["model missing", "videos", { prompt: "abc" }, "model"],
  ["model not a string", "videos", { ...ALPHA, model: 23 }, "model"],
  ["model unknown", "videos", { ...ALPHA, model: "alpha-9" }, "model"],
  ["model is an Object.prototype key", "videos", { ...ALPHA, model: "constructor" }, "model"],
  ["image model on the video endpoint", "videos", GAMMA, "model"],
  ["video model on the image endpoint", "images", ALPHA, "model"],
  ["legacy body on v1", "videos", LEGACY, "model"],

  // alpha-2.3 / alpha-2.3-fast
  ["alpha unknown field", "videos", { ...ALPHA, aspectRatio: "16:9" }, "aspectRatio"],
  ["alpha has no mode", "videos", { ...ALPHA, mode: "text-to-video" }, "mode"],
  ["alpha prompt missing", "videos", patch(ALPHA, { prompt: undefined }), "prompt"],
  ["alpha prompt not a string", "videos", { ...ALPHA, prompt: 5 }, "prompt"],
  ["alpha prompt empty", "videos", { ...ALPHA, prompt: "" }, "prompt"],
  ["alpha prompt white space", "videos", { ...ALPHA, prompt: " \n\t " }, "prompt"],
  ["alpha prompt too long", "videos", { ...ALPHA, prompt: "p".repeat(5001) }, "prompt"],
  ["alpha image_url not a string", "videos", { ...ALPHA, image_url: 5 }, "image_url"],
  ["alpha image_url http", "videos", { ...ALPHA, image_url: "http://cdn.example.com/a.png" }, "image_url"],
  ["alpha duration as string", "videos", { ...ALPHA, duration: "6" }, "duration"],
  ["alpha duration 8", "videos", { ...ALPHA, duration: 8 }, "duration"],
  ["alpha duration null", "videos", { ...ALPHA, duration: null }, "duration"],
  ["alpha resolution 720p", "videos", { ...ALPHA, resolution: "720p" }, "resolution"],
  ["alpha prompt_optimizer as string", "videos", { ...ALPHA, prompt_optimizer: "true" }, "prompt_optimizer"],
  ["alpha 1080p at 10 s", "videos", { ...ALPHA, resolution: "1080p", duration: 10 }, "resolution"],
  ["alpha-2.3-fast without image_url", "videos", patch(FAST, { image_url: undefined }), "image_url"],
  ["alpha-2.3-fast 1080p at 10 s", "videos", { ...FAST, resolution: "1080p", duration: 10 }, "resolution"],

  // beta-2.0
  ["beta mode missing", "videos", patch(BETA_T, { mode: undefined }), "mode"],
  ["beta mode unsupported", "videos", { ...BETA_T, mode: "reference-to-video" }, "mode"],
  ["beta unknown field", "videos", { ...BETA_T, aspectRatio: "16:9" }, "aspectRatio"],
  ["beta prompt too short", "videos", { ...BETA_T, prompt: "ab" }, "prompt"],
  ["beta prompt too long", "videos", { ...BETA_T, prompt: "p".repeat(20001) }, "prompt"],
  ["beta image_url localhost", "videos", { ...BETA_I, image_url: "https://localhost/a.png" }, "image_url"],
  ["beta last_frame_url IP literal", "videos", { ...BETA_I, last_frame_url: "https://10.0.0.1/a.png" }, "last_frame_url"],
  ["beta duration 3", "videos", { ...BETA_T, duration: 3 }, "duration"],
  ["beta duration 16", "videos", { ...BETA_T, duration: 16 }, "duration"],
  ["beta duration 5.5", "videos", { ...BETA_T, duration: 5.5 }, "duration"],
  ["beta duration as string", "videos", { ...BETA_T, duration: "5" }, "duration"],
  ["beta resolution 4k", "videos", { ...BETA_T, resolution: "4k" }, "resolution"],
  ["beta aspect_ratio 2:3", "videos", { ...BETA_T, aspect_ratio: "2:3" }, "aspect_ratio"],
  ["beta generate_audio 1", "videos", { ...BETA_T, generate_audio: 1 }, "generate_audio"],
  ["beta web_search as string", "videos", { ...BETA_T, web_search: "no" }, "web_search"],
  ["beta image-to-video without image_url", "videos", patch(BETA_I, { image_url: undefined }), "image_url"],
  ["beta text-to-video with image_url", "videos", { ...BETA_T, image_url: IMG }, "image_url"],
  ["beta text-to-video with last_frame_url", "videos", { ...BETA_T, last_frame_url: IMG }, "last_frame_url"],
  ["beta image-to-video with web_search", "videos", { ...BETA_I, web_search: false }, "web_search"],

  // epsilon-v6: common fields
  ["epsilon mode missing", "videos", EPS, "mode"],
  ["epsilon mode unknown", "videos", { ...EPS, mode: "edit" }, "mode"],
  ["epsilon unknown field", "videos", { ...EPS_T, negative_prompt: "x" }, "negative_prompt"],
  ["epsilon prompt too short", "videos", { ...EPS_T, prompt: "ab" }, "prompt"],
  ["epsilon prompt too long", "videos", { ...EPS_T, prompt: "p".repeat(5001) }, "prompt"],
  ["epsilon duration 0", "videos", { ...EPS_T, duration: 0 }, "duration"],
  ["epsilon duration 16", "videos", { ...EPS_T, duration: 16 }, "duration"],
  ["epsilon duration 2.5", "videos", { ...EPS_T, duration: 2.5 }, "duration"],
  ["epsilon quality 480p", "videos", { ...EPS_T, quality: "480p" }, "quality"],
  ["epsilon aspect_ratio 5:4", "videos", { ...EPS_T, aspect_ratio: "5:4" }, "aspect_ratio"],
  ["epsilon aspect_ratio in image-to-video", "videos", { ...EPS_I, aspect_ratio: "16:9" }, "aspect_ratio"],
  ["epsilon aspect_ratio in transition", "videos", { ...EPS_TR, aspect_ratio: "16:9" }, "aspect_ratio"],
  ["epsilon aspect_ratio in extend", "videos", { ...EPS_X, aspect_ratio: "16:9" }, "aspect_ratio"],
  ["epsilon generate_audio as string", "videos", { ...EPS_T, generate_audio: "yes" }, "generate_audio"],
  ["epsilon generate_multi_clip not boolean", "videos", { ...EPS_T, generate_multi_clip: 0 }, "generate_multi_clip"],
  ["epsilon generate_multi_clip in transition", "videos", { ...EPS_TR, generate_multi_clip: false }, "generate_multi_clip"],
  ["epsilon generate_multi_clip in reference", "videos", { ...EPS_R, generate_multi_clip: true }, "generate_multi_clip"],
  ["epsilon generate_multi_clip in extend", "videos", { ...EPS_X, generate_multi_clip: true }, "generate_multi_clip"],
  ["epsilon seed -1", "videos", { ...EPS_T, seed: -1 }, "seed"],
  ["epsilon seed 2147483648", "videos", { ...EPS_T, seed: 2147483648 }, "seed"],
  ["epsilon seed 1.5", "videos", { ...EPS_T, seed: 1.5 }, "seed"],
  ["epsilon seed as string", "videos", { ...EPS_T, seed: "7" }, "seed"],

  // epsilon-v6: image-to-video
  ["epsilon image without image_urls", "videos", patch(EPS_I, { image_urls: undefined }), "image_urls"],
  ["epsilon image_urls not an array", "videos", { ...EPS_I, image_urls: IMG }, "image_urls"],
  ["epsilon image_urls empty", "videos", { ...EPS_I, image_urls: [] }, "image_urls"],
  ["epsilon image_urls 3", "videos", { ...EPS_I, image_urls: [IMG, IMG, IMG] }, "image_urls"],
  ["epsilon image_urls item not a string", "videos", { ...EPS_I, image_urls: [5] }, "image_urls.0"],
  ["epsilon image_urls item http", "videos", { ...EPS_I, image_urls: [IMG, "http://cdn.example.com/b.png"] }, "image_urls.1"],
  ["epsilon image_urls item .gif", "videos", { ...EPS_I, image_urls: ["https://cdn.example.com/a.GIF"] }, "image_urls.0"],
  ["epsilon image_urls own video", "videos", { ...EPS_I, image_urls: [OWN_VIDEO] }, "image_urls.0"],
  ["epsilon image_urls in text mode", "videos", { ...EPS_T, image_urls: [IMG] }, "image_urls"],

  // epsilon-v6: transition
  ["epsilon transition without first frame", "videos", patch(EPS_TR, { first_frame_image_url: undefined }), "first_frame_image_url"],
  ["epsilon transition without last frame", "videos", patch(EPS_TR, { last_frame_image_url: undefined }), "last_frame_image_url"],
  [
    "epsilon transition first frame .bmp",
    "videos",
    { ...EPS_TR, first_frame_image_url: "https://cdn.example.com/a.bmp" },
    "first_frame_image_url",
  ],
  [
    "epsilon transition last frame userinfo",
    "videos",
    { ...EPS_TR, last_frame_image_url: "https://u:p@cdn.example.com/a.png" },
    "last_frame_image_url",
  ],
  ["epsilon first_frame_image_url in image mode", "videos", { ...EPS_I, first_frame_image_url: IMG }, "first_frame_image_url"],
  ["epsilon last_frame_image_url in text mode", "videos", { ...EPS_T, last_frame_image_url: IMG }, "last_frame_image_url"],

  // epsilon-v6: reference-to-video
  ["epsilon reference without image_references", "videos", patch(EPS_R, { image_references: undefined }), "image_references"],
  ["epsilon image_references empty", "videos", { ...EPS_R, image_references: [] }, "image_references"],
  ["epsilon image_references 8", "videos", { ...EPS_R, image_references: refs(8) }, "image_references"],
  ["epsilon image_references item not an object", "videos", { ...EPS_R, image_references: [IMG] }, "image_references.0"],
  [
    "epsilon image reference unknown key",
    "videos",
    { ...EPS_R, image_references: [{ image_url: IMG, type: "subject", weight: 1 }] },
    "image_references.0.weight",
  ],
  [
    "epsilon image reference without image_url",
    "videos",
    { ...EPS_R, image_references: [{ type: "subject" }] },
    "image_references.0.image_url",
  ],
  [
    "epsilon image reference bad image_url",
    "videos",
    { ...EPS_R, image_references: [...refs(1), { image_url: "https://intranet/a.png", type: "subject" }] },
    "image_references.1.image_url",
  ],
  [
    "epsilon image reference .svg",
    "videos",
    { ...EPS_R, image_references: [{ image_url: "https://cdn.example.com/a.svg", type: "subject" }] },
    "image_references.0.image_url",
  ],
  ["epsilon image reference without type", "videos", { ...EPS_R, image_references: [{ image_url: IMG }] }, "image_references.0.type"],
  [
    "epsilon image reference type style",
    "videos",
    { ...EPS_R, image_references: [...refs(1), { image_url: IMG, type: "style" }] },
    "image_references.1.type",
  ],
  [
    "epsilon ref_name with a space",
    "videos",
    { ...EPS_R, image_references: [{ image_url: IMG, type: "subject", ref_name: "my hero" }] },
    "image_references.0.ref_name",
  ],
  [
    "epsilon ref_name empty",
    "videos",
    { ...EPS_R, image_references: [{ image_url: IMG, type: "subject", ref_name: "" }] },
    "image_references.0.ref_name",
  ],
  [
    "epsilon ref_name 33 characters",
    "videos",
    { ...EPS_R, image_references: [{ image_url: IMG, type: "subject", ref_name: "a".repeat(33) }] },
    "image_references.0.ref_name",
  ],
  [
    "epsilon ref_name not a string",
    "videos",
    { ...EPS_R, image_references: [{ image_url: IMG, type: "subject", ref_name: 5 }] },
    "image_references.0.ref_name",
  ],
  [
    "epsilon ref_name duplicate",
    "videos",
    { ...EPS_R, image_references: [...refs(2), { image_url: IMG, type: "subject", ref_name: "r0" }] },
    "image_references.2.ref_name",
  ],
  ["epsilon image_references in extend", "videos", { ...EPS_X, image_references: refs(1) }, "image_references"],

  // epsilon-v6: extend
  ["epsilon extend with neither source", "videos", patch(EPS_X, { video_url: undefined }), "video_url"],
  ["epsilon extend with both sources", "videos", { ...EPS_X, parent_task_id: "task_1" }, "parent_task_id"],
  ["epsilon extend video_url http", "videos", { ...EPS_X, video_url: "http://cdn.example.com/c.mp4" }, "video_url"],
  ["epsilon extend parent provider id", "videos", patch(EPS_X, { video_url: undefined, parent_task_id: "prov_123" }), "parent_task_id"],
  ["epsilon extend parent bare prefix", "videos", patch(EPS_X, { video_url: undefined, parent_task_id: "task_" }), "parent_task_id"],
  ["epsilon extend parent not a string", "videos", patch(EPS_X, { video_url: undefined, parent_task_id: 12 }), "parent_task_id"],
  ["epsilon video_url in text mode", "videos", { ...EPS_T, video_url: VIDEO }, "video_url"],
  ["epsilon parent_task_id in image mode", "videos", { ...EPS_I, parent_task_id: "task_1" }, "parent_task_id"],

  // gamma-5-pro
  ["gamma unknown field", "images", { ...GAMMA, negative_prompt: "x" }, "negative_prompt"],
  ["gamma prompt too short", "images", { ...GAMMA, prompt: "ab" }, "prompt"],
  ["gamma prompt too long", "images", { ...GAMMA, prompt: "p".repeat(5001) }, "prompt"],
  ["gamma image_urls empty", "images", { ...GAMMA, image_urls: [] }, "image_urls"],
  ["gamma image_urls 11", "images", { ...GAMMA, image_urls: urls(11) }, "image_urls"],
  ["gamma image_urls item ftp", "images", { ...GAMMA, image_urls: ["ftp://cdn.example.com/a.png"] }, "image_urls.0"],
  ["gamma aspect_ratio 5:4", "images", { ...GAMMA, aspect_ratio: "5:4" }, "aspect_ratio"],
  ["gamma quality ultra", "images", { ...GAMMA, quality: "ultra" }, "quality"],
  ["gamma output_format webp", "images", { ...GAMMA, output_format: "webp" }, "output_format"],
  ["gamma n 2", "images", { ...GAMMA, n: 2 }, "n"],
  ["gamma n as string", "images", { ...GAMMA, n: "1" }, "n"],

  // delta-image-2
  ["delta unknown field", "images", { ...DELTA, style: "vivid" }, "style"],
  ["delta prompt empty", "images", { ...DELTA, prompt: "" }, "prompt"],
  ["delta prompt too long", "images", { ...DELTA, prompt: "p".repeat(5001) }, "prompt"],
  ["delta size 21:9", "images", { ...DELTA, size: "21:9" }, "size"],
  ["delta quality low", "images", { ...DELTA, quality: "low" }, "quality"],
  ["delta n 0", "images", { ...DELTA, n: 0 }, "n"],
  ["delta n 5", "images", { ...DELTA, n: 5 }, "n"],
  ["delta n 1.5", "images", { ...DELTA, n: 1.5 }, "n"],
  ["delta image_urls empty", "images", { ...DELTA, image_urls: [] }, "image_urls"],
  ["delta image_urls 17", "images", { ...DELTA, image_urls: urls(17) }, "image_urls"],
  ["delta image_urls item .local", "images", { ...DELTA, image_urls: [IMG, "https://nas.local/a.png"] }, "image_urls.1"],
  ["delta callback_url http", "images", { ...DELTA, callback_url: "http://hooks.example.com/x" }, "callback_url"],
  ["delta callback_url own media is not accepted", "images", { ...DELTA, callback_url: OWN_IMG }, "callback_url"],
  ["delta resolution 8K", "images", { ...DELTA, resolution: "8K" }, "resolution"],
  ["delta resolution lower case", "images", { ...DELTA, resolution: "2k" }, "resolution"],

  // legacy
  ["legacy body not an object", "legacy", "alpha-2.3", "modelKey"],
  ["legacy modelKey missing", "legacy", { prompt: "a" }, "modelKey"],
  ["legacy modelKey fast", "legacy", { ...LEGACY, modelKey: "alpha-2.3-fast" }, "modelKey"],
  ["legacy unknown field", "legacy", { ...LEGACY, image_url: IMG }, "image_url"],
  ["legacy v1 field name", "legacy", { ...LEGACY, duration: 6 }, "duration"],
  ["legacy prompt empty", "legacy", { ...LEGACY, prompt: "" }, "prompt"],
  ["legacy prompt too long", "legacy", { ...LEGACY, prompt: "p".repeat(5001) }, "prompt"],
  ["legacy resolution lower case", "legacy", { ...LEGACY, resolution: "768p" }, "resolution"],
  ["legacy outputDurationSec 8", "legacy", { ...LEGACY, outputDurationSec: 8 }, "outputDurationSec"],
  ["legacy outputDurationSec as string", "legacy", { ...LEGACY, outputDurationSec: "6" }, "outputDurationSec"],
  ["legacy promptExtend as string", "legacy", { ...LEGACY, promptExtend: "yes" }, "promptExtend"],
  ["legacy 1080P at 10 s", "legacy", { ...LEGACY, resolution: "1080P", outputDurationSec: 10 }, "resolution"],

  // order: the first violation in model, mode, unknown fields, prompt, table order, conditional rules
  ["order: mode before unknown fields", "videos", { ...EPS, mode: "x", foo: 1 }, "mode"],
  ["order: unknown fields before prompt", "videos", { ...EPS_T, prompt: "", foo: 1 }, "foo"],
  ["order: prompt before fields", "videos", { ...EPS_T, prompt: "", duration: 99 }, "prompt"],
  ["order: table order among fields", "videos", { ...EPS_T, seed: -1, duration: 99 }, "duration"],
  ["order: fields before conditional rules", "videos", { ...BETA_T, image_url: IMG, duration: 99 }, "duration"],
  ["order: a rejected field's value is not checked", "videos", { ...BETA_I, web_search: "maybe" }, "web_search"],
  [
    "order: alpha image_url rule before 1080p rule",
    "videos",
    { model: "alpha-2.3-fast", prompt: "a", resolution: "1080p", duration: 10 },
    "image_url",
  ],
  ["order: URL over 2,048 characters", "videos", { ...ALPHA, image_url: LONG_URL }, "image_url"],
];

describe("invalid requests", () => {
  it.each(INVALID)("%s → %s", (_name, route, body, field) => {
    const result = reject(route, body);
    expect(result.field).toBe(field);
    expect(result.message).toMatch(/\S/);
  });
});

describe("messages", () => {
  it.each([
    ["videos", { ...ALPHA, duration: 8 }, "duration must be 6 or 10 seconds"],
    ["videos", { ...ALPHA, duration: "6" }, "duration must be 6 or 10 seconds (send a JSON number, not a string)"],
    ["videos", { ...ALPHA, resolution: "720p" }, "resolution must be 768p or 1080p"],
    ["videos", { ...ALPHA, resolution: "1080p", duration: 10 }, "resolution 1080p is only available with a duration of 6 seconds"],
    ["videos", { ...BETA_T, duration: 3 }, "duration must be a whole number from 4 to 15 seconds"],
    [
      "videos",
      { ...BETA_T, aspectRatio: "1:1" },
      "aspectRatio is not a field of beta-2.0 requests; check its spelling against the API reference",
    ],
    ["videos", { ...BETA_I, web_search: true }, "web_search is only accepted in text-to-video mode, not in image-to-video mode"],
    ["videos", patch(BETA_I, { image_url: undefined }), "image_url is required in image-to-video mode"],
    ["videos", { ...BETA_T, prompt: "p".repeat(20001) }, "prompt must be at most 20,000 characters long"],
    [
      "videos",
      { ...EPS_I, aspect_ratio: "1:1" },
      "aspect_ratio is only accepted in text-to-video or reference-to-video mode, not in image-to-video mode",
    ],
    ["videos", { ...EPS_I, image_urls: [] }, "image_urls must hold 1 or 2 image URLs (it holds 0)"],
    [
      "videos",
      { ...EPS_R, image_references: [...refs(2), { image_url: IMG, type: "subject", ref_name: "r1" }] },
      'image_references.2.ref_name "r1" is already used by another reference',
    ],
    [
      "videos",
      { ...EPS_I, image_urls: ["http://cdn.example.com/a.png"] },
      "image_urls.0 must be a public HTTPS URL, but it does not start with https://",
    ],
    [
      "videos",
      { ...EPS_I, image_urls: ["https://cdn.example.com/a.gif"] },
      "image_urls.0 must be a JPG, PNG or WebP image, but its path ends in .gif",
    ],
    ["videos", GAMMA, "gamma-5-pro is an image model: send it to POST /v1/images/generations"],
    ["images", BETA_T, "beta-2.0 is a video model: send it to POST /v1/videos/generations"],
    ["images", { prompt: "abc" }, "model is required: gamma-5-pro or delta-image-2"],
    ["videos", [], "the request body must be a JSON object"],
    ["images", { ...GAMMA, n: 2 }, "n must be 1"],
  ] as const)("%s %j", (route, body, message) => {
    expect(reject(route, body).message).toBe(message);
  });
});

// ---------------------------------------------------------------------------------------------
// The public HTTPS URL rule.

describe("isPublicHttpsUrl", () => {
  const exactly2048 = `https://cdn.example.com/${"a".repeat(2048 - "https://cdn.example.com/".length)}`;
  it.each([
    "https://cdn.example.com/a.png",
    "https://example.com",
    "https://EXAMPLE.com/x?y=1#z",
    "https://example.com:8443/a.png",
    "https://a.b.example.co.uk/x",
    "https://example.com./a.png",
    "https://bücher.example/a.png",
    exactly2048,
  ])("accepts %s", (url) => {
    expect(isPublicHttpsUrl(url)).toBe(true);
  });

  it.each([
    ["http scheme", "http://cdn.example.com/a.png"],
    ["ftp scheme", "ftp://cdn.example.com/a.png"],
    ["data URL", "data:image/png;base64,AAAA"],
    ["scheme-relative form", "https:cdn.example.com/a.png"],
    ["empty", ""],
    ["not a URL", "not a url"],
    ["leading space", " https://cdn.example.com/a.png"],
    ["space in host", "https://cdn.exa mple.com/a.png"],
    ["backslash", "https://cdn.example.com\\@evil.example/a.png"],
    ["localhost", "https://localhost/a.png"],
    ["localhost with trailing dot", "https://localhost./a.png"],
    ["*.localhost", "https://app.localhost/a.png"],
    ["*.local", "https://nas.local/a.png"],
    ["*.internal", "https://api.corp.internal/a.png"],
    ["host without a dot", "https://intranet/a.png"],
    ["empty host label", "https://a..example.com/a.png"],
    ["IPv4 literal", "https://93.184.216.34/a.png"],
    ["IPv4 loopback", "https://127.0.0.1/a.png"],
    ["IPv4 in hex shorthand", "https://0x7f.1/a.png"],
    ["IPv4 as one number", "https://2130706433/a.png"],
    ["IPv6 loopback", "https://[::1]/a.png"],
    ["IPv6 literal", "https://[2001:db8::1]/a.png"],
    ["user and password", "https://user:pw@cdn.example.com/a.png"],
    ["user only", "https://user@cdn.example.com/a.png"],
    ["empty userinfo", "https://@cdn.example.com/a.png"],
    ["2,049 characters", LONG_URL],
  ])("rejects %s", (_name, url) => {
    expect(isPublicHttpsUrl(url)).toBe(false);
  });

  it("accepts the emulator's own media URLs only through ctx, and only for media inputs", () => {
    expect(isPublicHttpsUrl(OWN_IMG)).toBe(false);
    expect(accept("videos", { ...ALPHA, image_url: OWN_IMG }).params.image_url).toBe(OWN_IMG);
    expect(accept("videos", { ...BETA_I, image_url: OWN_IMG }).params.image_url).toBe(OWN_IMG);
    expect(accept("videos", { ...EPS_TR, last_frame_image_url: OWN_IMG }).params.last_frame_image_url).toBe(OWN_IMG);
    expect(accept("images", { ...GAMMA, image_urls: [OWN_IMG] }).params.image_urls).toEqual([OWN_IMG]);
    expect(accept("images", { ...DELTA, image_urls: [OWN_IMG] }).params.image_urls).toEqual([OWN_IMG]);
    const strict: ValidationContext = { isOwnMediaUrl: () => false };
    expect(validateCreation("videos", { ...ALPHA, image_url: OWN_IMG }, strict)).toMatchObject({ ok: false, field: "image_url" });
  });

  it("accepts epsilon image URLs without an extension or with an upper-case allowed one", () => {
    const images = ["https://cdn.example.com/img/123", "https://cdn.example.com/a.JPEG?x=1.gif", "https://cdn.example.com/v1.2/photo"];
    for (const url of images) {
      expect(accept("videos", { ...EPS_I, image_urls: [url] }).params.image_urls).toEqual([url]);
    }
  });
});

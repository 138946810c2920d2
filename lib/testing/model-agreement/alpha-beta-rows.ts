// Families A and B: every field, bound, enum and conditional rule of the spec and docs/emulator.md.
import {
  bad,
  boolRows,
  choiceRows,
  edit,
  foreignRow,
  IMG,
  IMG2,
  intRows,
  ok,
  PROMPT,
  promptRows,
  unknownRows,
  urlRows,
  type Body,
  type Row,
} from "./table";

const ALPHA: Body = { model: "alpha-2.3", prompt: PROMPT };
const ALPHA_FAST: Body = { model: "alpha-2.3-fast", prompt: PROMPT, image_url: IMG };

function alphaRows(base: Body): Row[] {
  const m = String(base.model);
  return [
    ok(`${m}: minimal body`, base),
    ok(`${m}: every field`, edit(base, { image_url: IMG, duration: 10, resolution: "768p", prompt_optimizer: false })),
    ...promptRows(m, base, 1, 5000),
    ...unknownRows(m, base),
    ...choiceRows(m, base, "duration", [6, 10], [8, 0, "6", 6.5, null]),
    // 720p or 768p depends on the account's reading of the contract (lib/tasks/engine/readings.test.ts plays
    // both); the emulator's default takes 768p. The value is case-sensitive.
    ...choiceRows(m, base, "resolution", ["768p", "1080p"], ["1080P", 1080, null]),
    ...boolRows(m, base, "prompt_optimizer"),
    ok(`${m}: 1080p at 6 s`, edit(base, { resolution: "1080p", duration: 6 })),
    bad(`${m}: 1080p at 10 s blames resolution`, edit(base, { resolution: "1080p", duration: 10 }), "resolution"),
    ...urlRows(`${m} image_url`, (url) => edit(base, { image_url: url }), "image_url", m === "alpha-2.3"),
  ];
}

const BETA_TEXT: Body = { model: "beta-2.0", mode: "text-to-video", prompt: PROMPT };
const BETA_IMAGE: Body = { model: "beta-2.0", mode: "image-to-video", prompt: PROMPT, image_url: IMG };

function betaCommonRows(base: Body): Row[] {
  const m = `beta-2.0 ${String(base.mode)}`;
  return [
    ok(`${m}: minimal body`, base),
    ...promptRows(m, base, 3, 20000),
    ...unknownRows(m, base),
    ...intRows(m, base, "duration", 4, 15),
    ...choiceRows(m, base, "resolution", ["480p", "720p", "1080p"], ["360p", "720", null]),
    ...choiceRows(m, base, "aspect_ratio", ["1:1", "4:3", "3:4", "16:9", "9:16", "21:9", "adaptive"], ["2:3", "auto", null]),
    ...boolRows(m, base, "generate_audio"),
  ];
}

export const alphaBetaRows: Row[] = [
  ...alphaRows(ALPHA),
  ...alphaRows(ALPHA_FAST),
  bad("alpha-2.3-fast: image_url missing", edit(ALPHA_FAST, { image_url: undefined }), "image_url"),
  bad("alpha-2.3-fast: image_url missing with other fields", edit(ALPHA_FAST, { image_url: undefined, duration: 10 }), "image_url"),

  ...betaCommonRows(BETA_TEXT),
  ...betaCommonRows(BETA_IMAGE),
  ok(
    "beta-2.0 text-to-video: every field",
    edit(BETA_TEXT, { duration: 15, resolution: "1080p", aspect_ratio: "adaptive", generate_audio: false, web_search: true }),
  ),
  ok(
    "beta-2.0 image-to-video: every field",
    edit(BETA_IMAGE, { last_frame_url: IMG2, duration: 4, resolution: "480p", aspect_ratio: "9:16", generate_audio: false }),
  ),
  ...boolRows("beta-2.0 text-to-video", BETA_TEXT, "web_search"),
  foreignRow("beta-2.0 image-to-video", BETA_IMAGE, "web_search", false),
  foreignRow("beta-2.0 text-to-video", BETA_TEXT, "image_url", IMG),
  foreignRow("beta-2.0 text-to-video", BETA_TEXT, "last_frame_url", IMG),
  bad("beta-2.0 image-to-video: image_url missing", edit(BETA_IMAGE, { image_url: undefined }), "image_url"),
  bad("beta-2.0 image-to-video: only last_frame_url", edit(BETA_IMAGE, { image_url: undefined, last_frame_url: IMG }), "image_url"),
  ...urlRows("beta-2.0 image_url", (url) => edit(BETA_IMAGE, { image_url: url }), "image_url"),
  ...urlRows("beta-2.0 last_frame_url", (url) => edit(BETA_IMAGE, { last_frame_url: url }), "last_frame_url"),
  bad("beta-2.0: mode missing", edit(BETA_TEXT, { mode: undefined }), "mode"),
  bad("beta-2.0: mode of another model", edit(BETA_TEXT, { mode: "reference-to-video" }), "mode"),
  bad("beta-2.0: mode null", edit(BETA_TEXT, { mode: null }), "mode"),
];

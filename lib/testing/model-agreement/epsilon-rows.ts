// Family E: the common fields in all five modes, each mode's own fields, fields of other modes,
// image references and the extend rule.
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
  unknownField,
  unknownRows,
  urlRows,
  VIDEO,
  type Body,
  type Row,
} from "./table";

const ref = (i: number, extra: Body = {}): Body => ({
  image_url: IMG,
  type: i % 2 ? "background" : "subject",
  ref_name: `r${i}`,
  ...extra,
});
const refs = (n: number) => Array.from({ length: n }, (_, i) => ref(i));
const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://cdn.example.com/in/${i}.jpg`);

const base = (mode: string, fields: Body): Body => ({ model: "epsilon-v6", mode, prompt: PROMPT, ...fields });
const MODES: Record<string, Body> = {
  "text-to-video": base("text-to-video", {}),
  "image-to-video": base("image-to-video", { image_urls: [IMG] }),
  transition: base("transition", { first_frame_image_url: IMG, last_frame_image_url: IMG2 }),
  "reference-to-video": base("reference-to-video", { image_references: [ref(0)] }),
  extend: base("extend", { video_url: VIDEO }),
};
const REFERENCE = MODES["reference-to-video"] ?? {};
const EXTEND = MODES.extend ?? {};

// One field (with a valid value) of each mode, and the modes that take it.
const MODE_FIELDS: [string, unknown, string[]][] = [
  ["aspect_ratio", "16:9", ["text-to-video", "reference-to-video"]],
  ["generate_multi_clip", false, ["text-to-video", "image-to-video"]],
  ["image_urls", [IMG], ["image-to-video"]],
  ["first_frame_image_url", IMG, ["transition"]],
  ["last_frame_image_url", IMG, ["transition"]],
  ["image_references", [ref(0)], ["reference-to-video"]],
  ["video_url", VIDEO, ["extend"]],
  ["parent_task_id", "task_0123456789abcdef", ["extend"]],
];

function modeRows(mode: string, body: Body): Row[] {
  const m = `epsilon-v6 ${mode}`;
  return [
    ok(`${m}: minimal body`, body),
    ok(`${m}: common fields set`, edit(body, { duration: 15, quality: "1080p", generate_audio: true, seed: 42 })),
    ...promptRows(m, body, 3, 5000),
    ...unknownRows(m, body),
    ...intRows(m, body, "duration", 1, 15),
    ...choiceRows(m, body, "quality", ["360p", "540p", "720p", "1080p"], ["480p", "720", null]),
    ...boolRows(m, body, "generate_audio"),
    ...intRows(m, body, "seed", 0, 2147483647),
    ...MODE_FIELDS.filter(([, , modes]) => !modes.includes(mode)).map(([field, value]) => foreignRow(m, body, field, value)),
  ];
}

const imageExtensionRows = (label: string, put: (url: string) => Body, field: string): Row[] => [
  ...["a.PNG", "a.jpeg", "a.jpg", "a.webp", "photo", "a.png?format=gif", "a.png/", ".png", "dir.gif/a.png"].map((path) =>
    ok(`${label}: image path ${path}`, put(`https://cdn.example.com/${path}`)),
  ),
  ...["a.gif", "a.bmp", "a.svg", "clip.mp4", "a.png.tiff"].map((path) =>
    bad(`${label}: image path ${path}`, put(`https://cdn.example.com/${path}`), field),
  ),
];

export const epsilonRows: Row[] = [
  ...Object.entries(MODES).flatMap(([mode, body]) => modeRows(mode, body)),
  bad("epsilon-v6: mode missing", edit(MODES["text-to-video"] ?? {}, { mode: undefined }), "mode"),
  bad("epsilon-v6: mode of another spelling", edit(MODES["text-to-video"] ?? {}, { mode: "text_to_video" }), "mode"),

  // text and reference: aspect_ratio; text and image: generate_multi_clip.
  ...choiceRows(
    "epsilon-v6 text-to-video",
    MODES["text-to-video"] ?? {},
    "aspect_ratio",
    ["16:9", "4:3", "1:1", "3:4", "9:16", "2:3", "3:2", "21:9"],
    ["adaptive", "5:4", null],
  ),
  ...choiceRows("epsilon-v6 reference-to-video", REFERENCE, "aspect_ratio", ["9:16"], ["adaptive"]),
  ...boolRows("epsilon-v6 text-to-video", MODES["text-to-video"] ?? {}, "generate_multi_clip"),
  ...boolRows("epsilon-v6 image-to-video", MODES["image-to-video"] ?? {}, "generate_multi_clip"),

  // image-to-video: 1 or 2 JPG, PNG or WebP URLs.
  ok("epsilon-v6 image-to-video: two images", edit(MODES["image-to-video"] ?? {}, { image_urls: urls(2) })),
  bad("epsilon-v6 image-to-video: no images", edit(MODES["image-to-video"] ?? {}, { image_urls: [] }), "image_urls"),
  bad("epsilon-v6 image-to-video: three images", edit(MODES["image-to-video"] ?? {}, { image_urls: urls(3) }), "image_urls"),
  bad("epsilon-v6 image-to-video: image_urls missing", edit(MODES["image-to-video"] ?? {}, { image_urls: undefined }), "image_urls"),
  bad("epsilon-v6 image-to-video: image_urls a string", edit(MODES["image-to-video"] ?? {}, { image_urls: IMG }), "image_urls"),
  ...urlRows("epsilon-v6 image_urls item", (url) => edit(MODES["image-to-video"] ?? {}, { image_urls: [IMG, url] }), "image_urls.1"),
  ...imageExtensionRows("epsilon-v6 image_urls", (url) => edit(MODES["image-to-video"] ?? {}, { image_urls: [url] }), "image_urls.0"),

  // transition: both frames required, both images.
  ...["first_frame_image_url", "last_frame_image_url"].flatMap((field) => [
    bad(`epsilon-v6 transition: ${field} missing`, edit(MODES.transition ?? {}, { [field]: undefined }), field),
    ...urlRows(`epsilon-v6 ${field}`, (url) => edit(MODES.transition ?? {}, { [field]: url }), field),
    ...imageExtensionRows(`epsilon-v6 ${field}`, (url) => edit(MODES.transition ?? {}, { [field]: url }), field),
  ]),

  // reference-to-video: 1 to 7 references, subject or background, unique well-formed names.
  ok("epsilon-v6 reference: seven references", edit(REFERENCE, { image_references: refs(7) })),
  ok(
    "epsilon-v6 reference: references without names",
    edit(REFERENCE, {
      image_references: [
        { image_url: IMG, type: "subject" },
        { image_url: IMG2, type: "background" },
      ],
    }),
  ),
  ok(
    "epsilon-v6 reference: ref_name of 32 characters",
    edit(REFERENCE, { image_references: [ref(0, { ref_name: `A_-9${"x".repeat(28)}` })] }),
  ),
  bad("epsilon-v6 reference: no references", edit(REFERENCE, { image_references: [] }), "image_references"),
  bad("epsilon-v6 reference: eight references", edit(REFERENCE, { image_references: refs(8) }), "image_references"),
  bad("epsilon-v6 reference: image_references missing", edit(REFERENCE, { image_references: undefined }), "image_references"),
  bad("epsilon-v6 reference: image_references an object", edit(REFERENCE, { image_references: ref(0) }), "image_references"),
  bad("epsilon-v6 reference: a reference that is a string", edit(REFERENCE, { image_references: [ref(0), IMG] }), "image_references.1"),
  // A row without a type is a subject (the form's default, filled in before sending).
  ok("epsilon-v6 reference: type missing is a subject", edit(REFERENCE, { image_references: [ref(0, { type: undefined })] })),
  bad(
    "epsilon-v6 reference: type style",
    edit(REFERENCE, { image_references: [ref(0), ref(1, { type: "style" })] }),
    "image_references.1.type",
  ),
  bad(
    "epsilon-v6 reference: image_url missing",
    edit(REFERENCE, { image_references: [ref(0, { image_url: undefined })] }),
    "image_references.0.image_url",
  ),
  ...urlRows(
    "epsilon-v6 reference image_url",
    (url) => edit(REFERENCE, { image_references: [ref(0, { image_url: url })] }),
    "image_references.0.image_url",
  ),
  ...imageExtensionRows(
    "epsilon-v6 reference image_url",
    (url) => edit(REFERENCE, { image_references: [ref(0, { image_url: url })] }),
    "image_references.0.image_url",
  ),
  ...["", "has space", "dot.name", `x${"y".repeat(32)}`, "ünï", null, 7].map((name) =>
    bad(
      `epsilon-v6 reference: ref_name ${JSON.stringify(name)}`,
      edit(REFERENCE, { image_references: [ref(0, { ref_name: name })] }),
      "image_references.0.ref_name",
    ),
  ),
  bad(
    "epsilon-v6 reference: duplicate ref_name blames the later one",
    edit(REFERENCE, { image_references: [ref(0), ref(1), ref(2, { ref_name: "r0" })] }),
    "image_references.2.ref_name",
  ),
  ok(
    "epsilon-v6 reference: ref_name differing only in case",
    edit(REFERENCE, { image_references: [ref(0, { ref_name: "hero" }), ref(1, { ref_name: "Hero" })] }),
  ),
  unknownField(
    bad(
      "epsilon-v6 reference: unknown field in a reference",
      edit(REFERENCE, { image_references: [ref(0, { weight: 1 })] }),
      "image_references.0.weight",
    ),
  ),

  // extend: exactly one of video_url or parent_task_id.
  ok("epsilon-v6 extend: a video URL without an extension check", edit(EXTEND, { video_url: "https://cdn.example.com/in/clip.mov" })),
  ok("epsilon-v6 extend: parent_task_id of a succeeded task", (parent) => edit(EXTEND, { video_url: undefined, parent_task_id: parent })),
  bad("epsilon-v6 extend: neither source blames video_url", edit(EXTEND, { video_url: undefined }), "video_url"),
  bad("epsilon-v6 extend: both sources blame parent_task_id", edit(EXTEND, { parent_task_id: "task_0123456789abcdef" }), "parent_task_id"),
  ...["prov_0123", "task_", "", 12].map((id) =>
    bad(
      `epsilon-v6 extend: parent_task_id ${JSON.stringify(id)}`,
      edit(EXTEND, { video_url: undefined, parent_task_id: id }),
      "parent_task_id",
    ),
  ),
  ...urlRows("epsilon-v6 video_url", (url) => edit(EXTEND, { video_url: url }), "video_url"),
];

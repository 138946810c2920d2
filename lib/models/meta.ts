// What read-only UI needs to know of each model (names, kinds, modes, endpoints), without zod: the gallery,
// a task's page, the Overview and the lightbox import this, and only the Generate form and the route handler
// load the schemas (lib/models/catalogue.ts adds each model's schema to these entries).

export interface ModeInfo {
  readonly value: string;
  readonly label: string;
  readonly description: string;
}

export interface ModelMeta {
  readonly id: string;
  readonly family: "A" | "B" | "D" | "E" | "G";
  readonly kind: "image" | "video";
  /** The upstream creation endpoint: POST /v1/{endpoint}/generations. */
  readonly endpoint: "videos" | "images";
  readonly label: string;
  readonly description: string;
  readonly modes?: readonly ModeInfo[];
  /**
   * The model (in its first mode) accepts a request of a prompt alone. Written here so the Overview's prompt bar
   * can choose a model without the schemas; lib/models/meta.test.ts checks it against each schema.
   */
  readonly promptOnly: boolean;
}

export const betaModes = [
  { value: "text-to-video", label: "Text", description: "Generate a video from the prompt alone." },
  { value: "image-to-video", label: "Image", description: "Animate a first-frame image, optionally towards a last frame." },
] as const;

export const epsilonModes = [
  { value: "text-to-video", label: "Text", description: "Generate a video from the prompt alone." },
  { value: "image-to-video", label: "Image", description: "Animate one or two images." },
  { value: "transition", label: "Transition", description: "Move from a first frame to a last frame." },
  { value: "reference-to-video", label: "Reference", description: "Cast up to seven reference images, named with @name in the prompt." },
  { value: "extend", label: "Extend", description: "Continue an existing video." },
] as const;

export const MODEL_META = [
  {
    id: "alpha-2.3",
    family: "A",
    kind: "video",
    endpoint: "videos",
    label: "Alpha 2.3",
    description: "Video from a prompt, or from a first-frame image when one is given.",
    promptOnly: true,
  },
  {
    id: "alpha-2.3-fast",
    family: "A",
    kind: "video",
    endpoint: "videos",
    label: "Alpha 2.3 Fast",
    description: "Lower-latency video from a first-frame image.",
    promptOnly: false,
  },
  {
    id: "beta-2.0",
    family: "B",
    kind: "video",
    endpoint: "videos",
    label: "Beta 2.0",
    description: "Video with native audio from a prompt or a first-frame image.",
    modes: betaModes,
    promptOnly: true,
  },
  {
    id: "epsilon-v6",
    family: "E",
    kind: "video",
    endpoint: "videos",
    label: "Epsilon v6",
    description: "Video from text, images, a transition, named references, or an earlier video to extend.",
    modes: epsilonModes,
    promptOnly: true,
  },
  {
    id: "gamma-5-pro",
    family: "G",
    kind: "image",
    endpoint: "images",
    label: "Gamma 5 Pro",
    description: "One image from a prompt and optional reference images.",
    promptOnly: true,
  },
  {
    id: "delta-image-2",
    family: "D",
    kind: "image",
    endpoint: "images",
    label: "Delta Image 2",
    description: "One to four images at up to 4K from a prompt and optional reference images.",
    promptOnly: true,
  },
] as const satisfies readonly ModelMeta[];

export type ModelMetaEntry = (typeof MODEL_META)[number];
export type ModelId = ModelMetaEntry["id"];

export const modelIds: readonly ModelId[] = MODEL_META.map((model) => model.id);

export function isModelId(id: string): id is ModelId {
  return (modelIds as readonly string[]).includes(id);
}

export function getModelMeta<Id extends ModelId>(id: Id): Extract<ModelMetaEntry, { id: Id }>;
export function getModelMeta(id: string): ModelMetaEntry | undefined;
export function getModelMeta(id: string): ModelMetaEntry | undefined {
  return MODEL_META.find((model) => model.id === id);
}

/** A model's name for people, or its id when the catalogue does not know it (a model since retired). */
export const modelLabel = (id: string) => getModelMeta(id)?.label ?? id;

// What UI without a form needs to know of each model (kinds, modes, endpoints, descriptions), without zod: the
// gallery's filters, the Overview's prompt bar and the workspace's picker import this; a page that only names
// models imports labels.ts. Only the Generate form and the route handler load the schemas (lib/models/catalogue.ts
// adds each model's schema to these entries).
import { MODEL_CAPABILITIES } from "./capabilities";
import { MODEL_LABELS } from "./labels";

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
    kind: MODEL_CAPABILITIES["alpha-2.3"].kind,
    endpoint: "videos",
    label: MODEL_LABELS["alpha-2.3"],
    description: "Video from a prompt, or from a first-frame image when one is given.",
    promptOnly: true,
  },
  {
    id: "alpha-2.3-fast",
    family: "A",
    kind: MODEL_CAPABILITIES["alpha-2.3-fast"].kind,
    endpoint: "videos",
    label: MODEL_LABELS["alpha-2.3-fast"],
    description: "Lower-latency video from a first-frame image.",
    promptOnly: false,
  },
  {
    id: "beta-2.0",
    family: "B",
    kind: MODEL_CAPABILITIES["beta-2.0"].kind,
    endpoint: "videos",
    label: MODEL_LABELS["beta-2.0"],
    description: "Video with native audio from a prompt or a first-frame image.",
    modes: betaModes,
    promptOnly: true,
  },
  {
    id: "epsilon-v6",
    family: "E",
    kind: MODEL_CAPABILITIES["epsilon-v6"].kind,
    endpoint: "videos",
    label: MODEL_LABELS["epsilon-v6"],
    description: "Video from text, images, a transition, named references, or an earlier video to extend.",
    modes: epsilonModes,
    promptOnly: true,
  },
  {
    id: "gamma-5-pro",
    family: "G",
    kind: MODEL_CAPABILITIES["gamma-5-pro"].kind,
    endpoint: "images",
    label: MODEL_LABELS["gamma-5-pro"],
    description: "One image from a prompt and optional reference images.",
    promptOnly: true,
  },
  {
    id: "delta-image-2",
    family: "D",
    kind: MODEL_CAPABILITIES["delta-image-2"].kind,
    endpoint: "images",
    label: MODEL_LABELS["delta-image-2"],
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

// The model catalogue: one line per model. The route handler validates POST /api/generations with
// generationRequestSchema; the form reads labels, modes and each field's metadata from here.
import { z } from "zod";
import { alpha23FastSchema, alpha23Schema } from "./alpha";
import { betaModes, betaSchema } from "./beta";
import { deltaSchema } from "./delta";
import { epsilonModes, epsilonSchema } from "./epsilon";
import { choiceError } from "./fields";
import { gammaSchema } from "./gamma";

export interface ModeInfo {
  readonly value: string;
  readonly label: string;
  readonly description: string;
}

export interface ModelEntry {
  readonly id: string;
  readonly family: "A" | "B" | "D" | "E" | "G";
  readonly kind: "image" | "video";
  /** The upstream creation endpoint: POST /v1/{endpoint}/generations. */
  readonly endpoint: "videos" | "images";
  readonly label: string;
  readonly description: string;
  readonly modes?: readonly ModeInfo[];
  readonly schema: z.core.$ZodTypeDiscriminable;
}

export const MODELS = [
  {
    id: "alpha-2.3",
    family: "A",
    kind: "video",
    endpoint: "videos",
    label: "Alpha 2.3",
    description: "Video from a prompt, or from a first-frame image when one is given.",
    schema: alpha23Schema,
  },
  {
    id: "alpha-2.3-fast",
    family: "A",
    kind: "video",
    endpoint: "videos",
    label: "Alpha 2.3 Fast",
    description: "Lower-latency video from a first-frame image.",
    schema: alpha23FastSchema,
  },
  {
    id: "beta-2.0",
    family: "B",
    kind: "video",
    endpoint: "videos",
    label: "Beta 2.0",
    description: "Video with native audio from a prompt or a first-frame image.",
    modes: betaModes,
    schema: betaSchema,
  },
  {
    id: "epsilon-v6",
    family: "E",
    kind: "video",
    endpoint: "videos",
    label: "Epsilon v6",
    description: "Video from text, images, a transition, named references, or an earlier video to extend.",
    modes: epsilonModes,
    schema: epsilonSchema,
  },
  {
    id: "gamma-5-pro",
    family: "G",
    kind: "image",
    endpoint: "images",
    label: "Gamma 5 Pro",
    description: "One image from a prompt and optional reference images.",
    schema: gammaSchema,
  },
  {
    id: "delta-image-2",
    family: "D",
    kind: "image",
    endpoint: "images",
    label: "Delta Image 2",
    description: "One to four images at up to 4K from a prompt and optional reference images.",
    schema: deltaSchema,
  },
] as const satisfies readonly ModelEntry[];

type Models = typeof MODELS;
export type ModelId = Models[number]["id"];
export type CatalogueEntry = Models[number];

export const modelIds: readonly ModelId[] = MODELS.map((model) => model.id);

export function isModelId(id: string): id is ModelId {
  return (modelIds as readonly string[]).includes(id);
}

export function getModel<Id extends ModelId>(id: Id): Extract<CatalogueEntry, { id: Id }>;
export function getModel(id: string): CatalogueEntry | undefined;
export function getModel(id: string): CatalogueEntry | undefined {
  return MODELS.find((model) => model.id === id);
}

// The schemas in catalogue order, typed as a tuple so the union below keeps every model's types.
// (A mapped type keeps a tuple a tuple only when it maps over a type parameter, hence the generic.)
type SchemasOf<T extends readonly unknown[]> = { -readonly [K in keyof T]: T[K] extends { schema: infer S } ? S : never };
const schemas = MODELS.map((model) => model.schema) as unknown as SchemasOf<Models>;

/** Any model's request body, told apart by `model`: what POST /api/generations accepts. */
export const generationRequestSchema = z.discriminatedUnion("model", schemas, { error: choiceError("model", modelIds) });

/** A parsed request, defaults filled: what the server sends upstream as JSON. */
export type GenerationRequest = z.output<typeof generationRequestSchema>;
/** A request as a client may send it, defaults optional. */
export type GenerationInput = z.input<typeof generationRequestSchema>;
export type RequestOf<Id extends ModelId> = Extract<GenerationRequest, { model: Id }>;

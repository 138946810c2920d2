// The model catalogue: lib/models/meta.ts with each model's schema. The route handler validates POST /api/generations with
// generationRequestSchema; the form reads labels, modes and each field's metadata from here.
import { z } from "zod";
import { alpha23FastSchema, alpha23Schema } from "./alpha";
import { betaSchema } from "./beta";
import { deltaSchema } from "./delta";
import { epsilonSchema } from "./epsilon";
import { choiceError } from "./fields";
import { gammaSchema } from "./gamma";
import { MODEL_META, modelIds, type ModelId, type ModelMeta } from "./meta";

export { isModelId, modelIds, type ModeInfo, type ModelId } from "./meta";

// Each model's schema by id; its names, kind and modes come from lib/models/meta.ts (zod-free, for read-only UI).
const SCHEMAS = {
  "alpha-2.3": alpha23Schema,
  "alpha-2.3-fast": alpha23FastSchema,
  "beta-2.0": betaSchema,
  "epsilon-v6": epsilonSchema,
  "gamma-5-pro": gammaSchema,
  "delta-image-2": deltaSchema,
} as const satisfies Record<ModelId, z.core.$ZodTypeDiscriminable>;

type WithSchemas<T extends readonly ModelMeta[]> = {
  readonly [K in keyof T]: T[K] extends { id: infer Id extends ModelId } ? T[K] & { readonly schema: (typeof SCHEMAS)[Id] } : never;
};

// Generic so the mapped type keeps MODEL_META's tuple (and each entry's literal types).
function withSchemas<const T extends readonly ModelMeta[]>(entries: T): WithSchemas<T> {
  return entries.map((entry) => ({ ...entry, schema: SCHEMAS[entry.id as ModelId] })) as unknown as WithSchemas<T>;
}

export const MODELS = withSchemas(MODEL_META);

type Models = typeof MODELS;
export type CatalogueEntry = Models[number];

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

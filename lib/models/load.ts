// The browser's way to a model's schema: one dynamic import per model, made when that model's form is first
// checked (components/generate/check-request.ts) and kept, so the Generate page does not carry all six.
// The server imports lib/models/catalogue.ts directly; both read the same schema modules.
import type { CatalogueEntry } from "./catalogue";
import { getModelMeta, isModelId, type ModelId } from "./meta";

type SchemaOf<Id extends ModelId> = Extract<CatalogueEntry, { id: Id }>["schema"];

const LOADERS: { [Id in ModelId]: () => Promise<SchemaOf<Id>> } = {
  "alpha-2.3": () => import("./alpha").then((module) => module.alpha23Schema),
  "alpha-2.3-fast": () => import("./alpha").then((module) => module.alpha23FastSchema),
  "beta-2.0": () => import("./beta").then((module) => module.betaSchema),
  "epsilon-v6": () => import("./epsilon").then((module) => module.epsilonSchema),
  "gamma-5-pro": () => import("./gamma").then((module) => module.gammaSchema),
  "delta-image-2": () => import("./delta").then((module) => module.deltaSchema),
};

const loaded = new Map<string, CatalogueEntry>();
const loading = new Map<string, Promise<CatalogueEntry>>();

/** The model with its schema, loading it once; a failed load (a lost connection) is tried again next time. */
export function loadModel(id: string): Promise<CatalogueEntry> {
  const done = loaded.get(id);
  if (done) return Promise.resolve(done);
  if (!isModelId(id)) return Promise.reject(new Error(`Unknown model ${id}`));
  let promise = loading.get(id);
  if (!promise) {
    promise = (LOADERS[id] as () => Promise<CatalogueEntry["schema"]>)()
      .then((schema) => {
        const entry = { ...getModelMeta(id), schema } as CatalogueEntry;
        loaded.set(id, entry);
        return entry;
      })
      .finally(() => loading.delete(id));
    loading.set(id, promise);
  }
  return promise;
}

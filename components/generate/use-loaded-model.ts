import { startTransition, useEffect, useState } from "react";
import type { CatalogueEntry } from "@/lib/models/catalogue";
import { loadedModel, loadModel } from "@/lib/models/load";

export type LoadedModel = { status: "loading" } | { status: "ready"; entry: CatalogueEntry } | { status: "failed" };

/** A model's schema, loaded when first asked for (lib/models/load.ts); none is loaded for `undefined`. */
export function useLoadedModel(id: string | undefined): LoadedModel {
  const [failed, setFailed] = useState<string | undefined>();
  const [, setLoaded] = useState<string | undefined>();
  const entry = id === undefined ? undefined : loadedModel(id);
  useEffect(() => {
    if (id === undefined || entry) return;
    let live = true;
    loadModel(id).then(
      // A transition: the form it lets render is the page's largest, and React slices a transition's render.
      () => live && startTransition(() => setLoaded(id)),
      () => live && setFailed(id),
    );
    return () => {
      live = false;
    };
  }, [id, entry]);
  if (entry) return { status: "ready", entry };
  return failed !== undefined && failed === id ? { status: "failed" } : { status: "loading" };
}

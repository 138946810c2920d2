// What each model makes and what can be made from its results: the one place that says it, client-safe and small
// (no descriptions, no zod), so every page that offers an action on a result (the gallery's cards, a task's page,
// the lightbox, the Generate form's entry links) asks the same question of the same table. meta.ts takes each
// model's kind from here; lib/models/meta.test.ts checks `extendable` against the schemas' modes.
import type { MODEL_LABELS } from "./labels";

interface Capabilities {
  readonly kind: "image" | "video";
  /** Its own videos can be continued: the model has an "extend" mode that takes a parent task (the spec takes no other video as an input). */
  readonly extendable: boolean;
}

export const MODEL_CAPABILITIES = {
  "alpha-2.3": { kind: "video", extendable: false },
  "alpha-2.3-fast": { kind: "video", extendable: false },
  "beta-2.0": { kind: "video", extendable: false },
  "epsilon-v6": { kind: "video", extendable: true },
  "gamma-5-pro": { kind: "image", extendable: false },
  "delta-image-2": { kind: "image", extendable: false },
} as const satisfies Record<keyof typeof MODEL_LABELS, Capabilities>;

/** What can be made from a task's results, and so which actions and hints a page offers for it. */
export interface ResultOffers {
  /** Its images go into an image model as references ("Use as input"). */
  useAsInput: boolean;
  /** Its images become a video's first frame ("Animate"). */
  animate: boolean;
  /** Its video is continued by its own model ("Extend"). */
  extend: boolean;
  /** Its video's last frame is taken as an image input ("Use last frame"). */
  lastFrame: boolean;
}

/**
 * The offers for a task of `model` that made `kind`: images are reused as inputs; a video only through its last
 * frame, or by its own model when that model extends. A model the catalogue no longer knows offers no extension.
 */
export function resultOffers({ model, kind }: { model: string; kind: "image" | "video" }): ResultOffers {
  const known: Capabilities | undefined = Object.hasOwn(MODEL_CAPABILITIES, model)
    ? MODEL_CAPABILITIES[model as keyof typeof MODEL_CAPABILITIES]
    : undefined;
  const image = kind === "image";
  return { useAsInput: image, animate: image, extend: !image && known?.extendable === true, lastFrame: !image };
}

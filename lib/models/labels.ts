// Each model's name for people. The catalogue's metadata (meta.ts) takes its labels from here, so a page that only
// names models (a task's page, the lightbox) does not carry the catalogue's descriptions and modes.
export const MODEL_LABELS = {
  "alpha-2.3": "Alpha 2.3",
  "alpha-2.3-fast": "Alpha 2.3 Fast",
  "beta-2.0": "Beta 2.0",
  "epsilon-v6": "Epsilon v6",
  "gamma-5-pro": "Gamma 5 Pro",
  "delta-image-2": "Delta Image 2",
} as const;

/** A model's name for people, or its id when the catalogue does not know it (a model since retired). */
export const modelLabel = (id: string): string => (Object.hasOwn(MODEL_LABELS, id) ? MODEL_LABELS[id as keyof typeof MODEL_LABELS] : id);

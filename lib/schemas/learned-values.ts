// What Darkroom learned from the API's 422s about values the spec leaves open (lib/tasks/refused-values.ts
// keeps them; the Generate form and the Settings card read them). Client-safe: types and pure data only.

export interface LearnedValues {
  /** alpha-2.3 resolutions the API refused (the spec leaves 720p/768p open). */
  alphaResolution: string[];
  /** epsilon-v6's text and reference modes require aspect_ratio on this API. */
  aspectRatioRequired: boolean;
  /** epsilon-v6 image reference types the API refused, and the ones it takes when a 422 listed them. */
  referenceType: { refused: string[]; accepted: string[] | null };
}

/** Nothing learned yet: the form offers every value the spec allows. */
export const NOTHING_LEARNED: Readonly<LearnedValues> = {
  alphaResolution: [],
  aspectRatioRequired: false,
  referenceType: { refused: [], accepted: null },
};

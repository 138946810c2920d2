// The form's own fields beside the request's, and the shape of what a checked form submits. Apart from
// check-request.ts, which loads the model's schema and zod: the form reads these names on its first render.
import type { GenerationInput } from "@/lib/models/catalogue";
import type { FieldSpec } from "@/lib/models/form";
import type { GenerationEndpoint } from "@/lib/schemas/generation-rules";

/** The form's own field, beside the request's: runs is part of the submission, not of the request. */
export const RUNS_FIELD = "runs";
/** The form's own field too: the upstream endpoint is the submission's, the request stays the model's. */
export const ENDPOINT_FIELD = "endpoint";

/** Only models the legacy endpoint creates offer the choice (EndpointField): alpha-2.3, text-to-video. */
export const offersLegacy = (model: string) => model === "alpha-2.3";

export interface Submitted {
  request: GenerationInput;
  runs: number;
  endpoint: GenerationEndpoint;
}

/** The item field that names a reference; a form whose lists have it gets @-suggestions (mentions.ts). */
export const REFERENCE_NAME_FIELD = "ref_name";

/** The names the prompt may mention, when the form has named references; undefined when it has none. */
export function mentionSource(fields: readonly FieldSpec[]): FieldSpec | undefined {
  return fields.find((field) => field.items?.some((item) => item.name === REFERENCE_NAME_FIELD));
}

// The gallery filters' rules that both sides need: lib/schemas/tasks.ts builds the API's zod schema from them,
// and lib/query/task-filters.ts reads the URL with them in plain code, so the gallery's pages carry no zod.
// lib/query/task-filters.test.ts checks the two agree on valid and invalid values.

/** A comma-separated list: at most this many characters, and this many items. */
export const CSV_MAX_CHARS = 500;
export const CSV_MAX_ITEMS = 20;
export const MODEL_ID_PATTERN = /^[a-z0-9.-]{1,40}$/;
/** An error code as Darkroom stores one (lib/upstream/scrub.ts's scrubCode): a lower-case word of up to 64 characters. */
export const ERROR_CODE_PATTERN = /^[a-z0-9_.:-]{1,64}$/;
// No `task_` prefix is assumed: legacy task ids may have none (the spec names only v1's prefix).
export const TASK_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;
export const TASK_KINDS = ["image", "video"] as const;
export const FAVOURITE_VALUES = ["1", "true"] as const;
export const MEMBER_MAX_CHARS = 100;
/** Counted in code points, as zod's .max() counts. */
export const SEARCH_MAX_CHARS = 200;
/** A comparison's id (lib/schemas/comparison-views.ts): a UUID. */
export { COMPARISON_ID_PATTERN } from "./comparison-views";
/** "From a batch": `any` for every batch's tasks, or one batch's id (a UUID, as in its page's address). */
export const BATCH_FILTER_PATTERN = /^(?:any|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

// The gallery's filters live in the URL. They are read here in plain code (the gallery's pages carry no zod)
// with the rules the API's schema is built from (lib/schemas/task-filter-rules.ts), field by field, so one bad
// value drops only itself; lib/query/task-filters.test.ts checks this agrees with the schema.
import {
  BATCH_FILTER_PATTERN,
  COMPARISON_ID_PATTERN,
  CSV_MAX_CHARS,
  CSV_MAX_ITEMS,
  ERROR_CODE_PATTERN,
  FAVOURITE_VALUES,
  MEMBER_MAX_CHARS,
  MODEL_ID_PATTERN,
  SEARCH_MAX_CHARS,
  TASK_ID_PATTERN,
  TASK_KINDS,
} from "@/lib/schemas/task-filter-rules";
import { TASK_STATUSES } from "@/lib/schemas/views";

export const TASK_FILTER_KEYS = [
  "status",
  "error",
  "model",
  "kind",
  "member",
  "from",
  "to",
  "q",
  "favourite",
  "parent",
  "comparison",
  "batch",
] as const;

export interface TaskFilters {
  status?: string[];
  /** Error codes, as stored (lower case): `media_deleted` also finds successes whose upstream copy was deleted. */
  error?: string[];
  model?: string[];
  kind?: "image" | "video";
  member?: string;
  from?: string;
  to?: string;
  q?: string;
  favourite?: boolean;
  parent?: string;
  /** A comparison's id: only its columns' tasks. */
  comparison?: string;
  /** `any`: tasks made by any batch; else a batch's id: only its rows' tasks. */
  batch?: string;
}

type Params = URLSearchParams | Record<string, string | string[] | undefined>;

function read(params: Params, key: string): string | undefined {
  const value = params instanceof URLSearchParams ? params.get(key) : params[key];
  const one = Array.isArray(value) ? value[0] : value;
  return one === null || one === "" ? undefined : one;
}

// zod's z.iso.datetime({ offset: true }): a real calendar date, seconds required, Z or a ±hh:mm offset.
const DATE = String.raw`(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))`;
const TIME = String.raw`(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)`;
const INSTANT = new RegExp(`^${DATE}T${TIME}$`);

const codePoints = (text: string) => Array.from(text).length;

/** A comma-separated list whose every item passes `valid`, or undefined. */
function csv<T extends string>(raw: string, valid: (item: string) => item is T): T[] | undefined;
function csv(raw: string, valid: (item: string) => boolean): string[] | undefined;
function csv(raw: string, valid: (item: string) => boolean): string[] | undefined {
  if (codePoints(raw) > CSV_MAX_CHARS) return undefined;
  const items = raw
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  return items.length <= CSV_MAX_ITEMS && items.every(valid) ? items : undefined;
}

const oneOf =
  <T extends string>(values: readonly T[]) =>
  (value: string): value is T =>
    (values as readonly string[]).includes(value);

/** Each filter's reading of its raw URL value; undefined drops it. */
const READERS: { [K in (typeof TASK_FILTER_KEYS)[number]]: (raw: string) => TaskFilters[K] | undefined } = {
  status: (raw) => csv(raw, oneOf(TASK_STATUSES)),
  error: (raw) => csv(raw, (item) => ERROR_CODE_PATTERN.test(item)),
  model: (raw) => csv(raw, (item) => MODEL_ID_PATTERN.test(item)),
  kind: (raw) => (oneOf(TASK_KINDS)(raw) ? raw : undefined),
  member: (raw) => (codePoints(raw) <= MEMBER_MAX_CHARS ? raw : undefined),
  from: (raw) => (INSTANT.test(raw) ? raw : undefined),
  to: (raw) => (INSTANT.test(raw) ? raw : undefined),
  q: (raw) => (codePoints(raw) <= SEARCH_MAX_CHARS ? raw : undefined),
  favourite: (raw) => (oneOf(FAVOURITE_VALUES)(raw) ? true : undefined),
  parent: (raw) => (TASK_ID_PATTERN.test(raw.trim()) ? raw.trim() : undefined),
  comparison: (raw) => (COMPARISON_ID_PATTERN.test(raw.trim()) ? raw.trim() : undefined),
  batch: (raw) => (BATCH_FILTER_PATTERN.test(raw.trim()) ? raw.trim() : undefined),
};

export function parseTaskFilters(params: Params): TaskFilters {
  const filters: TaskFilters = {};
  for (const key of TASK_FILTER_KEYS) {
    const raw = read(params, key);
    if (raw === undefined) continue;
    const parsed = READERS[key](raw);
    if (parsed === undefined) continue;
    if (Array.isArray(parsed) && parsed.length === 0) continue;
    (filters as Record<string, unknown>)[key] = parsed;
  }
  if (filters.q !== undefined && !filters.q.trim()) delete filters.q;
  return filters;
}

/** The filters as a query string (without "?"), in a fixed order so equal views share one URL. */
export function taskFiltersSearch(filters: TaskFilters): string {
  const search = new URLSearchParams();
  for (const key of TASK_FILTER_KEYS) {
    const value = filters[key];
    if (value === undefined || value === false || value === "") continue;
    if (Array.isArray(value)) {
      if (value.length) search.set(key, value.join(","));
    } else search.set(key, value === true ? "1" : value);
  }
  return search.toString();
}

export const hasFilters = (filters: TaskFilters) => taskFiltersSearch(filters) !== "";

// The gallery's filters live in the URL; they are parsed with the API's own schema, field by field, so one
// bad value drops only itself.
import { taskListQuerySchema } from "@/lib/schemas/tasks";

export const TASK_FILTER_KEYS = ["status", "model", "kind", "member", "from", "to", "q", "favourite", "parent"] as const;

export interface TaskFilters {
  status?: string[];
  model?: string[];
  kind?: "image" | "video";
  member?: string;
  from?: string;
  to?: string;
  q?: string;
  favourite?: boolean;
  parent?: string;
}

type Params = URLSearchParams | Record<string, string | string[] | undefined>;

function read(params: Params, key: string): string | undefined {
  const value = params instanceof URLSearchParams ? params.get(key) : params[key];
  const one = Array.isArray(value) ? value[0] : value;
  return one === null || one === "" ? undefined : one;
}

export function parseTaskFilters(params: Params): TaskFilters {
  const filters: TaskFilters = {};
  const shape = taskListQuerySchema.shape;
  for (const key of TASK_FILTER_KEYS) {
    const raw = read(params, key);
    if (raw === undefined) continue;
    const parsed = shape[key].safeParse(raw);
    if (!parsed.success || parsed.data === undefined) continue;
    if (Array.isArray(parsed.data) && parsed.data.length === 0) continue;
    (filters as Record<string, unknown>)[key] = parsed.data;
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

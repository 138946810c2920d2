import "server-only";
import { legacyUnmapped } from "./legacy";
import { parseJsonText } from "./schemas";

// Fields of a stored upstream answer that Darkroom does not map, to show a person rather than lose them.
// URLs are left out: the upstream's addresses never reach the browser.

const V1_FIELDS = new Set([
  "id",
  "status",
  "model",
  "created_at",
  "updated_at",
  "credits_reserved",
  "credits_used",
  "credits_refunded",
  "data",
  "error",
]);
const MAX_FIELDS = 20;
// Deeper than this is left out: a hostile answer nested thousands deep would otherwise overflow the stack here.
const MAX_DEPTH = 6;

const withoutUrls = (value: unknown, depth = 0): unknown =>
  typeof value === "string"
    ? /^[a-z][a-z0-9+.-]*:\/\//i.test(value)
      ? "[address left out]"
      : value.slice(0, 500)
    : typeof value === "object" && value !== null && depth >= MAX_DEPTH
      ? "[nested too deep]"
      : Array.isArray(value)
        ? value.slice(0, MAX_FIELDS).map((item) => withoutUrls(item, depth + 1))
        : typeof value === "object" && value !== null
          ? Object.fromEntries(
              Object.entries(value)
                .slice(0, MAX_FIELDS)
                .map(([k, v]) => [k, withoutUrls(v, depth + 1)]),
            )
          : value;

export function unmappedFields(raw: string | null): Record<string, unknown> | null {
  if (!raw) return null;
  const json = parseJsonText(raw);
  if (typeof json !== "object" || json === null || Array.isArray(json)) return null;
  const fields = json as Record<string, unknown>;
  const rest =
    "taskId" in fields ? legacyUnmapped(fields) : Object.fromEntries(Object.entries(fields).filter(([name]) => !V1_FIELDS.has(name)));
  if (!rest || Object.keys(rest).length === 0) return null;
  return withoutUrls(Object.fromEntries(Object.entries(rest).slice(0, MAX_FIELDS))) as Record<string, unknown>;
}

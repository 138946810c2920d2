import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/db/schema";
import { getResults, getTaskRow } from "@/lib/db/tasks";
import { AppError } from "@/lib/errors";
import { env } from "@/lib/env";
import { LOOPBACK_UPLOAD_LINK, RESULT_REFERENCE } from "@/lib/models/urls";
import { tasksVisibleTo, type Viewer } from "@/lib/policy/see";

// A validated request names earlier results as `/api/media/{task}/{n}` (the dashboard's "Use as input", and a
// script's signed links once lib/gateway/signed-inputs.ts checked their signature). Each is swapped for the
// upstream's URL of that result, the only URL the upstream accepts as an input, and only if its caller sees
// the task now (lib/policy/see.ts: the gallery's rule for a member, its own tasks for a script): naming a
// task is not a way to use one hidden from you. Only results of tasks Darkroom recorded can be named, so this
// reaches nothing else (no open proxy).

/** Inputs lie a level or two deep; the schema has refused anything much deeper before this walk. */
const MAX_DEPTH = 8;

const refuse = (path: string, message: string) => new AppError("invalid:body", message, { [path]: message });

const NOT_VISIBLE =
  "That earlier result is not one you can use: its task is unknown, hidden, or not yours to use. Pick another result or paste a public HTTPS URL.";
const NOT_VISIBLE_PARENT = "That task is not one you can extend: it is hidden, or it is not yours to use. Extend a task you can see.";
const GONE = "That earlier result is not known to the API any more; pick another one or paste a public HTTPS URL.";
const FOREIGN_UPLOAD = "That upload link is not one of this Darkroom's; upload the image again.";

/** Every string of `value` with its path (`request.image_urls.0`), to `MAX_DEPTH` levels. */
function strings(value: unknown, path: string, depth = 0, found: { path: string; value: string }[] = []) {
  if (typeof value === "string") found.push({ path, value });
  else if (depth < MAX_DEPTH && value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) strings(item, `${path}.${key}`, depth + 1, found);
  return found;
}

function replaced(value: unknown, path: string, swaps: Map<string, string>, depth = 0): unknown {
  if (typeof value === "string") return swaps.get(path) ?? value;
  if (depth >= MAX_DEPTH || !value || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item, i) => replaced(item, `${path}.${i}`, swaps, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaced(item, `${path}.${key}`, swaps, depth + 1)]));
}

/**
 * The request with every result reference swapped for the upstream's URL of that result, for `viewer`. A
 * reference to a task the viewer does not see, a result with no upstream URL left, or a loopback upload link
 * that is not this Darkroom's is a field error the person can act on (422), before anything is stored.
 */
export async function resolveResultReferences<T>(db: Kysely<Database>, request: T, { viewer }: { viewer: Viewer }): Promise<T> {
  // An extension's parent is an input too: a task Darkroom recorded is extended only by who sees it (the upstream
  // would take any of the account's tasks). One it never recorded goes as it came, for the upstream to judge.
  const parent = (request as { parent_task_id?: unknown } | null)?.parent_task_id;
  if (typeof parent === "string" && (await getTaskRow(db, { id: parent })) && !(await tasksVisibleTo(db, viewer, [parent])).has(parent))
    throw refuse("request.parent_task_id", NOT_VISIBLE_PARENT);
  const found = strings(request, "request");
  const references = found.flatMap(({ path, value }) => {
    // The schema lets a loopback upload link through; only this Darkroom's own (PUBLIC_BASE_URL) is one.
    if (LOOPBACK_UPLOAD_LINK.test(value) && !value.startsWith(`${env.PUBLIC_BASE_URL}/u/`)) throw refuse(path, FOREIGN_UPLOAD);
    const match = RESULT_REFERENCE.exec(value);
    return match ? [{ path, taskId: match[1]!, index: Number(match[2] ?? 0) }] : [];
  });
  if (references.length === 0) return request;
  const visible = await tasksVisibleTo(
    db,
    viewer,
    references.map((r) => r.taskId),
  );
  const swaps = new Map<string, string>();
  for (const { path, taskId, index } of references) {
    if (!visible.has(taskId)) throw refuse(path, NOT_VISIBLE);
    const result = (await getResults(db, { taskId })).find((r) => r.idx === index);
    if (!result?.upstream_url) throw refuse(path, GONE);
    swaps.set(path, result.upstream_url);
  }
  return replaced(request, "request", swaps) as T;
}

import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/db/schema";
import { getResults } from "@/lib/db/tasks";
import { AppError } from "@/lib/errors";
import { RESULT_REFERENCE } from "@/lib/models/urls";

/**
 * Replaces every result reference (`/api/media/{task}/{n}`) in a validated request with the upstream's
 * URL of that result, the only URL the upstream accepts as an input. Only results of tasks Darkroom
 * recorded can be named, so this reaches nothing else (no open proxy). A result with no upstream URL
 * left is a field error the person can act on.
 */
export async function resolveResultReferences<T>(db: Kysely<Database>, request: T, path = "request"): Promise<T> {
  if (typeof request === "string") {
    const match = RESULT_REFERENCE.exec(request);
    if (!match) return request;
    const [, taskId = "", index = "0"] = match;
    const result = (await getResults(db, { taskId })).find((r) => r.idx === Number(index));
    if (!result?.upstream_url) {
      const message = "That earlier result is not known to the API any more; pick another one or paste a public HTTPS URL.";
      throw new AppError("invalid:body", message, { [path]: message });
    }
    return result.upstream_url as T;
  }
  if (Array.isArray(request)) return (await Promise.all(request.map((item, i) => resolveResultReferences(db, item, `${path}.${i}`)))) as T;
  if (request && typeof request === "object") {
    const entries = await Promise.all(
      Object.entries(request).map(async ([key, value]) => [key, await resolveResultReferences(db, value, `${path}.${key}`)] as const),
    );
    return Object.fromEntries(entries) as T;
  }
  return request;
}

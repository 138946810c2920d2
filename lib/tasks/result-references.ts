import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/db/schema";
import { getResults } from "@/lib/db/tasks";
import { AppError } from "@/lib/errors";
import { env } from "@/lib/env";
import { LOOPBACK_UPLOAD_LINK, RESULT_REFERENCE } from "@/lib/models/urls";

/**
 * Replaces every result reference (`/api/media/{task}/{n}`) in a validated request with the upstream's
 * URL of that result, the only URL the upstream accepts as an input. Only results of tasks Darkroom
 * recorded can be named, so this reaches nothing else (no open proxy). A result with no upstream URL
 * left is a field error the person can act on.
 */
export async function resolveResultReferences<T>(db: Kysely<Database>, request: T, path = "request"): Promise<T> {
  if (typeof request === "string") {
    // The schema lets a loopback upload link through; only this Darkroom's own (PUBLIC_BASE_URL) is one.
    if (LOOPBACK_UPLOAD_LINK.test(request) && !request.startsWith(`${env.PUBLIC_BASE_URL}/u/`)) {
      const message = "That upload link is not one of this Darkroom's; upload the image again.";
      throw new AppError("invalid:body", message, { [path]: message });
    }
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

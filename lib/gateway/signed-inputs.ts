import "server-only";
import { AppError } from "@/lib/errors";
import { env } from "@/lib/env";
import { validSignature } from "./signed-media";

// A script that read a task through the gateway holds its results as Darkroom's signed links
// (/v1/files/{task}/{n}?expires…&signature…, ./signed-media.ts). Sent back as an input of a new creation, such a
// link becomes the result reference the dashboard's "Use as input" sends (/api/media/{task}/{n}), before the body
// is validated: the upstream then gets its own URL of that result (lib/tasks/result-references.ts, which also
// asks whether the caller may use that task: lib/policy/see.ts), the task's lineage names its source, and nothing
// of Darkroom's address is sent. A link of this Darkroom that is forged or expired is refused here (422 on the
// field) before anything is stored or sent.

const FILE_PATH = /^\/v1\/files\/([^/]{1,200})\/(\d{1,2})$/;
const REFUSED =
  "This Darkroom result link is not valid or has expired: read the task again (GET /v1/tasks/{id}) for a fresh one, and send that.";

const MAX_DEPTH = 8;
const refuse = (path: string, message: string) => new AppError("invalid:body", message, { [path]: message });

/** The result a URL names when it is one of this Darkroom's signed links (at `origin` or PUBLIC_BASE_URL), else null. */
function signedLinkOf(value: string, origins: string[]) {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const match = origins.includes(url.origin) ? FILE_PATH.exec(url.pathname) : null;
  if (!match) return null;
  return {
    taskId: decodeURIComponent(match[1]!),
    index: Number(match[2]),
    expires: url.searchParams.get("expires"),
    signature: url.searchParams.get("signature"),
  };
}

/**
 * The raw body with each of this Darkroom's signed result links replaced by its result reference; refuses a bad one.
 * Synchronous (a signature is checked with the secret alone), so a batch's row renderer can call it per line.
 */
export function signedLinksAsReferences(body: unknown, { origin }: { origin: string }): unknown {
  const origins = [origin, ...(env.PUBLIC_BASE_URL ? [new URL(env.PUBLIC_BASE_URL).origin] : [])];
  // Inputs lie a level or two deep; a body nested deeper is the schema's to refuse, not this walk's to recurse into.
  const walk = (value: unknown, path: string, depth = 0): unknown => {
    if (depth > MAX_DEPTH) return value;
    if (typeof value === "string") {
      const link = signedLinkOf(value, origins);
      if (!link) return value;
      if (!validSignature(link.taskId, link.index, link.expires, link.signature)) throw refuse(path, REFUSED);
      return `/api/media/${link.taskId}/${link.index}`;
    }
    if (Array.isArray(value)) return value.map((item, i) => walk(item, path ? `${path}.${i}` : String(i), depth + 1));
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item, path ? `${path}.${key}` : key, depth + 1)]));
    return value;
  };
  return walk(body, "");
}

/** The same, for a creation's handler. */
export async function referencesForSignedLinks(body: unknown, options: { origin: string }): Promise<unknown> {
  return signedLinksAsReferences(body, options);
}

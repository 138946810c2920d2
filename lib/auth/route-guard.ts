import "server-only";
import { AppError } from "@/lib/errors";
import { readBytes } from "@/lib/http/body";
import { AUTH_BODY_LIMIT } from "@/lib/http/body-limits.mjs";
import { CLIENT_HEADER, resolveClient } from "@/lib/http/client";
import { profileSchema } from "@/lib/members/schemas";

// better-auth's endpoints read their bodies whole and accept whatever its options allow. Darkroom puts
// this in front: a size limit counted while the body streams (before any session is looked up), only the
// endpoints the app uses, and update-user restricted to the display name. Everything else a member is
// (email, role, status) changes only through an admin.

export { AUTH_BODY_LIMIT };

/** The POST endpoints the app uses; the rest of better-auth's (change-email, delete-user, …) answer 404. */
const ALLOWED_POSTS = new Set([
  "/sign-in/email",
  "/sign-out",
  "/update-user",
  "/change-password",
  "/revoke-session",
  "/revoke-sessions",
  "/revoke-other-sessions",
]);

/** better-auth's error shape, which its browser client reads. */
function authError(status: number, code: string, message: string): Response {
  return Response.json({ code, message }, { status });
}

/** The copy of a request better-auth gets: the body read (if any), and the client address Darkroom decided on. */
export function forAuth(request: Request, body?: Uint8Array): Request {
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  headers.delete(CLIENT_HEADER);
  const { address } = resolveClient(request.headers);
  if (address) headers.set(CLIENT_HEADER, address);
  return new Request(request.url, { method: request.method, headers, body: body as BodyInit | undefined, signal: request.signal });
}

const endpointOf = (request: Request) => new URL(request.url).pathname.replace(/^\/api\/auth/, "").replace(/\/+$/, "");

/**
 * Reads a POST's body within the limit, refuses endpoints the app does not use and profile changes beyond
 * the name, then hands better-auth a copy of the request with the bytes read.
 */
export async function guardAuthPost(request: Request, handle: (request: Request) => Promise<Response>): Promise<Response> {
  let bytes: Uint8Array;
  try {
    bytes = await readBytes(request, AUTH_BODY_LIMIT);
  } catch (error) {
    if (error instanceof AppError) return authError(error.status, "PAYLOAD_TOO_LARGE", error.message);
    throw error;
  }
  const endpoint = endpointOf(request);
  if (!ALLOWED_POSTS.has(endpoint)) return authError(404, "NOT_FOUND", "No such endpoint.");
  if (endpoint === "/update-user") {
    let value: unknown;
    try {
      value = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      return authError(400, "INVALID_REQUEST", "The request body is not valid JSON.");
    }
    const parsed = profileSchema.safeParse(value);
    if (!parsed.success) return authError(400, "INVALID_REQUEST", parsed.error.issues[0]?.message ?? "Only the name can be changed.");
    bytes = new TextEncoder().encode(JSON.stringify(parsed.data)); // what was checked (trimmed) is what is stored
  }
  return handle(forAuth(request, bytes));
}

import "server-only";
import { AppError } from "@/lib/errors";
import { readBytes } from "@/lib/http/body";
import { AUTH_BODY_LIMIT } from "@/lib/http/body-limits.mjs";
import { CLIENT_HEADER, resolveClient } from "@/lib/http/client";
import { profileSchema } from "@/lib/members/schemas";
import { ENROL_FIRST_MESSAGE } from "@/lib/policy/second-factor";
import { getSessionIdentity } from "./session";
import { sessionsChanged } from "./sessions-changed";

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
  // A second factor (issue 46): an authenticator app through better-auth's twoFactor, passkeys through Darkroom's plugin.
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
  "/two-factor/generate-backup-codes",
  "/passkey/sign-in-options",
  "/passkey/sign-in",
]);

/** What a member the team's rule sends to set up a second factor may still do here: sign in or out, and set one up. */
const OPEN_WHILE_ENROLLING = new Set([
  "/sign-in/email",
  "/sign-out",
  "/two-factor/enable",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
  "/passkey/sign-in-options",
  "/passkey/sign-in",
]);

function parseBody(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
}

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
  if (!OPEN_WHILE_ENROLLING.has(endpoint) && (await getSessionIdentity(request.headers))?.mustEnrol)
    return authError(403, "SECOND_FACTOR_REQUIRED", ENROL_FIRST_MESSAGE);
  // A new password ends every other session (on every instance: lib/auth/session-cache.ts), whatever the client asked.
  if (endpoint === "/change-password") {
    const value = parseBody(bytes);
    if (value === undefined || typeof value !== "object" || value === null || Array.isArray(value))
      return authError(400, "INVALID_REQUEST", "The request body is not valid JSON.");
    bytes = new TextEncoder().encode(JSON.stringify({ ...value, revokeOtherSessions: true }));
  }
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
  const response = await handle(forAuth(request, bytes));
  // A new name: sessions cached anywhere show it at their next request.
  if (endpoint === "/update-user" && response.ok) await sessionsChanged();
  return response;
}

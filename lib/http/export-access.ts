import "server-only";
import type { z } from "zod";
import { requireUser, type SessionUser } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import { userOfToken } from "@/lib/exports/tokens";
import { parseWith, refuseNul } from "./body";
import { bearerToken } from "./bearer";
import { respond } from "./handler";

// The export routes' wrapper: a signed-in member (session cookie, as every route), or an admin's export
// token (`Authorization: Bearer`, no session, no CSRF: these are GETs that change nothing). A token that is
// unknown, revoked, expired, or whose admin was disabled or demoted is a 401, never a fall back to the cookie.

const TOKEN_REFUSED =
  "This export token is not valid: it expired, was revoked, or its admin was disabled or is no longer an admin. An admin can renew an expired one or make a new one in Settings.";

export function withExportAccess<Q>(
  options: { query: z.ZodType<Q> },
  handler: (args: { request: Request; query: Q; user: SessionUser; viaToken: boolean }) => Promise<Response>,
) {
  return (request: Request) =>
    respond(request, async () => {
      const token = bearerToken(request.headers);
      let user: SessionUser;
      if (token === null) user = await requireUser(request.headers, "viewer");
      else {
        const owner = await userOfToken(token);
        if (!owner)
          throw new AppError("unauthorized:export_token", TOKEN_REFUSED, undefined, { "WWW-Authenticate": 'Bearer realm="exports"' });
        user = owner;
      }
      const search = Object.fromEntries(new URL(request.url).searchParams);
      refuseNul(search, "query string");
      return handler({ request, query: parseWith(options.query, search), user, viaToken: token !== null });
    });
}

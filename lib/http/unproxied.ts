import "server-only";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { isGatewayPath } from "./bearer";
import { resolveClient } from "./client";
import { CROSS_SITE_MESSAGE, isCrossSite } from "./csrf";
import { respond } from "./handler";
import { contentSecurityPolicy, newNonce, securityHeaders } from "./security-headers.mjs";

type Handler = (request: Request, context: { params: Promise<Record<string, string | string[] | undefined>> }) => Promise<Response>;

/**
 * For a route that proxy.ts skips (its matcher leaves it out): Next copies every request body the proxy sees
 * into memory, capped at 96 KiB, which would cut an uploaded file. So the route does the proxy's part itself,
 * the same way: cross-site state changes refused (but on the gateway's paths, which take a token and never a
 * cookie, as proxy.ts lets them through), workers serve no API, and the same security headers. `refuse` answers
 * its own refusals in the route's error shape (the gateway's: lib/gateway/errors.ts).
 */
export function unproxied(handler: Handler, { refuse = (error: AppError) => error.toResponse() } = {}): Handler {
  return async (request, context) => {
    const { https } = resolveClient(request.headers);
    const path = new URL(request.url).pathname;
    const headers = securityHeaders({
      path,
      csp: contentSecurityPolicy({ nonce: newNonce(), dev: env.NODE_ENV !== "production", https }),
      https,
    });
    const response = await respond(request, async () => {
      if (!isGatewayPath(path) && isCrossSite(request)) return refuse(new AppError("forbidden:cross_site", CROSS_SITE_MESSAGE));
      if (env.DARKROOM_ROLE === "worker") {
        const message =
          "This instance is a worker (DARKROOM_ROLE=worker): it serves only /api/health. Open Darkroom through a web instance.";
        return refuse(new AppError("not_found:worker", message));
      }
      return handler(request, context);
    });
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  };
}

import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { BEARER_ELSEWHERE_MESSAGE, bearerToken, EXPORT_PATH_PREFIX, isGatewayPath, METRICS_PATH } from "@/lib/http/bearer";
import { resolveClient } from "@/lib/http/client";
import { CROSS_SITE_MESSAGE, isCrossSite } from "@/lib/http/csrf";
import { contentSecurityPolicy, newNonce, securityHeaders } from "@/lib/http/security-headers.mjs";

// Runs before every page and route (Next 16's successor to middleware): refuses cross-site state changes,
// and gives every answer the security headers, with a fresh CSP nonce that Next puts on its own scripts.
// Sessions and roles are still checked by each route and page; malformed addresses never get this far
// (lib/launcher/front.mjs answers them, since Next fails on them before running the proxy), nor do hosts
// Darkroom does not serve (the front sees every path, which the matcher below does not: lib/http/hosts.mjs).
// A worker (DARKROOM_ROLE=worker) runs the task engine and the archive and serves only its health routes:
// pages and the API belong to web instances, so a misrouted request gets a plain answer instead of a page.

function refuse(error: AppError, headers: Record<string, string>): NextResponse {
  const response = NextResponse.json(error.toBody(), { status: error.status });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export function proxy(request: NextRequest): NextResponse {
  // Over HTTPS only as lib/http/client.ts decides it (a trusted proxy's X-Forwarded-Proto), as for the session
  // cookie: Next's own idea of the protocol believes that header from anyone.
  const { https } = resolveClient(request.headers);
  const nonce = newNonce();
  const csp = contentSecurityPolicy({ nonce, dev: env.NODE_ENV !== "production", https });
  const headers = securityHeaders({ path: request.nextUrl.pathname, csp, https });

  const path = request.nextUrl.pathname;
  const gateway = isGatewayPath(path);
  if (!gateway && isCrossSite(request)) return refuse(new AppError("forbidden:cross_site", CROSS_SITE_MESSAGE), headers);
  // An export token opens the export routes and nothing else (pages, better-auth, setup included); the
  // gateway's routes take personal access tokens (lib/gateway/handler.ts).
  // /metrics takes Prometheus's own token (lib/metrics/access.ts).
  const metricsPath = path === METRICS_PATH;
  if (bearerToken(request.headers) !== null && !path.startsWith(EXPORT_PATH_PREFIX) && !gateway && !metricsPath)
    return refuse(new AppError("forbidden:token_scope", BEARER_ELSEWHERE_MESSAGE), headers);
  // A worker is where the engine counts (credits, polls, the archive): it serves /metrics too.
  if (env.DARKROOM_ROLE === "worker" && !request.nextUrl.pathname.startsWith("/api/health") && !metricsPath) {
    const message = "This instance is a worker (DARKROOM_ROLE=worker): it serves only /api/health. Open Darkroom through a web instance.";
    return refuse(new AppError("not_found:worker", message), headers);
  }

  // Next reads the policy (and its nonce) from the request to put the nonce on the scripts it renders.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Everything but the build's static files (immutable, served with their own headers) and the routes that
  // take a file (an image up to 20 MB, a batch's file, from the dashboard or a script through the gateway), whose
  // body Next would otherwise copy and cut at 96 KiB: they apply the same checks and headers themselves
  // (lib/http/unproxied.ts).
  matcher: ["/((?!_next/static|_next/image|api/uploads$|api/batches$|api/batches/preview$|v1/batches$).*)"],
};

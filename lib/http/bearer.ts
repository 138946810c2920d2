// Export tokens travel as `Authorization: Bearer …` and work only on the export routes; every other route
// refuses a request that carries one (proxy.ts for pages and routes, withUser again where data is touched),
// so a token handed to a BI tool can read exports and nothing else.

export const EXPORT_PATH_PREFIX = "/api/exports/";

/** Prometheus's scrape address, which takes its own token (METRICS_TOKEN, lib/metrics/access.ts). */
export const METRICS_PATH = "/metrics";

/**
 * Darkroom's copy of the generation API (lib/gateway): personal access tokens, never a session cookie, so a
 * cross-site request there carries no ambient credential and the CSRF check does not apply.
 */
export const isGatewayPath = (path: string) => path.startsWith("/v1/") || path.startsWith("/api/video/");

export const BEARER_ELSEWHERE_MESSAGE =
  "Export tokens work only on Darkroom's export addresses (/api/exports/…), and access tokens on its copy of the generation API (/v1/… and /api/video/…). Sign in to use the rest of Darkroom.";

/**
 * The bearer token a request carries, or null. Other schemes (a reverse proxy's Basic sign-in in front of
 * Darkroom) are not Darkroom's business and pass.
 */
export function bearerToken(headers: Headers): string | null {
  const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(headers.get("authorization") ?? "");
  return match ? match[1]! : null;
}

import "server-only";
import { requestHosts } from "./client";

// Cross-site request forgery: every state-changing request must come from Darkroom's own pages. Browsers
// say where a request comes from in Sec-Fetch-Site (and Origin); a request that says neither, or names
// another site, is refused. SameSite cookies stay as a second line.

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const CROSS_SITE_MESSAGE =
  "This request did not come from Darkroom's own pages, so it was refused. Open Darkroom and try again from there.";

function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined; // "null" (sandboxed frames, some redirects) and garbage are not the app
  }
}

/** True when the request changes state and does not come from the app's own origin. */
export function isCrossSite(request: Request): boolean {
  if (!STATE_CHANGING.has(request.method.toUpperCase())) return false;
  // Set by the browser and beyond a page's reach; trusted as it is, so a proxy that rewrites Host changes nothing.
  const site = request.headers.get("sec-fetch-site");
  if (site) return site !== "same-origin";
  const origin = request.headers.get("origin");
  if (origin === null) return true; // neither header: not a browser on Darkroom's page
  const host = originHost(origin);
  // Its own hosts: Host, and X-Forwarded-Host only from a trusted proxy (lib/http/client.ts).
  return !host || !requestHosts(request).includes(host);
}

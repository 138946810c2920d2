// The headers every answer carries: set by proxy.ts on pages and routes, by lib/http/unproxied.ts on the
// routes the proxy skips, and by the launcher's front (lib/launcher/front.mjs) on what it answers itself.
// Plain JavaScript, since Node preloads the front before any TypeScript loader runs (types:
// security-headers.d.mts). Client-safe: no server imports.

/** A fresh nonce per page view: Next puts it on its own scripts when the request carries the policy. */
export function newNonce() {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/**
 * Scripts only with this response's nonce ('strict-dynamic' lets Next's chunks load); no eval outside
 * development (React's dev tools need it). Styles allow inline attributes: React renders `style=` props.
 * Images and media come from Darkroom itself only (the archive; the upstream's URLs never reach the browser).
 */
export function contentSecurityPolicy({ nonce, dev, https }) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "media-src 'self'",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    // Only over HTTPS: on a plain-HTTP LAN address it would send the page's own requests to a port that is not there.
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** The browser features Darkroom uses: none of these (notifications and fullscreen are not policy-controlled here). */
export const PERMISSIONS_POLICY = [
  "camera=()",
  "microphone=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "serial=()",
  "bluetooth=()",
  "hid=()",
  "midi=()",
  "magnetometer=()",
  "gyroscope=()",
  "accelerometer=()",
  "display-capture=()",
  "browsing-topics=()",
  "interest-cohort=()",
].join(", ");

/** Media may be kept by the browser (privately: it sets its own Cache-Control); every other API answer is private data. */
const cachedPrivately = (path) => path.startsWith("/api/media/") || path.startsWith("/v1/files/");
/** JSON routes: Darkroom's own (/api/…) and the gateway's copy of the generation API (/v1/…). */
// /metrics: Prometheus's scrape address (app/metrics), an API answer like the others.
const isRoute = (path) => path.startsWith("/api/") || path.startsWith("/v1/") || path === "/metrics";

/** A share link's page and media (app/(public)/s): nothing there is for search engines. */
const isShared = (path) => path.startsWith("/s/");
/**
 * A share link's media (and its ZIP) is not kept by the browser: once the link is revoked it should not be at hand. Nor is its
 * 429 answer (/s/<token>/throttled), which holds only for the next minute.
 */
const sharedNoStore = (path) => /^\/s\/[^/]+\/(media\/|download$|throttled$)/.test(path);

/** Headers for one answer; `csp` is the policy (pages and routes alike). */
export function securityHeaders({ path, csp, https }) {
  return {
    "Content-Security-Policy": csp,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
    ...(https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
    ...(isShared(path) ? { "X-Robots-Tag": "noindex, nofollow, noimageindex" } : {}),
    ...((isRoute(path) && !cachedPrivately(path)) || sharedNoStore(path) ? { "Cache-Control": "no-store" } : {}),
  };
}

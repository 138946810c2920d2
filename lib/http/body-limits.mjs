// How large a request body may be, by where it goes. The launcher's front (lib/launcher/front.mjs) refuses
// a larger body before Next reads any of it, and each route counts again while it reads (lib/http/body.ts).
// Plain JavaScript, since Node preloads the front before any TypeScript loader runs (types: body-limits.d.mts).

/** The JSON bodies of Darkroom's own routes. */
export const MAX_JSON_BODY = 64 * 1024;
/** Sign-in, update-user and the other JSON bodies of better-auth are a few hundred bytes. */
export const AUTH_BODY_LIMIT = 16 * 1024;
/** An uploaded input image (the route reads it only after the session is checked). */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** A batch's form: its file (lib/schemas/batches.ts MAX_BATCH_BYTES, 20 MB, counted again while it streams) and its recipe. */
export const BATCH_FORM_MAX_BYTES = 21 * 1024 * 1024;
/** A script's batch through the gateway (POST /v1/batches): JSON lines up to MAX_BATCH_BYTES (20 MB), and a margin. */
export const GATEWAY_BATCH_MAX_BYTES = 21 * 1024 * 1024;

// The first whose path prefix matches (or, with `exact`, whose path is the prefix) decides. better-auth's routes
// answer in its own error shape, which its browser client reads; everything else (pages included, which take no
// body) is a JSON route.
const LIMITS = [
  { prefix: "/api/uploads", limit: UPLOAD_MAX_BYTES },
  { prefix: "/api/batches", limit: BATCH_FORM_MAX_BYTES },
  // Only the creation itself: /v1/batches/{id} takes no body.
  { prefix: "/v1/batches", limit: GATEWAY_BATCH_MAX_BYTES, exact: true },
  { prefix: "/api/auth", limit: AUTH_BODY_LIMIT, betterAuth: true },
  { prefix: "", limit: MAX_JSON_BODY },
];

const size = (bytes) => (bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MB` : `${Math.round(bytes / 1024)} KiB`);

/** The largest body a request to `target` (a path, with or without a query) may send, and the 413 answer's body. */
export function bodyLimit(target) {
  const path = target.split("?")[0];
  const { limit, betterAuth } = LIMITS.find(
    ({ prefix, exact }) => prefix === "" || path === prefix || (!exact && path.startsWith(`${prefix}/`)),
  );
  const message = `The request body is over ${size(limit)}.`;
  const refusal = betterAuth ? { code: "PAYLOAD_TOO_LARGE", message } : { error: { code: "payload_too_large", message } };
  return { limit, refusal: JSON.stringify(refusal) };
}

// Types for body-limits.mjs (plain JavaScript: the launcher's front, preloaded by Node, imports it too).
export const MAX_JSON_BODY: number;
export const AUTH_BODY_LIMIT: number;
export const UPLOAD_MAX_BYTES: number;
export const BATCH_FORM_MAX_BYTES: number;
export const GATEWAY_BATCH_MAX_BYTES: number;
/** The largest body a request to `target` (a path, with or without a query) may send, and the 413 answer's body. */
export function bodyLimit(target: string): { limit: number; refusal: string };

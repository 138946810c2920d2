// Types for security-headers.mjs (plain JavaScript: the launcher's front, preloaded by Node, imports it too).
/** A fresh nonce per page view: Next puts it on its own scripts when the request carries the policy. */
export function newNonce(): string;
/** The Content-Security-Policy for one answer: scripts only with `nonce`, eval only when `dev`. */
export function contentSecurityPolicy(options: { nonce: string; dev: boolean; https: boolean }): string;
export const PERMISSIONS_POLICY: string;
/** Headers for one answer; `csp` is the policy (pages and routes alike). */
export function securityHeaders(options: { path: string; csp: string; https: boolean }): Record<string, string>;

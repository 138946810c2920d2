// Types for front.mjs (plain JavaScript: Node preloads it before any TypeScript loader runs).
export function hasMalformedEscape(target: string): boolean;
/** Serves `root` (a build's `.next/static`) brotli-compressed from now on. */
export function serveStaticFrom(root: string): { warm(): Promise<void> };

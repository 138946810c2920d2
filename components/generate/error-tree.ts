// The form's errors, shaped like its values: { prompt: { message }, image_urls: { 1: { message } } }. A list
// may carry a message of its own beside its rows' ("Add at most 10 URLs").
export type ErrorTree = Record<string, unknown>;

type Node = Record<string, unknown> & { message?: string };

/**
 * The tree with `message` at a dotted path ("image_urls.1"), copied along the path and kept apart elsewhere.
 * With `keep`, a message already there stays: the first problem found is the one shown.
 */
export function withError(tree: ErrorTree, path: string, message: string, { keep = false } = {}): ErrorTree {
  const [key, ...rest] = path.split(".");
  const node = (typeof tree[key!] === "object" && tree[key!] !== null ? tree[key!] : {}) as Node;
  if (rest.length > 0) return { ...tree, [key!]: withError(node, rest.join("."), message, { keep }) };
  if (keep && typeof node.message === "string") return tree;
  return { ...tree, [key!]: { ...node, message } };
}

/** The message at `path` in an error tree (the node itself when no path is given). */
export function errorAt(errors: unknown, ...path: (string | number)[]): string | undefined {
  let node: unknown = errors;
  for (const key of path) node = typeof node === "object" && node !== null ? (node as Record<string | number, unknown>)[key] : undefined;
  if (typeof node !== "object" || node === null) return undefined;
  const { message } = node as { message?: unknown };
  return typeof message === "string" ? message : undefined;
}

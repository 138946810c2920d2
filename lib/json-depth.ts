// JSON from outside (an upstream answer, a script's body) may nest thousands of levels deep: JSON.parse reads
// it, but every recursive walk of it (JSON.stringify, structuredClone, our own) then overflows the stack with
// a RangeError. These two look at such a value without recursing past a limit, so a caller can refuse it or
// cut it before anything recursive touches it.

/** Whether `value` nests objects or arrays more than `limit` levels deep (a scalar is 0 deep, `[]` 1). Never recurses. */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== "object" || item === null) continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

export const NESTED_TOO_DEEP = "[nested too deep]";

/** `value` with every object or array below `limit` levels replaced by NESTED_TOO_DEEP: safe to stringify. */
export function cutDeeperThan(value: unknown, limit: number): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (limit <= 0) return NESTED_TOO_DEEP;
  if (Array.isArray(value)) return value.map((item) => cutDeeperThan(item, limit - 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cutDeeperThan(item, limit - 1)]));
}

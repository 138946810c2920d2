// Small value checks shared by every model. A check throws a Violation so each model can read its
// fields top to bottom and the first violation in that order is the one reported.
import type { ValidationContext } from "../types";

export class Violation extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export function fail(field: string, message: string): never {
  throw new Violation(field, message);
}

export type Body = Record<string, unknown>;

/** Validates one present value; `path` is the dotted field name used in messages. */
export type Check = (value: unknown, path: string, ctx: ValidationContext) => void;

export function isPlainObject(value: unknown): value is Body {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// JSON.parse never yields undefined, but a caller building a body in code may; treat it as absent.
export function has(body: Body, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(body, key) && body[key] !== undefined;
}

/** Rejects the first key that is not in `known`, so a typo never silently falls back to a default. */
export function rejectUnknown(body: Body, known: readonly string[], prefix: string, owner: string): void {
  for (const key of Object.keys(body)) {
    if (!known.includes(key) && body[key] !== undefined) {
      fail(prefix + key, `${prefix + key} is not a field of ${owner}; check its spelling against the API reference`);
    }
  }
}

export function formatCount(n: number): string {
  return n.toLocaleString("en-US");
}

/** "a or b" for two values, "one of a, b, c" for more. */
export function describeChoices(values: readonly (string | number)[]): string {
  if (values.length === 1) return String(values[0]);
  if (values.length === 2) return `${values[0]} or ${values[1]}`;
  return `one of ${values.join(", ")}`;
}

// A quoted number is the commonest strict-type mistake; saying so makes the fix obvious.
function numberHint(value: unknown): string {
  return typeof value === "string" ? " (send a JSON number, not a string)" : "";
}

export function readPrompt(body: Body, min: number, max: number): string {
  const value = body.prompt;
  if (!has(body, "prompt")) fail("prompt", "prompt is required");
  if (typeof value !== "string") fail("prompt", "prompt must be a string");
  if (value.trim() === "") fail("prompt", "prompt must not be empty or only white space");
  if (value.length < min) fail("prompt", `prompt must be at least ${formatCount(min)} characters long`);
  if (value.length > max) fail("prompt", `prompt must be at most ${formatCount(max)} characters long`);
  return value;
}

/** The value must equal one of `values` exactly (numbers must be JSON numbers). */
export function oneOf(values: readonly (string | number)[], unit = ""): Check {
  return (value, path) => {
    if (typeof value === "string" || typeof value === "number") {
      if (values.includes(value)) return;
    }
    const hint = typeof values[0] === "number" ? numberHint(value) : "";
    fail(path, `${path} must be ${describeChoices(values)}${unit}${hint}`);
  };
}

export function integer(min: number, max: number, unit = ""): Check {
  return (value, path) => {
    if (typeof value === "number" && Number.isInteger(value) && value >= min && value <= max) return;
    const range = `from ${formatCount(min)} to ${formatCount(max)}`;
    fail(path, `${path} must be a whole number ${range}${unit}${numberHint(value)}`);
  };
}

export const boolean: Check = (value, path) => {
  if (typeof value !== "boolean") fail(path, `${path} must be true or false`);
};

export function string(value: unknown, path: string): string {
  if (typeof value !== "string") fail(path, `${path} must be a string`);
  return value;
}

/** An array of `min`..`max` items, each validated by `item` at `path.index`. */
export function arrayOf(min: number, max: number, noun: string, item: Check): Check {
  return (value, path, ctx) => {
    const bounds = min === max ? `${min}` : `${min} ${max === min + 1 ? "or" : "to"} ${max}`;
    if (!Array.isArray(value)) fail(path, `${path} must be an array of ${bounds} ${noun}`);
    if (value.length < min || value.length > max) {
      fail(path, `${path} must hold ${bounds} ${noun} (it holds ${value.length})`);
    }
    value.forEach((element, index) => item(element, `${path}.${index}`, ctx));
  };
}

/** Runs a validator, turning its first Violation into the public result. */
export function collect<T>(validate: () => T): { ok: true; request: T } | { ok: false; field: string; message: string } {
  try {
    return { ok: true, request: validate() };
  } catch (error) {
    if (error instanceof Violation) return { ok: false, field: error.field, message: error.message };
    throw error;
  }
}

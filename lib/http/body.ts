import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { MAX_JSON_BODY } from "./body-limits.mjs";

export { MAX_JSON_BODY };

/** Postgres cannot store U+0000 in text (SQLite can): refuse it at the edge, the same on both. */
export function refuseNul(value: unknown, where: string): void {
  const stack = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === "string" && item.includes("\u0000")) {
      throw new AppError("invalid:text", `The ${where} contains a NUL character (U+0000), which text cannot hold.`);
    }
    if (item && typeof item === "object") stack.push(...Object.values(item));
  }
}

/** Field path → first message, for forms to show beside each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : "_form";
    fields[key] ??= issue.message;
  }
  return fields;
}

/** How a refusal names its fields: `fieldErrors` for Darkroom's forms, or the spec's one field per key (lib/gateway). */
type FieldNamer = (error: z.ZodError) => Record<string, string>;

export function parseWith<T>(schema: z.ZodType<T>, value: unknown, namer: FieldNamer = fieldErrors): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = namer(result.error);
  throw new AppError("invalid:body", Object.values(fields)[0] ?? "The request is not valid.", fields);
}

const TOO_LARGE = (limit: number) => new AppError("payload_too_large", `The request body is over ${Math.round(limit / 1024)} KiB.`);

/**
 * The body's bytes, counted while they stream in: reading stops at the limit with a 413, so a chunked
 * body (no Content-Length) of any size costs at most `limit` bytes of memory. Called before the session
 * is checked, so nobody can make the server hold a large body.
 */
export async function readBytes(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length"));
  if (declared > limit) throw TOO_LARGE(limit);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      // The client went away mid-body, or the launcher's front cut it past its limit (and answered 413 itself).
      throw new AppError("bad_request:body", "The request body did not arrive whole; send it again.");
    });
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw TOO_LARGE(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The JSON content type and the size, checked before the session: what `parseJson` reads later. */
export async function readJsonBytes(request: Request): Promise<Uint8Array> {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") throw new AppError("unsupported_media_type", "Send the body as JSON (Content-Type: application/json).");
  return readBytes(request, MAX_JSON_BODY);
}

/** Parses and validates a body read by `readJsonBytes`; each failure is a 4xx a person can act on. */
export function parseJson<T>(bytes: Uint8Array, schema: z.ZodType<T>, namer?: FieldNamer): T {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new AppError("bad_request:json", "The request body is not valid JSON.");
  }
  // The schema first, so a field that refuses NUL itself (a display name) says so beside the field.
  const parsed = parseWith(schema, value, namer);
  refuseNul(value, "request body");
  return parsed;
}

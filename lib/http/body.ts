import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";

export const MAX_JSON_BODY = 64 * 1024;

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

export function parseWith<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  throw new AppError("invalid:body", Object.values(fields)[0] ?? "The request is not valid.", fields);
}

/** Reads a JSON body within 64 KiB and validates it; each failure is a 4xx a person can act on. */
export async function readJson<T>(request: Request, schema: z.ZodType<T>): Promise<T> {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") throw new AppError("unsupported_media_type", "Send the body as JSON (Content-Type: application/json).");
  const declared = Number(request.headers.get("content-length"));
  if (declared > MAX_JSON_BODY) throw new AppError("payload_too_large", "The request body is over 64 KiB.");
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_JSON_BODY) throw new AppError("payload_too_large", "The request body is over 64 KiB.");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("bad_request:json", "The request body is not valid JSON.");
  }
  refuseNul(value, "request body");
  return parseWith(schema, value);
}

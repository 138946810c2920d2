import "server-only";
import { z } from "zod";
import type { UpstreamError } from "./outcome";

// Task answers are read field by field in ./task-reader (the spec leaves several forms open); error
// bodies here, each detail on its own.

export { TASK_STATUSES, type TaskStatus } from "@/lib/schemas/views";
export type { Task, TaskResult } from "./task-reader";

// Error bodies in the order we expect them: v1's documented shape, the legacy shape, then the bare
// shapes proxies and gateways tend to produce. Anything else (HTML, plain text) yields nothing.
// Each detail is read on its own, so one odd field (a numeric code) does not lose the others.
const text = z.string().min(1).optional().catch(undefined);
const v1ErrorBody = z.looseObject({ error: z.looseObject({ code: text, message: text, field: text }) });
const legacyErrorBody = z.looseObject({ errorCode: text, errorMessage: text, field: text });
const bareErrorBody = z.looseObject({ code: text, message: text, field: text });

/** Reads whatever error details an answer carries; never fails. */
export function parseErrorBody(body: unknown): UpstreamError {
  const v1 = v1ErrorBody.safeParse(body);
  if (v1.success) return definedOnly({ code: v1.data.error.code, message: v1.data.error.message, field: v1.data.error.field });
  const legacy = legacyErrorBody.safeParse(body);
  if (legacy.success && (legacy.data.errorCode || legacy.data.errorMessage)) {
    return definedOnly({ code: legacy.data.errorCode, message: legacy.data.errorMessage, field: legacy.data.field });
  }
  const bare = bareErrorBody.safeParse(body);
  return bare.success ? definedOnly({ code: bare.data.code, message: bare.data.message, field: bare.data.field }) : {};
}

function definedOnly(error: UpstreamError): UpstreamError {
  return Object.fromEntries(Object.entries(error).filter(([, value]) => value !== undefined));
}

/** JSON.parse that answers undefined for text that is not JSON (an HTML error page, an empty body). */
export function parseJsonText(text: string): unknown {
  try {
    return text === "" ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

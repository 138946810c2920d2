import "server-only";
import { AppError } from "@/lib/errors";

// The gateway answers in the spec's error shape, `{"error": {"code", "message", "field"}}`, so a script
// written for the upstream reads Darkroom's refusals unchanged. A refusal by a budget is the spec's 402
// ("not enough credits"): for the script, the team's budget is the account it may spend.

// The upstream's own codes where Darkroom refuses for the same reason, so a script that branches on
// `error.code` (the emulator's conformance files, run against the gateway, read them) branches the same way.
// Refusals only Darkroom makes keep Darkroom's words: over_budget, token_scope.
const UPSTREAM_CODES: Record<string, string> = {
  "bad_request:json": "malformed_json",
  "bad_request:idempotency_key": "invalid_idempotency_key",
  "conflict:idempotency_key": "idempotency_conflict",
  "invalid:body": "invalid_request",
  "unauthorized:access_token": "unauthorized",
  "not_found:task": "not_found",
  "not_found:route": "not_found",
  "rate_limited:token": "rate_limited",
  "bad_request:legacy_request": "invalid_request",
  // Batches (./batches.ts): a line the API would refuse is its 422; a batch over the size limit its 413.
  "invalid:batch_rows": "invalid_request",
  "invalid:batch_file": "invalid_request",
  "payload_too_large:batch_file": "payload_too_large",
  "not_found:batch": "not_found",
};

/** What both dialects say about a refusal: its status, code (v1's lower-case words), message and field. */
function refusalOf(error: AppError) {
  const [kind, subject] = error.code.split(":");
  const [field, fieldMessage] = Object.entries(error.fields ?? {})[0] ?? [];
  const overBudget = subject === "over_budget";
  return {
    status: overBudget ? 402 : error.status,
    code: overBudget ? "over_budget" : (UPSTREAM_CODES[error.code] ?? subject ?? kind ?? "internal"),
    // A field's own message says what to change; the general one ("invalid fields") does not.
    message: fieldMessage ?? error.message,
    field: field?.replace(/^request\./, ""),
  };
}

export function gatewayErrorResponse(error: AppError): Response {
  const { status, code, message, field } = refusalOf(error);
  return Response.json({ error: { code, message, ...(field ? { field } : {}) } }, { status, headers: error.headers });
}

/**
 * The legacy endpoints' error shape, as the upstream's legacy dialect answers: `{errorCode, errorMessage, field?}`
 * with the code in capitals (INVALID_REQUEST, UNAUTHORIZED, NOT_FOUND…), so a legacy script reads Darkroom's
 * refusals as it reads the API's.
 */
export function legacyErrorResponse(error: AppError): Response {
  const { status, code, message, field } = refusalOf(error);
  const headers = new Headers(error.headers);
  // The legacy key is a header of its own, not a Bearer credential.
  headers.delete("WWW-Authenticate");
  return Response.json({ errorCode: code.toUpperCase(), errorMessage: message, ...(field ? { field } : {}) }, { status, headers });
}

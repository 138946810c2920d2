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
  "rate_limited:token": "rate_limited",
};

export function gatewayErrorResponse(error: AppError): Response {
  const [kind, subject] = error.code.split(":");
  const [field, fieldMessage] = Object.entries(error.fields ?? {})[0] ?? [];
  const overBudget = subject === "over_budget";
  const body = {
    error: {
      code: overBudget ? "over_budget" : (UPSTREAM_CODES[error.code] ?? subject ?? kind),
      // A field's own message says what to change; the general one ("invalid fields") does not.
      message: fieldMessage ?? error.message,
      ...(field ? { field: field.replace(/^request\./, "") } : {}),
    },
  };
  return Response.json(body, { status: overBudget ? 402 : error.status, headers: error.headers });
}

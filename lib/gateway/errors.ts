import "server-only";
import { AppError } from "@/lib/errors";

// The gateway answers in the spec's error shape, `{"error": {"code", "message", "field"}}`, so a script
// written for the upstream reads Darkroom's refusals unchanged. A refusal by a budget is the spec's 402
// ("not enough credits"): for the script, the team's budget is the account it may spend.

export function gatewayErrorResponse(error: AppError): Response {
  const [kind, subject] = error.code.split(":");
  const [field, fieldMessage] = Object.entries(error.fields ?? {})[0] ?? [];
  const overBudget = subject === "over_budget";
  const body = {
    error: {
      code: overBudget ? "over_budget" : (subject ?? kind),
      // A field's own message says what to change; the general one ("invalid fields") does not.
      message: fieldMessage ?? error.message,
      ...(field ? { field: field.replace(/^request\./, "") } : {}),
    },
  };
  return Response.json(body, { status: overBudget ? 402 : error.status, headers: error.headers });
}

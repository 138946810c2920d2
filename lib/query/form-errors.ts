import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError, errorMessage } from "./fetch-json";

/** Where forms keep an error that belongs to no single field; render it in a role="alert" box. */
export const FORM_ERROR = "root.server" as const;

interface ApplyOptions<T extends FieldValues> {
  /** The form's field names: only these receive per-field messages from the server. */
  fields: readonly Path<T>[];
  /** Error codes that belong to one field, e.g. { "conflict:email": "email" }. */
  codeFields?: Partial<Record<string, Path<T>>>;
}

/**
 * Puts a server error onto the form: per-field messages next to their inputs, everything else in the
 * form-level alert. Returns nothing; the caller keeps the form open so the person can fix and resend.
 */
export function applyApiError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  { fields, codeFields = {} }: ApplyOptions<T>,
): void {
  if (!(error instanceof ApiError)) {
    setError(FORM_ERROR, { message: errorMessage(error) });
    return;
  }
  let placed = false;
  const known = new Set<string>(fields);
  for (const [field, message] of Object.entries(error.fields)) {
    if (!known.has(field)) continue;
    setError(field as Path<T>, { type: "server", message }, { shouldFocus: !placed });
    placed = true;
  }
  const codeField = codeFields[error.code];
  if (!placed && codeField) {
    setError(codeField, { type: "server", message: error.message }, { shouldFocus: true });
    placed = true;
  }
  if (!placed) setError(FORM_ERROR, { message: error.message });
}

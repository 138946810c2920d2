// The Generate form's submit: one submission (its id made once per distinct submit), then the answer's
// submissions to the page, or its refusal onto the fields. Loaded with the form's check, once someone starts on
// the form (generation-form.tsx): a page that is only looked at carries none of it.
import type { QueryClient } from "@/lib/query/cache";
import { ApiError } from "@/lib/query/fetch-json";
import { applyApiError } from "@/lib/query/form-errors";
import { refreshCredits } from "@/lib/query/ledger";
import { submitGeneration } from "@/lib/query/submission-actions";
import type { SubmissionView } from "@/lib/schemas/views";
import type { FieldSpec } from "@/lib/models/form";
import type { FormStore } from "./form-store";
import { ENDPOINT_FIELD, RUNS_FIELD, type Submitted } from "./form-fields";
import { newSubmissionId } from "@/components/shared/submission-id";

/** The submit being tried: its id and the values it was made for. */
export type Attempt = { id: string; key: string } | null;

/** The server names request fields "request.prompt"; the form calls them "prompt". */
function onForm(error: ApiError): ApiError {
  const fields = Object.fromEntries(Object.entries(error.fields).map(([name, message]) => [name.replace(/^request\./, ""), message]));
  return new ApiError(error.status, { code: error.code, message: error.message, fields });
}

interface Send {
  client: QueryClient;
  form: FormStore<Submitted>;
  fields: readonly FieldSpec[];
  /** Kept by the form between submits: a double click or a retry after a lost answer reuses the id. */
  attempt: { current: Attempt };
  submitted: Submitted;
  onSubmitted: (submissions: SubmissionView[]) => void;
}

export async function sendGeneration({ client, form, fields, attempt, submitted, onSubmitted }: Send): Promise<void> {
  const { request, runs, endpoint } = submitted;
  const key = JSON.stringify([request, runs, endpoint]);
  if (attempt.current?.key !== key) attempt.current = { id: newSubmissionId(), key };
  try {
    const { submissions } = await submitGeneration({
      submissionId: attempt.current.id,
      runs,
      request,
      ...(endpoint === "legacy" ? { endpoint } : {}),
    });
    attempt.current = null;
    onSubmitted(submissions);
  } catch (error) {
    // This id was used for other values (an edit after a lost answer): the next submit gets a fresh one.
    if (error instanceof ApiError && error.code === "conflict:submission") attempt.current = null;
    const shown = error instanceof ApiError ? onForm(error) : error;
    const names = new Set([...fields.map((field) => field.name), RUNS_FIELD, ENDPOINT_FIELD]);
    const known = shown instanceof ApiError ? Object.keys(shown.fields).filter((name) => names.has(name.split(".")[0] ?? "")) : [];
    applyApiError(shown, form.setError, { fields: known });
  } finally {
    // A submission commits budget credits: every credit figure shown (budgets, alerts, the page's ledger) is read again.
    refreshCredits(client);
  }
}

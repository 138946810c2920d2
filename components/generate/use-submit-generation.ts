import { useRef } from "react";
import { ApiError } from "@/lib/query/fetch-json";
import { applyApiError } from "@/lib/query/form-errors";
import { useSubmitGenerationMutation } from "@/lib/query/submissions";
import type { SubmissionView } from "@/lib/schemas/views";
import type { FieldSpec } from "@/lib/models/form";
import type { FormStore } from "./form-store";
import { ENDPOINT_FIELD, RUNS_FIELD, type Submitted } from "./form-fields";
import { newSubmissionId } from "@/components/shared/submission-id";

/** The server names request fields "request.prompt"; the form calls them "prompt". */
function onForm(error: ApiError): ApiError {
  const fields = Object.fromEntries(Object.entries(error.fields).map(([name, message]) => [name.replace(/^request\./, ""), message]));
  return new ApiError(error.status, { code: error.code, message: error.message, fields });
}

/**
 * Sends the form as one submission. The id is made once per distinct submit and reused until the server
 * has accepted it, so a double click or a retry after a lost answer is recognised as the same
 * submission (the server answers it again instead of queueing it twice).
 */
export function useSubmitGeneration(
  form: FormStore<Submitted>,
  fields: readonly FieldSpec[],
  onSubmitted: (submissions: SubmissionView[]) => void,
) {
  const attempt = useRef<{ id: string; key: string } | null>(null);
  const inFlight = useRef(false);
  const send = useSubmitGenerationMutation();

  return async function submit({ request, runs, endpoint }: Submitted): Promise<void> {
    if (inFlight.current) return;
    const key = JSON.stringify([request, runs, endpoint]);
    if (attempt.current?.key !== key) attempt.current = { id: newSubmissionId(), key };
    inFlight.current = true;
    try {
      const { submissions } = await send.mutateAsync({
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
      inFlight.current = false;
    }
  };
}

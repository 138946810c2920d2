import { useRef } from "react";
import { useQueryClient } from "@/lib/query/react";
import { FORM_ERROR } from "@/lib/query/form-errors";
import type { SubmissionView } from "@/lib/schemas/views";
import type { FieldSpec } from "@/lib/models/form";
import type { FormStore } from "./form-store";
import type { Submitted } from "./form-fields";
import type { Attempt } from "./send-generation";

// The submit's code loads with the form's check, once someone starts on the form: see generation-form.tsx.
export const loadSendGeneration = () => import("./send-generation");

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
  const attempt = useRef<Attempt>(null);
  const inFlight = useRef(false);
  const client = useQueryClient();

  return async function submit(submitted: Submitted): Promise<void> {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const { sendGeneration } = await loadSendGeneration();
      await sendGeneration({ client, form, fields, attempt, submitted, onSubmitted });
    } catch {
      // Its code did not load (the connection dropped): nothing was sent.
      form.setError(FORM_ERROR, { message: "The request could not be sent. Check your connection and try again." });
    } finally {
      inFlight.current = false;
    }
  };
}

// What the Generate page sends about submissions: a new one (with its runs), and one sent again with a new key.
// Apart from ./submissions (what the page follows), so the workspace's first screen does not carry it.
import { useMutation, useQueryClient } from "./react";
import type { GenerationInput } from "@/lib/models/catalogue";
import type { SubmissionView } from "@/lib/schemas/views";
import { fetchJson } from "./fetch-json";
import { submissionKeys } from "./keys";
import { refreshCredits } from "./ledger";

export interface GenerationBody {
  /** Made by the form once per submit: a double click or a retry sends the same id, so the server stores one. */
  submissionId: string;
  runs: number;
  request: GenerationInput;
}

export function submitGeneration(body: GenerationBody): Promise<{ submissions: SubmissionView[]; repeated: boolean }> {
  return fetchJson("/api/generations", { method: "POST", json: body });
}

export function useSubmitGenerationMutation() {
  const client = useQueryClient();
  // A submission commits budget credits: every credit figure shown (budgets, alerts, the page's ledger) is read again.
  return useMutation({ mutationFn: submitGeneration, onSettled: () => refreshCredits(client) });
}

function resendWithNewKey(id: string): Promise<{ submission: SubmissionView }> {
  return fetchJson(`/api/submissions/${encodeURIComponent(id)}/resend`, { method: "POST", json: { acceptSecondCharge: true } });
}

/** "Send again with a new key" for a submission that needs attention (the person accepted a possible second charge). */
export function useResendWithNewKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resendWithNewKey,
    onSuccess: ({ submission }) => client.setQueryData(submissionKeys.detail(submission.id), submission),
  });
}

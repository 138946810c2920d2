import { useMutation } from "./react";
import type { LearnedValues } from "@/lib/schemas/learned-values";
import type { ProbeResult } from "@/lib/upstream/probe";
import { fetchJson } from "./fetch-json";

/** Asks the server to probe the upstream with the stored key; the key never reaches the browser. */
function testConnection(): Promise<ProbeResult> {
  return fetchJson<ProbeResult>("/api/settings/connection-test", { method: "POST" });
}

export function useTestConnection() {
  return useMutation({ mutationFn: testConnection });
}

/** Forgets what the API's 422s taught (refused values, a required aspect ratio), so the form offers every value again. */
export function useResetRefusedValues() {
  return useMutation({ mutationFn: () => fetchJson<LearnedValues>("/api/settings/refused-values", { method: "DELETE" }) });
}

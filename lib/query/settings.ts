import { useMutation } from "@tanstack/react-query";
import type { ProbeResult } from "@/lib/upstream/probe";
import { fetchJson } from "./fetch-json";

/** Asks the server to probe the upstream with the stored key; the key never reaches the browser. */
function testConnection(): Promise<ProbeResult> {
  return fetchJson<ProbeResult>("/api/settings/connection-test", { method: "POST" });
}

export function useTestConnection() {
  return useMutation({ mutationFn: testConnection });
}

/** Forgets the values the API refused (alpha resolutions), so the form offers every value again. */
export function useResetRefusedValues() {
  return useMutation({ mutationFn: () => fetchJson<{ alphaResolution: string[] }>("/api/settings/refused-values", { method: "DELETE" }) });
}

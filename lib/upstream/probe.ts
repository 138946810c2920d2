import "server-only";
import { env } from "@/lib/env";

export type ProbeState = "ok" | "key_rejected" | "disabled" | "rate_limited" | "unexpected" | "unreachable" | "not_configured";

export interface ProbeResult {
  state: ProbeState;
  /** Plain words for a person; never the key or the upstream URL. */
  message: string;
  latencyMs?: number;
}

// There is no health endpoint upstream: one authenticated retrieval of a task that cannot exist
// tells reachability and key validity apart (404 = reachable and key accepted).
const PROBE_TASK_ID = "task_darkroom_connection_check";

export async function probeUpstream(
  config = { baseUrl: env.GENERATION_API_BASE_URL, apiKey: env.GENERATION_API_KEY },
): Promise<ProbeResult> {
  if (!config.baseUrl || !config.apiKey) {
    return { state: "not_configured", message: "No upstream is configured: set GENERATION_API_BASE_URL and GENERATION_API_KEY." };
  }
  const started = performance.now();
  let status: number;
  try {
    const response = await fetch(`${config.baseUrl}/v1/tasks/${PROBE_TASK_ID}`, {
      headers: { Authorization: `Bearer ${config.apiKey}` },
      cache: "no-store",
      signal: AbortSignal.timeout(5_000),
    });
    status = response.status;
    await response.body?.cancel();
  } catch {
    return { state: "unreachable", message: "The generation API did not answer within 5 seconds (network error or timeout)." };
  }
  const latencyMs = Math.round(performance.now() - started);
  if (status === 404 || status === 200) return { state: "ok", message: "Reachable, and the API key is accepted.", latencyMs };
  if (status === 401) return { state: "key_rejected", message: "Reachable, but the API key was rejected (401).", latencyMs };
  if (status === 403) return { state: "disabled", message: "Reachable, but the API account is disabled (403).", latencyMs };
  if (status === 429)
    return {
      state: "rate_limited",
      message: "Reachable, but the key is at its rate limit right now (429); try again in a minute.",
      latencyMs,
    };
  return { state: "unexpected", message: `The generation API answered HTTP ${status}.`, latencyMs };
}

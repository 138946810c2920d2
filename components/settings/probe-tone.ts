import type { ProbeState } from "@/lib/upstream/probe";

/** How serious each upstream probe result is; "muted" is not an error, just nothing configured. */
export const PROBE_TONE: Record<ProbeState, "success" | "warning" | "danger" | "muted"> = {
  ok: "success",
  rate_limited: "warning",
  key_rejected: "danger",
  disabled: "danger",
  unexpected: "danger",
  unreachable: "danger",
  not_configured: "muted",
};

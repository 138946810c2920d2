import type { SubmissionView } from "@/lib/schemas/views";

/** A submission's state in words, on the workspace's cards and a comparison's columns. */
export const SUBMISSION_STATE: Record<SubmissionView["state"], string> = {
  queued: "Queued",
  sending: "Sending",
  accepted: "Accepted",
  rejected: "Refused",
  cancelled: "Cancelled",
  attention: "Needs attention",
  paused: "Paused",
};

// What GET /api/queue answers, and whether the gallery shows its panel: a plain module, so the Tasks page's server
// component decides with the same rule as the browser whether the panel's code comes with the page.
import type { SubmissionView } from "@/lib/schemas/views";

export interface QueueAnswer {
  paused: boolean;
  held: { message: string | null; since: string } | null;
  /** The first waiting (up to 50), in dispatch order, each with `reason` and `sendAt`. */
  submissions: SubmissionView[];
  /** How many wait in all. */
  waiting: number;
  /** Held for a person's decision. */
  attention: SubmissionView[];
  /** Cancelled by the rules before sending in the last day (a token revoked, a member disabled…), with the reason. */
  withdrawn: SubmissionView[];
}

/**
 * The panel shows while submissions wait to be sent, need a decision or were cancelled by the rules in the last
 * day, or the queue is paused or held.
 */
export function queueShows(data: QueueAnswer | undefined): data is QueueAnswer {
  return Boolean(data && (data.submissions.length || data.held || data.paused || data.attention.length || data.withdrawn.length));
}

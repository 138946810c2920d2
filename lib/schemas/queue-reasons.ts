// Why a submission waits, in words: computed on the server into the queue's answer (lib/tasks/queue-reasons.ts)
// and re-worded by the browser as the clock moves, with this one function, so the queue and every card say the
// same thing. Client-safe.

export const QUEUE_REASON_CODES = [
  "sending",
  "next",
  "video_slot",
  "image_slot",
  "rate_limited",
  "retrying",
  "first_charge",
  "over_budget",
  "paused",
  "key_refused",
  "account_disabled",
  "attention",
] as const;
export type QueueReasonCode = (typeof QUEUE_REASON_CODES)[number];

export interface QueueReason {
  code: QueueReasonCode;
  /** The words at the time the server answered; the browser words `until` again as time passes. */
  words: string;
  /** When the wait ends or the next try goes out, where that is known (a rate pause, a retry, the key's next check). */
  until: string | null;
}

/** "12 s", "3 min": how long until `until`, for the words. */
function inWords(until: string | null, now: number): string | null {
  if (!until) return null;
  const ms = Date.parse(until) - now;
  if (!(ms > 0)) return null;
  // Seconds up to a minute and a half ("61 s" says more than "2 min"), minutes after.
  return ms < 90_000 ? `${Math.ceil(ms / 1000)} s` : `${Math.round(ms / 60_000)} min`;
}

export function queueReasonWords(code: QueueReasonCode, until: string | null, now: number): string {
  const wait = inWords(until, now);
  switch (code) {
    case "sending":
      return "Being sent now";
    case "next":
      return "Next to be sent";
    case "video_slot":
      return "Waiting for a video slot (3 videos are running)";
    case "image_slot":
      return "Waiting for an image slot (5 images are running)";
    case "rate_limited":
      return wait ? `API rate limit, next try in ${wait}` : "API rate limit, trying again now";
    case "retrying":
      return wait ? `The API did not answer clearly, same request again in ${wait}` : "The API did not answer clearly, trying again now";
    case "first_charge":
      return "Waiting for the first charge of these settings";
    case "over_budget":
      return wait ? `Over budget, checking again in ${wait}` : "Over budget, checking again now";
    case "paused":
      return "Paused by admin";
    case "key_refused":
      return wait ? `API key refused, checking again in ${wait}` : "API key refused, checking again now";
    case "account_disabled":
      return wait ? `API account disabled, checking again in ${wait}` : "API account disabled, checking again now";
    case "attention":
      return "Needs attention";
  }
}

export const queueReason = (code: QueueReasonCode, until: string | null, now: number): QueueReason => ({
  code,
  until,
  words: queueReasonWords(code, until, now),
});

// What the webhook receives: one JSON body that Slack (`text`) and Discord (`content`) both post as a
// message, with the same event for programs under `darkroom` (both services ignore fields they do not know).
// Client-safe: docs/guide.md (Webhooks) and the tests name the shape from here.

export interface WebhookEvent {
  /** What happened, as a dotted name: `budget.alert`, `test`. */
  kind: string;
  /** One or two lines a person reads in the channel. */
  text: string;
  /** Structured fields for programs (numbers as numbers). */
  data?: Record<string, unknown>;
  /** An event with a key is stored once at most (an alert per budget, period and threshold). */
  dedupeKey?: string;
}

/** Discord refuses `content` over 2,000 characters; Slack's `text` is cut the same so both say the same. */
export const MESSAGE_LIMIT = 2000;

export interface WebhookBody {
  text: string;
  content: string;
  darkroom: { id: string; kind: string; createdAt: string; data: Record<string, unknown> };
}

export function webhookBody(event: WebhookEvent, { id, createdAt }: { id: string; createdAt: string }): WebhookBody {
  const message = event.text.length > MESSAGE_LIMIT ? `${event.text.slice(0, MESSAGE_LIMIT - 1)}…` : event.text;
  return { text: message, content: message, darkroom: { id, kind: event.kind, createdAt, data: event.data ?? {} } };
}

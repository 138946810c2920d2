// One event stream per browser, however many Darkroom tabs are open. On HTTP/1.1 a browser opens at most six
// connections per host, so one EventSource per tab starved the seventh tab (and every fetch of the others).
// The tabs elect a leader with the Web Locks API: the tab holding the lock opens /api/events and passes each
// event on through a BroadcastChannel; when it closes, the browser hands the lock to another tab, which opens
// the stream again from the last event it saw (`?after=`), so nothing is missed and nothing arrives twice.
import type { LiveEvent } from "@/lib/schemas/views";

/** What a tab hears: a change, or "refetch what you show" (the stream could not resume exactly). */
export type HubMessage = LiveEvent | { type: "reset" };

type Wire = HubMessage | { type: "hello"; seq: number } | { type: "access" };

const CHANNEL = "darkroom-events";
const LOCK = "darkroom-events-leader";
/** A page change unsubscribes and subscribes again within a moment: keep the stream across it. */
const LINGER_MS = 2_000;
const SEEN_KEPT = 2_000;

function parse(data: string): LiveEvent | undefined {
  try {
    const event = JSON.parse(data) as Partial<LiveEvent>;
    return typeof event.seq === "number" && typeof event.id === "string" ? (event as LiveEvent) : undefined;
  } catch {
    return undefined;
  }
}

class EventHub {
  private listeners = new Set<(message: HubMessage) => void>();
  private channel?: BroadcastChannel;
  private source?: EventSource;
  private abdicate?: () => void;
  private stopRequest?: AbortController;
  private lingering?: ReturnType<typeof setTimeout>;
  /** The last event this tab heard, from the stream or the channel: where a new leader resumes. */
  private lastSeq?: number;
  /** Seqs already handed out (events of several instances may arrive slightly out of order). */
  private seen = new Set<number>();

  subscribe(listener: (message: HubMessage) => void): () => void {
    this.listeners.add(listener);
    clearTimeout(this.lingering);
    if (!this.stopRequest && !this.source) this.start();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.lingering = setTimeout(() => this.stop(), LINGER_MS);
    };
  }

  private start(): void {
    if (typeof BroadcastChannel === "undefined" || typeof navigator === "undefined" || !navigator.locks) {
      this.lead(); // an old browser: one stream per tab, as before
      return;
    }
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (message: MessageEvent<Wire>) => this.receive(message.data);
    this.channel = channel;
    const request = new AbortController();
    this.stopRequest = request;
    navigator.locks
      .request(LOCK, { signal: request.signal }, () => {
        if (request.signal.aborted) return undefined;
        this.lead();
        // Held until this tab stops listening or closes; then the browser grants it to the next tab.
        return new Promise<void>((resolve) => (this.abdicate = resolve));
      })
      .catch(() => {}); // aborted while waiting: this tab stopped listening before it led
  }

  private lead(): void {
    const source = new EventSource(this.lastSeq === undefined ? "/api/events" : `/api/events?after=${this.lastSeq}`);
    this.source = source;
    const pass = (message: Wire) => {
      this.channel?.postMessage(message);
      this.receive(message);
    };
    for (const type of ["task", "submission"] as const) {
      source.addEventListener(type, (event) => {
        const data = parse(event.data as string);
        if (data) pass(data);
      });
    }
    source.addEventListener("hello", (event) => pass({ type: "hello", seq: Number(event.lastEventId) }));
    source.addEventListener("reset", (event) => {
      this.lastSeq = Number(event.lastEventId) || undefined;
      pass({ type: "reset" });
    });
    // The server ended the stream because this person's access changed (signed out, disabled, new role):
    // every tab reloads, showing the sign-in page or the pages of the new role.
    source.addEventListener("access", () => {
      source.close();
      pass({ type: "access" });
    });
  }

  private receive(message: Wire): void {
    if (message.type === "access") {
      window.location.reload();
      return;
    }
    if (message.type === "hello") {
      this.lastSeq ??= message.seq;
      return;
    }
    if (message.type !== "reset") {
      if (this.seen.has(message.seq)) return;
      this.seen.add(message.seq);
      if (this.seen.size > SEEN_KEPT) this.seen.delete(this.seen.values().next().value!);
      this.lastSeq = Math.max(this.lastSeq ?? 0, message.seq);
    }
    for (const listener of this.listeners) listener(message);
  }

  private stop(): void {
    this.source?.close();
    this.source = undefined;
    this.abdicate?.();
    this.abdicate = undefined;
    this.stopRequest?.abort();
    this.stopRequest = undefined;
    this.channel?.close();
    this.channel = undefined;
  }
}

let hub: EventHub | undefined;

/** This tab's share of the browser's one event stream. */
export function eventHub(): EventHub {
  hub ??= new EventHub();
  return hub;
}

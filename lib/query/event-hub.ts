// One event stream per browser, however many Darkroom tabs are open. On HTTP/1.1 a browser opens at most six
// connections per host, so one EventSource per tab starved the seventh tab (and every fetch of the others).
// The tabs elect a leader with the Web Locks API: the tab holding the lock opens /api/events and passes each
// event on through a BroadcastChannel; when it closes, the browser hands the lock to another tab, which opens
// the stream again from the last event it saw (`?after=`), so nothing is missed and nothing arrives twice.
// A tab that joins while another leads asks the leader for what it passed on since this tab's page was read
// (`catch-up?`): the leader keeps the recent events and answers that tab alone. A listener whose data the server
// read at some point of the log (a page's, see hydration-boundary.tsx) is told, as it subscribes, what this tab
// heard since then: a page's listeners mount after its data is handed over, and an event can arrive in between.
import type { LiveEvent } from "@/lib/schemas/views";

/** What a tab hears: a change, or "refetch what you show" (the stream could not resume exactly). */
export type HubMessage = LiveEvent | { type: "reset" };

type Wire =
  | HubMessage
  | { type: "hello"; seq: number }
  | { type: "access" }
  | { type: "catch-up?"; tab: string; after: number }
  /** The leader's answer to one tab: the events since, or none when it no longer has them all (refetch). */
  | { type: "catch-up"; tab: string; events?: LiveEvent[] };

const CHANNEL = "darkroom-events";
const LOCK = "darkroom-events-leader";
/** A page change unsubscribes and subscribes again within a moment: keep the stream across it. */
const LINGER_MS = 2_000;
const SEEN_KEPT = 2_000;
/** How many of the events it heard a tab keeps, for its listeners and (as the leader) for tabs that join late. */
const RECENT_KEPT = 500;

function parse(data: string): LiveEvent | undefined {
  try {
    const event = JSON.parse(data) as Partial<LiveEvent>;
    return typeof event.seq === "number" && typeof event.id === "string" ? (event as LiveEvent) : undefined;
  } catch {
    return undefined;
  }
}

export class EventHub {
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
  /** Names this tab on the channel, for answers meant for it alone. */
  private readonly tab = Math.random().toString(36).slice(2);
  /** Listening started with no page's read to resume from (see resumeAfter). */
  private unplaced = false;
  /** The events heard (oldest first); as the leader, every event after seq `completeAfter` is there. */
  private recent: LiveEvent[] = [];
  private completeAfter?: number;

  /**
   * Where the event log ended when the server read the data this page was rendered with: the stream this tab
   * opens resumes there, so a change made between that read and the stream's opening is replayed, not lost.
   * A tab already listening has its own place in the log and keeps it.
   */
  resumeAfter(seq: number): void {
    if (!this.source && !this.stopRequest) {
      this.lastSeq ??= seq;
      return;
    }
    // Listening began before this page's data arrived: a component outside the page (the layout's budget
    // alerts) subscribed first, and the stream or the catch-up started from "now", which may be after the page's
    // read. Ask again from the read: the leader's stream reopens there (what it heard arrives again); a tab that
    // follows asks the leader.
    if (!this.unplaced) return;
    this.unplaced = false;
    if (this.source) {
      this.source.close();
      this.seen.clear();
      this.lastSeq = seq;
      this.lead();
    } else {
      this.lastSeq ??= seq;
      this.channel?.postMessage({ type: "catch-up?", tab: this.tab, after: seq } satisfies Wire);
    }
  }

  /**
   * `after`: where the log stood when the listener's data was read, if it was; it is told first what this tab
   * heard since (each task's and submission's latest event), or to refetch if this tab no longer has it all.
   */
  subscribe(listener: (message: HubMessage) => void, after?: number): () => void {
    this.listeners.add(listener);
    clearTimeout(this.lingering);
    if (!this.stopRequest && !this.source) this.start();
    if (after !== undefined) {
      const missed = this.recent.length >= RECENT_KEPT && this.recent[0]!.seq > after + 1;
      if (missed) listener({ type: "reset" });
      else for (const event of latestEach(this.recent.filter((event) => event.seq > after))) listener(event);
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.lingering = setTimeout(() => this.stop(), LINGER_MS);
    };
  }

  private start(): void {
    this.unplaced = this.lastSeq === undefined;
    if (typeof BroadcastChannel === "undefined" || typeof navigator === "undefined" || !navigator.locks) {
      this.lead(); // an old browser: one stream per tab, as before
      return;
    }
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (message: MessageEvent<Wire>) => this.receive(message.data);
    this.channel = channel;
    // Where this page's data was read: a leader already streaming passed on what changed since before this tab
    // listened. (Without a leader nobody answers, and this tab resumes from there itself when it leads.)
    if (this.lastSeq !== undefined) channel.postMessage({ type: "catch-up?", tab: this.tab, after: this.lastSeq } satisfies Wire);
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
    this.completeAfter = this.lastSeq;
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
    source.addEventListener("hello", (event) => {
      this.completeAfter ??= Number(event.lastEventId);
      pass({ type: "hello", seq: Number(event.lastEventId) });
    });
    source.addEventListener("reset", (event) => {
      this.lastSeq = Number(event.lastEventId) || undefined;
      this.recent = [];
      this.completeAfter = this.lastSeq;
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
    if (message.type === "catch-up?") {
      if (!this.source || this.completeAfter === undefined) return;
      const complete = message.after >= this.completeAfter;
      const events = complete ? this.recent.filter((event) => event.seq > message.after) : undefined;
      this.channel?.postMessage({ type: "catch-up", tab: message.tab, events } satisfies Wire);
      return;
    }
    if (message.type === "catch-up") {
      if (message.tab === this.tab) this.catchUp(message.events);
      return;
    }
    if (message.type === "reset") this.recent = [];
    else {
      if (this.seen.has(message.seq)) return;
      this.seen.add(message.seq);
      if (this.seen.size > SEEN_KEPT) this.seen.delete(this.seen.values().next().value!);
      this.lastSeq = Math.max(this.lastSeq ?? 0, message.seq);
      this.keep(message);
    }
    for (const listener of this.listeners) listener(message);
  }

  /**
   * The leader's answer: each task's and submission's latest event since this page's read, in order, even one
   * already heard live (the answer is at least as new, and an older event replayed after it would undo it).
   */
  private catchUp(events: LiveEvent[] | undefined): void {
    if (!events) {
      for (const listener of this.listeners) listener({ type: "reset" });
      return;
    }
    for (const event of latestEach(events)) {
      this.seen.delete(event.seq);
      this.receive(event);
    }
  }

  /** Keeps an event heard, once (a stream reopened or a catch-up may bring it again). */
  private keep(event: LiveEvent): void {
    this.recent = [...this.recent.filter((other) => other.seq !== event.seq), event];
    if (this.recent.length > RECENT_KEPT) {
      const dropped = this.recent.shift()!;
      if (this.completeAfter !== undefined) this.completeAfter = Math.max(this.completeAfter, dropped.seq);
    }
  }

  private stop(): void {
    this.completeAfter = undefined;
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

/** Each task's and submission's latest event, in order (an older event replayed after a newer one would undo it). */
function latestEach(events: LiveEvent[]): LiveEvent[] {
  const latest = new Map(events.map((event) => [`${event.type}:${event.id}`, event]));
  return [...latest.values()].sort((a, b) => a.seq - b.seq);
}

let hub: EventHub | undefined;

/** This tab's share of the browser's one event stream. */
export function eventHub(): EventHub {
  hub ??= new EventHub();
  return hub;
}

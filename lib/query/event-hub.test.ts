// The browser's one event stream when listening starts before the page's data arrives: a component outside
// the page (the layout's budget alerts) can subscribe before the page's HydrationBoundary gives the point the
// page was read at. A tab that joined late then stayed "Pending" in the browser specs while budgets existed
// (e2e/tabs.spec.ts after e2e/budgets.spec.ts). Browser APIs are stood in for: the stream, the channel, the lock.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LiveEvent } from "@/lib/schemas/views";
import { EventHub, type HubMessage } from "./event-hub";

class FakeEventSource {
  static opened: FakeEventSource[] = [];
  closed = false;
  private handlers = new Map<string, ((event: { data: string; lastEventId: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, handler: (event: { data: string; lastEventId: string }) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }
  emit(type: string, data: object | null, lastEventId: number) {
    for (const handler of this.handlers.get(type) ?? []) handler({ data: JSON.stringify(data), lastEventId: String(lastEventId) });
  }
  close() {
    this.closed = true;
  }
}

/** Every channel of one name hears what the others post, as BroadcastChannel does (not its sender). */
class FakeChannel {
  static all: FakeChannel[] = [];
  onmessage?: (message: { data: unknown }) => void;
  constructor() {
    FakeChannel.all.push(this);
  }
  postMessage(data: unknown) {
    for (const other of FakeChannel.all) if (other !== this) queueMicrotask(() => other.onmessage?.({ data: structuredClone(data) }));
  }
  close() {
    FakeChannel.all = FakeChannel.all.filter((channel) => channel !== this);
  }
}

/** One lock, granted to the first asker and then held (the leader tab never closes here). */
function fakeLocks() {
  let held = false;
  return {
    request(_name: string, _options: object, callback: () => unknown) {
      if (held) return new Promise(() => {});
      held = true;
      return Promise.resolve(callback());
    },
  };
}

const taskEvent = (seq: number, id = "task_a"): LiveEvent => ({ type: "task", seq, id, version: seq }) as unknown as LiveEvent;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  FakeEventSource.opened = [];
  FakeChannel.all = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  vi.stubGlobal("BroadcastChannel", FakeChannel);
  vi.stubGlobal("navigator", { locks: fakeLocks() });
});
afterEach(() => vi.unstubAllGlobals());

describe("a page's read point that arrives after listening began", () => {
  it("reopens the leader's stream from the page's read, and the page's listeners hear what it heard", async () => {
    const hub = new EventHub();
    hub.subscribe(() => {});
    await settle();
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual(["/api/events"]);
    FakeEventSource.opened[0]!.emit("hello", null, 12);
    FakeEventSource.opened[0]!.emit("task", taskEvent(13), 13);

    hub.resumeAfter(10);
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual(["/api/events", "/api/events?after=10"]);
    expect(FakeEventSource.opened[0]!.closed).toBe(true);
    FakeEventSource.opened[1]!.emit("task", taskEvent(11, "task_b"), 11);
    FakeEventSource.opened[1]!.emit("task", taskEvent(13), 13);
    const page: HubMessage[] = [];
    hub.subscribe((message) => page.push(message), 10);
    expect(page).toEqual([taskEvent(11, "task_b"), taskEvent(13)]);

    // A later page of the same tab has its place already: nothing reopens.
    hub.resumeAfter(40);
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it("has a tab that follows ask the leader for what it passed on since the page's read", async () => {
    const leader = new EventHub();
    leader.subscribe(() => {});
    await settle();
    FakeEventSource.opened[0]!.emit("hello", null, 10);
    FakeEventSource.opened[0]!.emit("task", taskEvent(11), 11);

    const layout: HubMessage[] = [];
    const late = new EventHub();
    late.subscribe((message) => layout.push(message));
    await settle();
    expect(layout).toEqual([]);
    late.resumeAfter(10);
    await settle();
    expect(layout).toEqual([taskEvent(11)]);
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});

describe("a listener with a read point", () => {
  it("hears first what the tab heard since its data was read, each task's latest once; one without hears nothing past", async () => {
    const leader = new EventHub();
    leader.subscribe(() => {});
    await settle();
    FakeEventSource.opened[0]!.emit("hello", null, 10);
    FakeEventSource.opened[0]!.emit("task", taskEvent(11), 11);

    // The late tab's page was read at 10; its layout listens first, and the leader's answer comes before the
    // page's listeners subscribe (in a later commit).
    const late = new EventHub();
    late.resumeAfter(10);
    late.subscribe(() => {});
    await settle();
    FakeEventSource.opened[0]!.emit("task", taskEvent(12), 12);
    await settle();
    const page: HubMessage[] = [];
    late.subscribe((message) => page.push(message), 10);
    expect(page).toEqual([taskEvent(12)]);
    const afterRead: HubMessage[] = [];
    late.subscribe((message) => afterRead.push(message), 11);
    expect(afterRead).toEqual([taskEvent(12)]);
    const notReadFromTheLog: HubMessage[] = [];
    late.subscribe((message) => notReadFromTheLog.push(message));
    expect(notReadFromTheLog).toEqual([]);
  });
});

import "server-only";
import { EventEmitter } from "node:events";
import type { TaskEvent } from "@/lib/schemas/views";

export type { TaskEvent } from "@/lib/schemas/views";

// One bus per process, on globalThis: Next bundles instrumentation and route handlers separately, so a
// module-level emitter would not be shared between the poller and the events route.
const KEY = Symbol.for("darkroom.taskEvents");
const holder = globalThis as typeof globalThis & { [KEY]?: EventEmitter };

export function taskEvents(): EventEmitter {
  if (!holder[KEY]) {
    holder[KEY] = new EventEmitter();
    holder[KEY].setMaxListeners(0); // one listener per open page
  }
  return holder[KEY];
}

export function publishTaskEvent(event: TaskEvent): void {
  taskEvents().emit("event", event);
}

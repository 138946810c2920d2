import "server-only";
import { EventEmitter } from "node:events";

// "This member's access changed" (disabled, removed, role changed, signed out): open event streams of that
// member end at once in this process. Other processes notice at their next session re-check (lib/events/stream.ts).
const KEY = Symbol.for("darkroom.accessEvents");
const holder = globalThis as typeof globalThis & { [KEY]?: EventEmitter };

function accessEvents(): EventEmitter {
  if (!holder[KEY]) {
    holder[KEY] = new EventEmitter();
    holder[KEY].setMaxListeners(0); // one listener per open stream
  }
  return holder[KEY];
}

export function publishAccessChange(userId: string): void {
  accessEvents().emit("changed", userId);
}

/** Calls `onChange` whenever this member's access changes; answers the function that stops listening. */
export function onAccessChange(userId: string, onChange: () => void): () => void {
  const listener = (changed: string) => {
    if (changed === userId) onChange();
  };
  accessEvents().on("changed", listener);
  return () => accessEvents().off("changed", listener);
}

"use client";

import { useMemo, type ReactNode } from "react";
import type { DehydratedState } from "./cache";
import { eventHub } from "./event-hub";
import { EventsReadAt } from "./events";
import { useQueryClient } from "./react";

/**
 * Puts what the server read into the cache before the components below first ask for it, and has the event
 * stream resume where the log stood before that read (lib/query/server/event-log-end.ts): what changed since is
 * replayed into the cache rather than missed. The listeners below are told what the tab heard since that read as
 * they subscribe (lib/query/events.ts).
 */
export function HydrationBoundary({ state, children }: { state: DehydratedState; children: ReactNode }) {
  const client = useQueryClient();
  // During render, as React Query does: the first render must already find the data.
  useMemo(() => {
    client.hydrate(state);
    if (state.eventsAfter !== undefined) eventHub().resumeAfter(state.eventsAfter);
  }, [client, state]);
  return <EventsReadAt value={state.eventsAfter}>{children}</EventsReadAt>;
}

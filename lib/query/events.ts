import { createContext, useContext, useEffect, useRef } from "react";
import type { TaskView } from "@/lib/schemas/views";
import { eventHub } from "./event-hub";

export interface TaskChange {
  id: string;
  version: number;
  /** The task as this member now sees it (without results: the task's own page fetches those). */
  view: TaskView;
  /** The upstream's status and the archive's state, as the notifications read them. */
  status: string;
  archive: string;
}

export interface ServerEventHandlers {
  task?: (event: TaskChange) => void;
  submission?: (event: { id: string; state: string; taskId: string | null }) => void;
  /** The stream could not resume exactly (away too long, or a new database): refetch what is shown. */
  reset?: () => void;
}

/** Where the event log stood when the server read the data below (given by HydrationBoundary). */
export const EventsReadAt = createContext<number | undefined>(undefined);

/**
 * Follows the browser's one event stream (see ./event-hub) while the component is mounted; under a
 * HydrationBoundary, first with what the tab heard since the boundary's data was read.
 */
export function useServerEvents(handlers: ServerEventHandlers): void {
  const readAt = useContext(EventsReadAt);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(
    () =>
      eventHub().subscribe((message) => {
        if (message.type === "reset") latest.current.reset?.();
        else if (message.type === "submission") latest.current.submission?.(message);
        else {
          const { view } = message;
          latest.current.task?.({
            id: message.id,
            version: message.version,
            view,
            status: view.status === "archiving" ? "succeeded" : view.status,
            archive: view.archive.state,
          });
        }
      }, readAt),
    // Subscribed once: the read point is the one the component's data came with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
}

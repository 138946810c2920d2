import { useEffect, useRef } from "react";

export interface ServerEventHandlers {
  task?: (event: { id: string; status?: string; archive?: string }) => void;
  submission?: (event: { id: string; state?: string; taskId?: string | null }) => void;
  /** Every (re)connect: events sent while disconnected are not replayed, so refetch what is shown. */
  open?: () => void;
}

/** Follows /api/events (server-sent task and submission changes) while the component is mounted. */
export function useServerEvents(handlers: ServerEventHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const source = new EventSource("/api/events");
    const parse = (event: MessageEvent<string>) => {
      try {
        const data = JSON.parse(event.data) as { id?: unknown };
        return typeof data.id === "string" ? (data as { id: string }) : undefined;
      } catch {
        return undefined;
      }
    };
    source.addEventListener("task", (event) => {
      const data = parse(event);
      if (data) latest.current.task?.(data);
    });
    source.addEventListener("submission", (event) => {
      const data = parse(event);
      if (data) latest.current.submission?.(data);
    });
    source.addEventListener("open", () => latest.current.open?.());
    // The server ended the stream because this person's access changed (signed out, disabled, new role):
    // reloading shows the sign-in page or the pages of the new role.
    source.addEventListener("access", () => {
      source.close();
      window.location.reload();
    });
    return () => source.close();
  }, []);
}

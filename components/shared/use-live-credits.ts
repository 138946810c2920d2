import { useRef } from "react";
import { useServerEvents } from "@/lib/query/events";
import { refreshCreditsSoon } from "@/lib/query/ledger";
import { useQueryClient } from "@/lib/query/react";

/**
 * Reads the credit figures the tab shows again (the page's ledger snapshot, the budgets, the sidebar's "left",
 * the alerts) when the browser's one event stream says a task's credits or status moved, or a submission did:
 * the figures are sums the events do not carry, so the server recounts them, once per burst of events
 * (refreshCreditsSoon). Progress alone (same status, same credits) asks for nothing.
 */
export function useLiveCredits(): void {
  const queryClient = useQueryClient();
  const seen = useRef(new Map<string, string>());
  const refresh = () => refreshCreditsSoon(queryClient);
  useServerEvents({
    task: ({ id, view }) => {
      const figures = JSON.stringify([view.status, view.credits]);
      if (seen.current.get(id) === figures) return;
      seen.current.set(id, figures);
      refresh();
    },
    submission: refresh,
    reset: refresh,
  });
}

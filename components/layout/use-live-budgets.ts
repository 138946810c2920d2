import { useRef } from "react";
import { useServerEvents } from "@/lib/query/events";
import { budgetKeys } from "@/lib/query/keys";
import { useQueryClient } from "@/lib/query/react";

/**
 * Reads the budgets again (their rows, the sidebar's "left", the alerts) when the browser's one event stream says
 * a task's credits or status moved, or a submission did: a budget's figures are sums the events do not carry, so
 * the server recounts them. Progress alone (same status, same credits) asks for nothing.
 */
export function useLiveBudgets(): void {
  const queryClient = useQueryClient();
  const seen = useRef(new Map<string, string>());
  const refresh = () => void queryClient.invalidateQueries({ queryKey: budgetKeys.all });
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

import { useEffect, useRef } from "react";
import { batchKeys } from "@/lib/query/keys";
import { useServerEvents } from "@/lib/query/events";
import { useQueryClient } from "@/lib/query/react";

/** Events come in bursts (a row's task sends several): one refetch a second at most. */
const DEBOUNCE_MS = 1000;

/**
 * Follows the browser's one event stream for a batch: on any submission or task news while the batch still has
 * rows to go, refetches its view and the rows windows on screen (once a second at most). Which submissions are
 * the batch's the browser does not hold (10,000 of them), so any news counts; a settled batch ignores it all.
 */
export function useBatchLive(id: string, active: boolean): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const live = useRef(active);
  useEffect(() => {
    live.current = active;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  const refetch = () => {
    if (timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: batchKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: batchKeys.rowsOf(id) });
    }, DEBOUNCE_MS);
  };
  useServerEvents({
    task: () => live.current && refetch(),
    submission: () => live.current && refetch(),
    reset: refetch,
  });
}

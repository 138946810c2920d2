import { useQuery } from "@/lib/query/react";
import { useEffect, useMemo, useState } from "react";
import type { TaskView } from "@/lib/schemas/views";
import { errorMessage } from "@/lib/query/fetch-json";
import { taskQueryOptions } from "@/lib/query/tasks";
import type { Entry } from "@/components/shared/entry-links";
import type { Prefill } from "./entry-prefill";
import { useForms } from "./forms-context";

export type EntryState = { status: "none" } | { status: "loading" } | ({ status: "done" } & Prefill);

/**
 * Fetches the task a Remix / Extend / Use-as link points at, once, and turns it into form values (entry-prefill.ts,
 * loaded only when a link asks for it).
 */
export function useEntryPrefill(entry: Entry | undefined): EntryState {
  const forms = useForms();
  const query = useQuery({
    ...taskQueryOptions(entry?.taskId ?? ""),
    enabled: entry !== undefined,
    refetchInterval: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const { data: task, error } = query;
  const [made, setMade] = useState<{ task: TaskView; prefill: Prefill } | undefined>();
  useEffect(() => {
    if (!entry || !task) return;
    let live = true;
    import("./entry-prefill").then(
      ({ prefillFrom }) => live && setMade({ task, prefill: prefillFrom(entry, task, forms) }),
      (failure: unknown) =>
        live && setMade({ task, prefill: { ok: false, problem: `Could not prepare the form: ${errorMessage(failure)}` } }),
    );
    return () => {
      live = false;
    };
  }, [entry, task, forms]);
  return useMemo((): EntryState => {
    if (!entry) return { status: "none" };
    if (error) return { status: "done", ok: false, problem: `Could not load task ${entry.taskId}: ${errorMessage(error)}` };
    if (!task || made?.task !== task) return { status: "loading" };
    return { status: "done", ...made.prefill };
  }, [entry, error, task, made]);
}

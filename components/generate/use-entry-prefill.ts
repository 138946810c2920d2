import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { errorMessage } from "@/lib/query/fetch-json";
import { taskQueryOptions } from "@/lib/query/tasks";
import type { TaskView } from "@/lib/schemas/views";
import type { Entry } from "@/components/shared/entry-links";
import { prefillFrom, type Prefill } from "./entry-prefill";

export type EntryState = { status: "none" } | { status: "loading" } | ({ status: "done" } & Prefill);

/** Fetches the task a Remix / Extend / Use-as link points at, once, and turns it into form values. */
export function useEntryPrefill(entry: Entry | undefined): EntryState {
  const query = useQuery({
    ...taskQueryOptions(entry?.taskId ?? ""),
    enabled: entry !== undefined,
    refetchInterval: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  // Which model takes an image as input is read from the schemas, loaded on demand: the answer comes later.
  const [made, setMade] = useState<{ task: TaskView; entry: Entry; prefill: Prefill } | undefined>();
  const task = query.data;
  useEffect(() => {
    if (!entry || !task) return;
    let live = true;
    prefillFrom(entry, task).then(
      (prefill) => live && setMade({ task, entry, prefill }),
      (error: unknown) =>
        live && setMade({ task, entry, prefill: { ok: false, problem: `Could not prepare the form: ${errorMessage(error)}` } }),
    );
    return () => {
      live = false;
    };
  }, [entry, task]);
  return useMemo((): EntryState => {
    if (!entry) return { status: "none" };
    if (query.isPending) return { status: "loading" };
    if (query.isError) return { status: "done", ok: false, problem: `Could not load task ${entry.taskId}: ${errorMessage(query.error)}` };
    if (!made || made.task !== task || made.entry !== entry) return { status: "loading" };
    return { status: "done", ...made.prefill };
  }, [entry, query.isPending, query.isError, query.error, task, made]);
}

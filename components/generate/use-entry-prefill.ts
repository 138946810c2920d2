import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { errorMessage } from "@/lib/query/fetch-json";
import { taskQueryOptions } from "@/lib/query/tasks";
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
  return useMemo((): EntryState => {
    if (!entry) return { status: "none" };
    if (query.isPending) return { status: "loading" };
    if (query.isError) return { status: "done", ok: false, problem: `Could not load task ${entry.taskId}: ${errorMessage(query.error)}` };
    return { status: "done", ...prefillFrom(entry, query.data) };
  }, [entry, query.isPending, query.isError, query.error, query.data]);
}

import { useQuery } from "@/lib/query/react";
import { useEffect, useMemo, useState } from "react";
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
  const [made, setMade] = useState<Prefill | undefined>();
  useEffect(() => {
    // Made once: the task's later changes (its archive finishing, a live event) must not make the form again
    // under the person typing in it, which dropped what they had typed.
    if (!entry || !task || made) return;
    let live = true;
    import("./entry-prefill").then(
      ({ prefillFrom }) => live && setMade(prefillFrom(entry, task, forms)),
      (failure: unknown) => live && setMade({ ok: false, problem: `Could not prepare the form: ${errorMessage(failure)}` }),
    );
    return () => {
      live = false;
    };
  }, [entry, task, forms, made]);
  return useMemo((): EntryState => {
    if (!entry) return { status: "none" };
    // Once made, it stays, whatever a later read of the task says.
    if (made) return { status: "done", ...made };
    if (error) return { status: "done", ok: false, problem: `Could not load task ${entry.taskId}: ${errorMessage(error)}` };
    return { status: "loading" };
  }, [entry, error, made]);
}

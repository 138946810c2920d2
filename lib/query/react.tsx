"use client";

// The hooks over lib/query/cache.ts, named and shaped as React Query's, so a component reads the same either way.
import { createContext, useCallback, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { hashKey, type Query, type QueryClient, type QueryOptions, type QueryState } from "./cache";

const ClientContext = createContext<QueryClient | null>(null);

/** Gives the tab's cache to the components below; a tab coming back (or back online) refetches what went stale. */
export function QueryClientProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  useEffect(() => {
    const refetch = () => document.visibilityState === "visible" && client.refetchStale();
    document.addEventListener("visibilitychange", refetch);
    window.addEventListener("online", refetch);
    return () => {
      document.removeEventListener("visibilitychange", refetch);
      window.removeEventListener("online", refetch);
    };
  }, [client]);
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;
}

export function useQueryClient(): QueryClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error("useQueryClient needs a QueryClientProvider above it");
  return client;
}

/** Narrowed by its flags, as React Query's: `isSuccess` has data, `isError` an error. */
export type QueryResult<T> = {
  isFetching: boolean;
  refetch: () => Promise<void>;
} & (
  | { isPending: true; isSuccess: false; isError: false; data: undefined; error: null } // no data yet; a disabled query stays here
  | { isPending: false; isSuccess: true; isError: false; data: T; error: null }
  | { isPending: false; isSuccess: false; isError: true; data: T | undefined; error: Error }
);

export function toResult<T>(query: Query<T>, state: QueryState<T>): QueryResult<T> {
  return {
    data: state.data,
    error: state.error,
    isPending: state.status === "pending",
    isError: state.status === "error",
    isSuccess: state.status === "success",
    isFetching: state.fetching,
    refetch: () => query.fetch({ cancel: true }),
  } as QueryResult<T>;
}

function intervalOf<T>(query: Query<T>, options: QueryOptions<T>): number | false {
  if (options.enabled === false) return false;
  const interval = typeof options.refetchInterval === "function" ? options.refetchInterval(query) : options.refetchInterval;
  return interval || false;
}

/** The shown queries' entries and states, kept current; fetched when shown stale, and on their intervals. */
export function useQueryStates<T>(given: readonly QueryOptions<T>[]): { queries: Query<T>[]; states: QueryState<T>[] } {
  const client = useQueryClient();
  const queries = given.map((one) => client.build(one));
  // The client's defaults filled in, for what this component asks of each query (enabled, staleTime, interval).
  const options = given.map((one) => client.resolve(one));
  const hashes = queries.map((query) => hashKey(query.queryKey)).join("\n");

  // The snapshot must stay the same array while no state changed, or React would render forever.
  const snapshot = useRef<QueryState<T>[]>([]);
  const getSnapshot = () => {
    const states = queries.map((query) => query.state);
    const same = states.length === snapshot.current.length && states.every((state, i) => state === snapshot.current[i]);
    if (!same) snapshot.current = states;
    return snapshot.current;
  };
  const subscribe = useCallback(
    (notify: () => void) => {
      const unsubscribe = queries.map((query) => query.subscribe(notify));
      return () => unsubscribe.forEach((off) => off());
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the queries are named by their hashes
    [hashes],
  );
  const states = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);

  const enabled = options.map((one) => one.enabled !== false).join();
  useEffect(() => {
    const observers = queries.map((query, i) => {
      const observer = { enabled: options[i]!.enabled !== false, staleTime: options[i]!.staleTime ?? 0 };
      query.observers.add(observer);
      if (observer.enabled && query.isStale(observer.staleTime)) void query.fetch();
      return observer;
    });
    return () => queries.forEach((query, i) => query.observers.delete(observers[i]!));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the queries are named by their hashes
  }, [hashes, enabled]);

  const intervals = queries.map((query, i) => intervalOf(query, options[i]!));
  const intervalKey = intervals.join();
  useEffect(() => {
    // A hidden tab waits: it refetches what went stale when it comes back (QueryClientProvider).
    const timers = intervals.map((ms, i) => ms && setInterval(() => document.visibilityState !== "hidden" && void queries[i]!.fetch(), ms));
    return () => timers.forEach((timer) => timer && clearInterval(timer));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the queries are named by their hashes
  }, [hashes, intervalKey]);

  return { queries, states };
}

export function useQuery<T>(options: QueryOptions<T>): QueryResult<T> {
  const { queries, states } = useQueryStates([options]);
  return toResult(queries[0]!, states[0]!);
}

export function useQueries<T>({ queries: given }: { queries: readonly QueryOptions<T>[] }): QueryResult<T>[] {
  const { queries, states } = useQueryStates(given);
  return queries.map((query, i) => toResult(query, states[i]!));
}

interface MutationCallbacks<Data, Variables> {
  onSuccess?: (data: Data, variables: Variables) => unknown;
  onError?: (error: unknown, variables: Variables) => unknown;
  onSettled?: (data: Data | undefined, error: unknown, variables: Variables) => unknown;
}

interface MutationState<Data, Variables> {
  status: "idle" | "pending" | "success" | "error";
  data: Data | undefined;
  error: unknown;
  variables: Variables | undefined;
}

export type MutationResult<Data, Variables> = {
  /** Sends; failures show in `error` and reach the callbacks, never a rejected promise. */
  mutate: (variables: Variables, callbacks?: MutationCallbacks<Data, Variables>) => void;
  mutateAsync: (variables: Variables, callbacks?: MutationCallbacks<Data, Variables>) => Promise<Data>;
  reset: () => void;
} & (
  | { isIdle: true; isPending: false; isSuccess: false; isError: false; data: undefined; error: null; variables: undefined }
  | { isIdle: false; isPending: true; isSuccess: false; isError: false; data: undefined; error: null; variables: Variables }
  | { isIdle: false; isPending: false; isSuccess: true; isError: false; data: Data; error: null; variables: Variables }
  | { isIdle: false; isPending: false; isSuccess: false; isError: true; data: undefined; error: Error; variables: Variables }
);

const IDLE = { status: "idle", data: undefined, error: null, variables: undefined } as const;

/**
 * A write: its state for the component, and its callbacks, the hook's own first (they keep the cache right:
 * awaited, as an invalidation they return is), then the caller's. Never retried: a write may not be sent twice.
 */
export function useMutation<Data, Variables = void>(
  options: MutationCallbacks<Data, Variables> & { mutationFn: (variables: Variables) => Promise<Data> },
): MutationResult<Data, Variables> {
  const [state, setState] = useState<MutationState<Data, Variables>>(IDLE);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const mutateAsync = useCallback(async (variables: Variables, callbacks: MutationCallbacks<Data, Variables> = {}) => {
    const own = latest.current;
    setState({ status: "pending", data: undefined, error: null, variables });
    let data: Data;
    try {
      data = await own.mutationFn(variables);
      await own.onSuccess?.(data, variables);
      await own.onSettled?.(data, null, variables);
    } catch (error) {
      await Promise.resolve(own.onError?.(error, variables)).catch(() => undefined);
      await Promise.resolve(own.onSettled?.(undefined, error, variables)).catch(() => undefined);
      setState({ status: "error", data: undefined, error, variables });
      callbacks.onError?.(error, variables);
      callbacks.onSettled?.(undefined, error, variables);
      throw error;
    }
    setState({ status: "success", data, error: null, variables });
    callbacks.onSuccess?.(data, variables);
    callbacks.onSettled?.(data, null, variables);
    return data;
  }, []);
  const mutate = useCallback(
    (variables: Variables, callbacks?: MutationCallbacks<Data, Variables>) => void mutateAsync(variables, callbacks).catch(() => undefined),
    [mutateAsync],
  );
  const reset = useCallback(() => setState(IDLE), []);
  return {
    data: state.data,
    error: state.error,
    variables: state.variables,
    isIdle: state.status === "idle",
    isPending: state.status === "pending",
    isError: state.status === "error",
    isSuccess: state.status === "success",
    mutate,
    mutateAsync,
    reset,
  } as MutationResult<Data, Variables>;
}

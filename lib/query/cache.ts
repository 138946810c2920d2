// The browser's cache of what it read from Darkroom's API: one entry per query key, fetched once however many
// components show it, refetched when stale, invalidated, or on an interval, patched in place by live events.
// It does the part of React Query this app used, in a tenth of the bytes (decision record 10 in
// docs/architecture.md); the hooks over it are in ./react.tsx. Plain module: the server fills one to hydrate.

export type QueryKey = readonly unknown[];

export interface QueryState<T> {
  data: T | undefined;
  error: unknown;
  /** "pending" until the first answer; an error after data keeps the data. */
  status: "pending" | "error" | "success";
  /** When the data was last set (ms); 0 while pending. */
  updatedAt: number;
  fetching: boolean;
  fetchingNextPage: boolean;
}

export type Retry = boolean | number | ((failureCount: number, error: unknown) => boolean);

export interface QueryOptions<T> {
  queryKey: QueryKey;
  queryFn?: (context: { signal: AbortSignal }) => Promise<T>;
  /** How long fetched data counts as fresh (ms): a newly shown or refocused query within it asks for nothing. */
  staleTime?: number;
  /** Asks again every so many ms while the query is shown in a visible tab; false to stop. */
  refetchInterval?: number | false | ((query: Query<T>) => number | false | undefined);
  enabled?: boolean;
  retry?: Retry;
  initialData?: T;
  /**
   * Reads the data in place of queryFn, knowing what is held (at any moment of the read: live events patch it
   * meanwhile) and whether one more page is asked for (infinite.ts).
   */
  read?: (context: { signal: AbortSignal; current: () => T | undefined; nextPage: boolean }) => Promise<T>;
}

/** Names the data type of a query's options, as React Query's helper of the same name does. */
export function queryOptions<T>(options: QueryOptions<T> & { queryFn: QueryOptions<T>["queryFn"] }): QueryOptions<T> {
  return options;
}

/** A key's identity: JSON with object keys sorted, so `{a, b}` and `{b, a}` name the same query. */
export function hashKey(key: QueryKey): string {
  return JSON.stringify(key, (_, value: unknown) =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
      : value,
  );
}

/** Whether `key` starts with every element of `prefix`. */
function startsWith(key: QueryKey, prefix: QueryKey): boolean {
  return prefix.length <= key.length && prefix.every((part, i) => hashKey([part]) === hashKey([key[i]]));
}

const GC_MS = 5 * 60_000;
const DEFAULT_RETRY: Retry = 2;

function shouldRetry(retry: Retry, failureCount: number, error: unknown): boolean {
  if (typeof retry === "function") return retry(failureCount, error);
  return retry === true || (typeof retry === "number" && failureCount < retry);
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

export class Query<T = unknown> {
  state: QueryState<T> = { data: undefined, error: null, status: "pending", updatedAt: 0, fetching: false, fetchingNextPage: false };
  /** The options of the component that showed it last: they carry the fetch function. */
  options: QueryOptions<T>;
  /** Shown by this many components; each with whether it wants the query fetched. */
  readonly observers = new Set<{ enabled: boolean; staleTime: number }>();
  private readonly listeners = new Set<() => void>();
  private invalidated = false;
  private controller: AbortController | undefined;
  private running: Promise<void> | undefined;
  private gcTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly queryKey: QueryKey,
    options: QueryOptions<T>,
    private readonly remove: () => void,
  ) {
    this.options = options;
    if (options.initialData !== undefined) this.setData(options.initialData, false);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    clearTimeout(this.gcTimer);
    return () => {
      this.listeners.delete(listener);
      // Unshown for a while: forgotten, so a long-lived tab does not keep every filter it ever showed.
      if (this.listeners.size === 0) this.gcTimer = setTimeout(this.remove, GC_MS);
    };
  }

  private set(patch: Partial<QueryState<T>>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  setData(data: T, notify = true, updatedAt = Date.now()): void {
    this.invalidated = false;
    const next: QueryState<T> = { ...this.state, data, error: null, status: "success", updatedAt };
    if (notify) this.set(next);
    else this.state = next;
  }

  isStale(staleTime: number): boolean {
    return this.invalidated || this.state.data === undefined || Date.now() - this.state.updatedAt >= staleTime;
  }

  /** The shortest staleTime of the components that want it fetched; undefined when none does. */
  get activeStaleTime(): number | undefined {
    const times = [...this.observers].filter((observer) => observer.enabled).map((observer) => observer.staleTime);
    return times.length > 0 ? Math.min(...times) : undefined;
  }

  cancel(): void {
    this.controller?.abort();
    this.controller = undefined;
  }

  invalidate(): Promise<void> {
    this.invalidated = true;
    return this.activeStaleTime !== undefined ? this.fetch({ cancel: true }) : Promise.resolve();
  }

  /**
   * Asks again: a fetch already under way is joined, or with `cancel` aborted and started over (what it
   * would answer may predate the change that asked). `nextPage` asks an infinite list for one more page.
   */
  fetch({ cancel = false, nextPage = false } = {}): Promise<void> {
    if (this.running && !cancel) return this.running;
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.set({ fetching: true, fetchingNextPage: nextPage });
    const running = this.attempt(controller.signal, nextPage).then(
      (data) => {
        if (this.controller !== controller) return;
        this.setData(data, false);
        this.set({ fetching: false, fetchingNextPage: false });
      },
      (error: unknown) => {
        if (this.controller !== controller) return;
        this.set({ error, status: "error", fetching: false, fetchingNextPage: false });
      },
    );
    this.running = running.finally(() => {
      if (this.controller === controller) this.running = undefined;
    });
    return this.running;
  }

  private async attempt(signal: AbortSignal, nextPage: boolean): Promise<T> {
    const retry = this.options.retry ?? DEFAULT_RETRY;
    for (let failures = 0; ; failures++) {
      try {
        return await this.read(signal, nextPage);
      } catch (error) {
        if (signal.aborted || !shouldRetry(retry, failures, error)) throw error;
        await sleep(Math.min(1000 * 2 ** failures, 30_000), signal);
      }
    }
  }

  private read(signal: AbortSignal, nextPage: boolean): Promise<T> {
    const { queryFn, read } = this.options;
    if (read) return read({ signal, current: () => this.state.data, nextPage });
    if (!queryFn) throw new Error(`No query function for ${hashKey(this.queryKey)}`);
    return queryFn({ signal });
  }
}

interface Filters {
  queryKey: QueryKey;
  exact?: boolean;
  predicate?: (query: Query) => boolean;
}

export interface DehydratedState {
  queries: { queryKey: QueryKey; data: unknown; updatedAt: number }[];
  /** The event log's last seq before the server read these queries (see lib/query/server/event-log-end.ts). */
  eventsAfter?: number;
}

export class QueryClient {
  private readonly queries = new Map<string, Query<unknown>>();

  /** Options every query takes unless its own say otherwise. */
  constructor(private readonly defaults: Pick<QueryOptions<unknown>, "staleTime" | "retry"> = {}) {}

  /** A query's options with the client's defaults filled in. */
  resolve<T>(options: QueryOptions<T>): QueryOptions<T> {
    return { ...this.defaults, ...options } as QueryOptions<T>;
  }

  /**
   * The entry for these options, made on first use. Options that say how to fetch replace the entry's: one made
   * by hydration or setQueryData learns how when a component first shows it.
   */
  build<T>(given: QueryOptions<T>): Query<T> {
    const options = this.resolve(given);
    const hash = hashKey(options.queryKey);
    let query = this.queries.get(hash) as Query<T> | undefined;
    if (!query) {
      query = new Query<T>(options.queryKey, options, () => {
        if (this.queries.get(hash) === query) this.queries.delete(hash);
      });
      this.queries.set(hash, query as Query<unknown>);
    } else if (given.queryFn || given.read) {
      query.options = options;
    }
    return query;
  }

  private find(filters: Filters): Query[] {
    const hash = hashKey(filters.queryKey);
    return [...this.queries.entries()]
      .filter(([key, query]) => (filters.exact ? key === hash : startsWith(query.queryKey, filters.queryKey)))
      .map(([, query]) => query)
      .filter((query) => !filters.predicate || filters.predicate(query));
  }

  getQueryData<T>(queryKey: QueryKey): T | undefined {
    return this.queries.get(hashKey(queryKey))?.state.data as T | undefined;
  }

  /** Every query under a key prefix, with its data. */
  getQueriesData<T>(filters: Filters): [QueryKey, T | undefined][] {
    return this.find(filters).map((query) => [query.queryKey, query.state.data as T | undefined]);
  }

  /** Sets a query's data (an updater answering undefined changes nothing), as if just fetched. */
  setQueryData<T>(queryKey: QueryKey, updater: T | undefined | ((old: T | undefined) => T | undefined)): void {
    const old = this.getQueryData<T>(queryKey);
    const data = typeof updater === "function" ? (updater as (old: T | undefined) => T | undefined)(old) : updater;
    if (data !== undefined) this.build<T>({ queryKey }).setData(data);
  }

  /** Marks the matching queries stale; those shown are fetched again at once. */
  async invalidateQueries(filters: Filters): Promise<void> {
    await Promise.all(this.find(filters).map((query) => query.invalidate()));
  }

  /** Forgets everything (signing out): nothing read for one person may show for the next. */
  clear(): void {
    for (const query of this.queries.values()) query.cancel();
    this.queries.clear();
  }

  /** Fetches the shown queries that went stale while the tab was away (React Query's refetch on focus). */
  refetchStale(): void {
    for (const query of this.queries.values()) {
      const staleTime = query.activeStaleTime;
      if (staleTime !== undefined && query.isStale(staleTime)) void query.fetch();
    }
  }

  /** What the server read, for the browser's cache (HydrationBoundary). */
  dehydrate(): DehydratedState {
    return {
      queries: [...this.queries.values()].map(({ queryKey, state }) => ({ queryKey, data: state.data, updatedAt: state.updatedAt })),
    };
  }

  /** Takes what the server read: kept unless this tab holds newer data for the same key. */
  hydrate(state: DehydratedState): void {
    for (const { queryKey, data, updatedAt } of state.queries) {
      const query = this.build({ queryKey });
      if (query.state.updatedAt < updatedAt) query.setData(data, false, updatedAt);
    }
  }
}

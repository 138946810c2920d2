// The browser cache's rules (lib/query/cache.ts): one fetch per key, freshness, invalidation that wins over
// an older answer, infinite lists paged and refetched from their cursors, retries, hydration.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./fetch-json";
import { QueryClient, queryOptions, type QueryOptions } from "./cache";
import { infiniteQueryOptions, type InfiniteData } from "./infinite";
import { makeQueryClient } from "./client";

/** A fetch function whose answers the test gives, one pending call at a time. */
function controlled<T>() {
  const calls: { resolve: (value: T) => void; reject: (error: unknown) => void; signal: AbortSignal; pageParam?: string | null }[] = [];
  const fn = vi.fn(
    ({ signal, pageParam }: { signal: AbortSignal; pageParam?: string | null }) =>
      new Promise<T>((resolve, reject) => calls.push({ resolve, reject, signal, pageParam })),
  );
  return { fn, calls };
}

const observe = <T>(client: QueryClient, options: QueryOptions<T>) => {
  const query = client.build(options);
  query.observers.add({ enabled: true, staleTime: 0 });
  return query;
};

describe("the query cache", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("names a query by its key whatever the order of an object's fields", () => {
    const client = new QueryClient();
    client.setQueryData(["tasks", "list", { a: 1, b: 2 }], "x");
    expect(client.getQueryData(["tasks", "list", { b: 2, a: 1 }])).toBe("x");
    expect(client.getQueriesData({ queryKey: ["tasks"] })).toHaveLength(1);
    expect(client.getQueriesData({ queryKey: ["task"] })).toHaveLength(0);
  });

  it("fetches once for every component that asks at the same time", async () => {
    const client = new QueryClient();
    const { fn, calls } = controlled<string>();
    const query = client.build(queryOptions({ queryKey: ["one"], queryFn: fn }));
    const first = query.fetch();
    const second = query.fetch();
    expect(fn).toHaveBeenCalledTimes(1);
    calls[0]!.resolve("done");
    await Promise.all([first, second]);
    expect(query.state).toMatchObject({ data: "done", status: "success", fetching: false });
  });

  it("counts data fresh for its staleTime, and stale once invalidated", async () => {
    const client = new QueryClient({ staleTime: 30_000 });
    client.setQueryData(["one"], 1);
    const query = client.build({ queryKey: ["one"] });
    expect(query.isStale(30_000)).toBe(false);
    vi.advanceTimersByTime(30_000);
    expect(query.isStale(30_000)).toBe(true);
    client.setQueryData(["one"], 2);
    await client.invalidateQueries({ queryKey: ["one"] });
    expect(query.isStale(30_000)).toBe(true);
  });

  it("sets nothing when an updater answers undefined, and makes no entry for it", () => {
    const client = new QueryClient();
    client.setQueryData<number>(["absent"], (old) => (old === undefined ? undefined : old + 1));
    expect(client.getQueriesData({ queryKey: [] })).toHaveLength(0);
  });

  it("aborts an older fetch when invalidated, so its answer cannot overwrite the newer one", async () => {
    const client = new QueryClient();
    const { fn, calls } = controlled<string>();
    const query = observe(client, queryOptions({ queryKey: ["one"], queryFn: fn }));
    void query.fetch();
    const refetch = client.invalidateQueries({ queryKey: ["one"] });
    expect(calls).toHaveLength(2);
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[1]!.resolve("new");
    calls[0]!.resolve("old");
    await refetch;
    expect(query.state.data).toBe("new");
  });

  it("only marks an unshown query stale; it is fetched when next shown", async () => {
    const client = new QueryClient();
    const { fn } = controlled<string>();
    client.build(queryOptions({ queryKey: ["one"], queryFn: fn }));
    await client.invalidateQueries({ queryKey: ["one"] });
    expect(fn).not.toHaveBeenCalled();
  });

  it("invalidates only what the predicate picks", async () => {
    const client = new QueryClient();
    const a = controlled<string>();
    const b = controlled<string>();
    observe(client, queryOptions({ queryKey: ["s", "a"], queryFn: a.fn }));
    observe(client, queryOptions({ queryKey: ["s", "b"], queryFn: b.fn }));
    void client.invalidateQueries({ queryKey: ["s"], predicate: (query) => query.queryKey[1] === "b" });
    expect(a.fn).not.toHaveBeenCalled();
    expect(b.fn).toHaveBeenCalledTimes(1);
  });

  it("keeps the data when a refetch fails, and says so", async () => {
    const client = new QueryClient({ retry: false });
    const { fn, calls } = controlled<string>();
    const query = client.build(queryOptions({ queryKey: ["one"], queryFn: fn }));
    client.setQueryData(["one"], "kept");
    const fetched = query.fetch();
    calls[0]!.reject(new Error("down"));
    await fetched;
    expect(query.state).toMatchObject({ data: "kept", status: "error", fetching: false });
  });

  it("retries a server failure twice, with growing waits, and never a 4xx (the app's defaults)", async () => {
    const client = makeQueryClient();
    const failing = vi.fn(() => Promise.reject(new ApiError(503, { code: "server", message: "busy" })));
    const query = client.build(queryOptions({ queryKey: ["5xx"], queryFn: failing }));
    const fetched = query.fetch();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(failing).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2_000);
    await fetched;
    expect(failing).toHaveBeenCalledTimes(3);
    expect(query.state.status).toBe("error");

    const refused = vi.fn(() => Promise.reject(new ApiError(404, { code: "not_found", message: "gone" })));
    await client.build(queryOptions({ queryKey: ["4xx"], queryFn: refused })).fetch();
    expect(refused).toHaveBeenCalledTimes(1);
  });

  describe("infinite lists", () => {
    type Page = { items: string[]; next: string | null };
    const options = (fn: ReturnType<typeof controlled<Page>>["fn"]) =>
      infiniteQueryOptions<Page>({ queryKey: ["list"], queryFn: fn, initialPageParam: null, getNextPageParam: (last) => last.next });

    it("reads the first page, then each next one from the last page's cursor", async () => {
      const client = new QueryClient();
      const { fn, calls } = controlled<Page>();
      const query = client.build(options(fn));
      const first = query.fetch();
      calls[0]!.resolve({ items: ["a"], next: "c1" });
      await first;
      const second = query.fetch({ nextPage: true });
      expect(query.state.fetchingNextPage).toBe(true);
      expect(calls[1]!.pageParam).toBe("c1");
      calls[1]!.resolve({ items: ["b"], next: null });
      await second;
      expect(query.state.data).toEqual({
        pages: [
          { items: ["a"], next: "c1" },
          { items: ["b"], next: null },
        ],
        pageParams: [null, "c1"],
      });
      expect(query.state.fetchingNextPage).toBe(false);
    });

    // e2e/tabs.spec.ts, with more tasks than a first page: the late tab's catch-up patched the first page while
    // the grid read the second, and the second's answer put the unpatched first page back.
    it("keeps a patch made to the pages while the next one was read", async () => {
      const client = new QueryClient();
      const { fn, calls } = controlled<Page>();
      const query = client.build(options(fn));
      client.setQueryData<InfiniteData<Page>>(["list"], { pages: [{ items: ["a"], next: "c1" }], pageParams: [null] });
      const second = query.fetch({ nextPage: true });
      client.setQueryData<InfiniteData<Page>>(["list"], (data) => ({ ...data!, pages: [{ items: ["a, patched"], next: "c1" }] }));
      calls[0]!.resolve({ items: ["b"], next: null });
      await second;
      expect(query.state.data).toEqual({
        pages: [
          { items: ["a, patched"], next: "c1" },
          { items: ["b"], next: null },
        ],
        pageParams: [null, "c1"],
      });
    });

    it("are fetched with the list's options when first shown after hydration", async () => {
      const server = new QueryClient();
      server.setQueryData<InfiniteData<Page>>(["list"], { pages: [{ items: ["a"], next: null }], pageParams: [null] });
      const browser = new QueryClient();
      browser.hydrate(server.dehydrate());
      const { fn, calls } = controlled<Page>();
      const query = browser.build(options(fn));
      const refetch = query.fetch();
      calls[0]!.resolve({ items: ["new", "a"], next: null });
      await refetch;
      expect(query.state).toMatchObject({ status: "success", data: { pages: [{ items: ["new", "a"], next: null }] } });
    });

    it("refetches as many pages as were shown, each from the cursor the one before now gives", async () => {
      const client = new QueryClient();
      const { fn, calls } = controlled<Page>();
      const query = client.build(options(fn));
      client.setQueryData<InfiniteData<Page>>(["list"], {
        pages: [
          { items: ["a"], next: "c1" },
          { items: ["b"], next: null },
        ],
        pageParams: [null, "c1"],
      });
      const refetch = query.fetch();
      await vi.waitFor(() => expect(calls).toHaveLength(1));
      calls[0]!.resolve({ items: ["new", "a"], next: "c2" });
      await vi.waitFor(() => expect(calls).toHaveLength(2));
      expect(calls[1]!.pageParam).toBe("c2");
      calls[1]!.resolve({ items: ["b"], next: null });
      await refetch;
      expect((query.state.data as InfiniteData<Page>).pageParams).toEqual([null, "c2"]);
    });
  });

  it("hydrates what the server read unless this tab holds newer data", () => {
    const server = new QueryClient();
    server.setQueryData(["one"], "server");
    server.setQueryData(["two"], "server");
    const state = server.dehydrate();
    const browser = new QueryClient();
    vi.advanceTimersByTime(10);
    browser.setQueryData(["two"], "newer");
    browser.hydrate(state);
    expect(browser.getQueryData(["one"])).toBe("server");
    expect(browser.getQueryData(["two"])).toBe("newer");
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });

  it("forgets a query five minutes after nothing shows it", () => {
    const client = new QueryClient();
    client.setQueryData(["one"], 1);
    const off = client.build({ queryKey: ["one"] }).subscribe(() => undefined);
    off();
    vi.advanceTimersByTime(4 * 60_000);
    expect(client.getQueryData(["one"])).toBe(1);
    vi.advanceTimersByTime(60_000);
    expect(client.getQueryData(["one"])).toBeUndefined();
  });
});

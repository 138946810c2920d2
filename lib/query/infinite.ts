// Lists read a page at a time (the gallery): the data is every page shown so far, each with the cursor it was
// read from. A refetch reads as many pages again; `fetchNextPage` adds one. Apart from cache.ts, so that pages
// without such a list do not carry it.
import type { QueryOptions } from "./cache";

type PageParam = string | null;

export interface InfiniteData<Page> {
  pages: Page[];
  pageParams: PageParam[];
}

export interface InfiniteOptions<Page> extends QueryOptions<InfiniteData<Page>> {
  /** The cursor of the page after this one; null or undefined when there is none. */
  getNextPageParam: (lastPage: Page) => PageParam | undefined;
}

export function infiniteQueryOptions<Page>({
  queryFn,
  initialPageParam,
  getNextPageParam,
  ...options
}: Omit<QueryOptions<InfiniteData<Page>>, "queryFn" | "read"> & {
  queryFn: (context: { signal: AbortSignal; pageParam: PageParam }) => Promise<Page>;
  initialPageParam: PageParam;
  getNextPageParam: (lastPage: Page) => PageParam | undefined;
}): InfiniteOptions<Page> {
  const more = (param: PageParam | undefined): param is PageParam => param !== null && param !== undefined;
  return {
    ...options,
    getNextPageParam,
    read: async ({ signal, current, nextPage }) => {
      const old = current();
      if (nextPage && old?.pages.length) {
        const param = getNextPageParam(old.pages.at(-1)!);
        if (!more(param)) return old;
        const page = await queryFn({ signal, pageParam: param });
        // Added to the pages as they are now: a live event that patched them while this page was read stays.
        const shown = current() ?? old;
        return { pages: [...shown.pages, page], pageParams: [...shown.pageParams, param] };
      }
      // A refetch reads as many pages as were shown, each from the cursor the page before it now gives.
      const data: InfiniteData<Page> = { pages: [], pageParams: [] };
      let param: PageParam | undefined = initialPageParam;
      do {
        data.pages.push(await queryFn({ signal, pageParam: param }));
        data.pageParams.push(param);
        param = getNextPageParam(data.pages.at(-1)!);
      } while (more(param) && data.pages.length < (old?.pages.length ?? 1));
      return data;
    },
  };
}

// An infinite list's hook (infinite.ts): the query's result, and whether and how to read one more page.
import type { InfiniteData, InfiniteOptions } from "./infinite";
import { toResult, useQueryStates, type QueryResult } from "./react";

export type InfiniteQueryResult<Page> = QueryResult<InfiniteData<Page>> & {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<void>;
};

export function useInfiniteQuery<Page>(options: InfiniteOptions<Page>): InfiniteQueryResult<Page> {
  const { queries, states } = useQueryStates([options]);
  const query = queries[0]!;
  const state = states[0]!;
  const last = state.data?.pages.at(-1);
  const next = last === undefined ? undefined : options.getNextPageParam(last);
  return {
    ...toResult(query, state),
    hasNextPage: next !== null && next !== undefined,
    isFetchingNextPage: state.fetchingNextPage,
    // A refetch under way is set aside: the next page is read from the pages already shown.
    fetchNextPage: () => query.fetch({ cancel: !state.fetchingNextPage, nextPage: true }),
  };
}

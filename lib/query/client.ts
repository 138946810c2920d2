import { QueryClient } from "./cache";
import { ApiError } from "./fetch-json";

// A 4xx will not change by asking again; only network and server failures are worth a retry.
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({ staleTime: 30_000, retry: shouldRetry });
}

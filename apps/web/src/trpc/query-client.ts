// React Query policy of the product: retries and cache time from the app's settings, every mutation refreshes every query.
import { MutationCache, QueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { QUERY_GC_TIME_MS, QUERY_RETRIES, queryRetryDelay } from "~/settings";

/** A 4xx answer will not change by asking again, so only other failures are retried. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY_RETRIES) return false;
  const status = error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
  return !(status && status >= 400 && status < 500);
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      onSuccess: () => client.invalidateQueries(),
    }),
    defaultOptions: {
      queries: { retry: shouldRetryQuery, retryDelay: queryRetryDelay, gcTime: QUERY_GC_TIME_MS, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
  return client;
}

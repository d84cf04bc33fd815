import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** The data-fetching defaults: 3 retries, back-off doubling from 1 s to 30 s, gc after 5 min. */
export function retryDelay(attempt: number) {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/**
 * Up to 3 retries, but not for client errors (unknown id, another tenant's, bad filter): asking
 * again gives the same answer, seconds later. Timeouts and throttling (408, 429) are retried.
 */
export function retry(failures: number, error: Error): boolean {
  const { status } = error instanceof ApiError ? error : { status: 0 };
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return false;
  return failures < 3;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Back to the tab after a while: lists and details are read again (unchanged data keeps its
      // identity, so nothing re-renders or resets a form).
      queries: { retry, retryDelay, gcTime: 5 * 60 * 1000, refetchOnWindowFocus: true },
    },
  });
}

import { QueryClient } from '@tanstack/react-query';

/** The spec's data-fetching defaults: 3 retries, back-off doubling from 1 s to 30 s, gc after 5 min. */
export function retryDelay(attempt: number) {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 3, retryDelay, gcTime: 5 * 60 * 1000, refetchOnWindowFocus: false },
    },
  });
}

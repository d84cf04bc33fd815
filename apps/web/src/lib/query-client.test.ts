import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { createQueryClient, retry, retryDelay } from './query-client.ts';

const apiError = (status: number) => new ApiError(status, null, `HTTP ${status}`);

describe('query client', () => {
  it('uses the defaults: 3 retries, 5 min gc; lists read again when the window regains focus', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries?.retry).toBe(retry);
    expect(queries?.gcTime).toBe(300_000);
    expect(queries?.refetchOnWindowFocus).toBe(true);
    expect([0, 1, 2, 3].map((failures) => retry(failures, apiError(503)))).toEqual([true, true, true, false]);
    expect(retry(0, new TypeError('Failed to fetch'))).toBe(true);
  });

  it('does not retry client errors, except timeouts and throttling', () => {
    expect([400, 401, 403, 404, 422].map((status) => retry(0, apiError(status)))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(retry(0, apiError(408))).toBe(true);
    expect(retry(0, apiError(429))).toBe(true);
  });

  it('backs off from 1 s doubling up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

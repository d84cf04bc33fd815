import { describe, expect, it } from 'vitest';
import { createQueryClient, retryDelay } from './query-client.ts';

describe('query client', () => {
  it('uses the spec defaults: 3 retries, 5 min gc', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries?.retry).toBe(3);
    expect(queries?.gcTime).toBe(300_000);
  });

  it('backs off from 1 s doubling up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

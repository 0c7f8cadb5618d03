import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api.ts';
import { retryDelay, shouldRetry } from './query-client.ts';

const err = (status: number) => new ApiError({ status, code: 'X', message: 'x' });

describe('query retry policy', () => {
  it('retries the network and 502–504 at most twice, nothing else', () => {
    for (const status of [0, 502, 503, 504]) {
      expect([0, 1, 2].map((n) => shouldRetry(n, err(status)))).toEqual([true, true, false]);
    }
    for (const status of [400, 401, 404, 429, 500]) expect(shouldRetry(0, err(status))).toBe(false);
    expect(shouldRetry(0, new Error('not an API error'))).toBe(false);
  });

  it('waits 0.5 s, then 1 s', () => {
    expect([0, 1, 2].map(retryDelay)).toEqual([500, 1_000, 1_000]);
  });
});

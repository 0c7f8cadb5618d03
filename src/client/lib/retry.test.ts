import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api.ts';
import { retryDelay, shouldRetry, withRetries } from './retry.ts';

const err = (status: number) => new ApiError({ status, code: 'INTERNAL', message: 'x' });

describe('read retry policy', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

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

  it('withRetries reads again after 0.5 s and 1 s, then gives up with the last error', async () => {
    vi.useFakeTimers();
    const read = vi.fn(() => Promise.reject(err(503)));
    const result = withRetries(read).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(read).toHaveBeenCalledTimes(3);
    expect(await result).toEqual(err(503));
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('withRetries answers at once on success, and does not retry the server’s word', async () => {
    const ok = vi.fn().mockRejectedValueOnce(err(0)).mockResolvedValue('data');
    vi.useFakeTimers();
    const result = withRetries(ok);
    await vi.advanceTimersByTimeAsync(500);
    expect(await result).toBe('data');
    expect(ok).toHaveBeenCalledTimes(2);

    const refused = vi.fn(() => Promise.reject(err(404)));
    await expect(withRetries(refused)).rejects.toEqual(err(404));
    expect(refused).toHaveBeenCalledTimes(1);
  });
});

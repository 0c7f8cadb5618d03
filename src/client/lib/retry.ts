import { ApiError } from './api.ts';

/**
 * When a failed read is tried again: the query client's policy (app/query-client.ts), shared with
 * the public pages' islands, which load no query library.
 */

/** At most this many quick retries, and only for failures that may pass by themselves. */
const MAX_RETRIES = 2;

/**
 * Retry a failed read only when the failure may be transient: the network (status 0) or a
 * gateway/unavailable answer (502–504, e.g. DATABASE_UNAVAILABLE). Any other answer is the
 * server's word (a 4xx, or a 500 with its message): shown at once with Try again, instead of a
 * skeleton through ~7 s of retries.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || (error.status >= 502 && error.status <= 504);
}

/** 0.5 s, then 1 s: a first load that keeps failing shows its error within about 2 s. */
export const retryDelay = (attempt: number) => Math.min(500 * 2 ** attempt, 1_000);

/** `read()`, tried again as the query client would (shouldRetry, retryDelay); the last error is thrown. */
export async function withRetries<T>(read: () => Promise<T>): Promise<T> {
  for (let failures = 0; ; failures++) {
    try {
      return await read();
    } catch (err) {
      if (!shouldRetry(failures, err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, retryDelay(failures)));
    }
  }
}

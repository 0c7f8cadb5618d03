/** The code of a database error from pg or PGlite (its SQLSTATE), possibly wrapped by drizzle. */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

/** True when a database error is a unique violation. */
export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505';

/** True when retrying the transaction may succeed: a deadlock or a serialization failure. */
export const isRetryable = (err: unknown) => ['40P01', '40001'].includes(pgErrorCode(err) ?? '');

/**
 * Runs `run` again (at most 3 tries in all) when PostgreSQL ends it as a deadlock victim or a
 * serialization failure; any other error, or the third failure, is thrown.
 */
export async function withRetries<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= 3 || !isRetryable(err)) throw err;
    }
  }
}

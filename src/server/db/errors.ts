/** The code of a database error from pg or PGlite (its SQLSTATE), possibly wrapped by drizzle. */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

/** True when a database error is a unique violation. */
export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505';

/** True when a database error is a foreign key violation (a referenced row is gone). */
export const isForeignKeyViolation = (err: unknown) => pgErrorCode(err) === '23503';

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

/** node-postgres's own words when a connection or an answer never comes, or the link breaks. */
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect', // waited for a pool connection (pg-pool)
  'Connection terminated', // "… unexpectedly", "… due to connection timeout"
  'timeout expired', // a client's own connect timeout
  'Query read timeout', // query_timeout: the server never answered
  'Client has encountered a connection error and is not queryable',
];
const UNAVAILABLE_SYSTEM_CODES = [
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
];

/**
 * True when the database is down or not answering (rather than refusing this query): no
 * connection in time, no answer in time (statement_timeout 57014, query_timeout), the server
 * shutting down or starting up (57P01–57P03), or a broken connection (class 08, socket errors).
 * Walks `cause`, like `pgErrorCode`, since drizzle wraps the driver's error.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0;
    e && typeof e === 'object' && i < 5;
    e = e.cause as typeof e, i++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (code === '57014' || /^57P0[123]$/.test(code) || /^08/.test(code)) return true;
    if (UNAVAILABLE_SYSTEM_CODES.includes(code)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (UNAVAILABLE_MESSAGES.some((m) => message.startsWith(m))) return true;
  }
  return false;
}

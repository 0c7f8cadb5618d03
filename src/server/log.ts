import { pgErrorCode } from './db/errors.ts';

/*
 * What the server's logs may say. No log line carries a query's parameters, a message text, a
 * code, a token or a provider link: URLs keep parameter names only, and errors keep their type,
 * SQLSTATE code, message (a failed query's parameter list and quoted values cut off) and stack
 * frames, but none of the extra fields (drizzle's `params`, PostgreSQL's `detail`).
 */

/** Logged URLs keep parameter names but never their values (sign-in tokens travel in query strings). */
export const redactUrl = (url: string) =>
  url.replace(/\?.*$/, (q) => q.replace(/=([^&]*)/g, (_m, v: string) => (v ? '=[redacted]' : '=')));

/** An error message without a failed query's parameters or quoted values. */
const scrub = (message: unknown) =>
  String(message)
    .replace(/\nparams:[\s\S]*$/, '')
    .replace(/"[^"\n]*"/g, '"…"')
    .slice(0, 500);

/** The pino serializer for `err`. */
export function safeErr(err: unknown): { type: string; message: string; stack: string } {
  if (!err || typeof err !== 'object') return { type: typeof err, message: scrub(err), stack: '' };
  const e = err as { message?: unknown; stack?: unknown; cause?: unknown; code?: unknown };
  const messages: string[] = [];
  let c: typeof e | undefined = e;
  for (let i = 0; c && typeof c === 'object' && i < 5; i++, c = c.cause as typeof e | undefined) {
    if (c.message !== undefined) messages.push(scrub(c.message));
  }
  const code = pgErrorCode(err);
  return {
    type: (err as object).constructor?.name ?? 'Error',
    ...(code ? { code } : {}),
    message: messages.join('; caused by: '),
    // The stack repeats the message (a failed query's parameters, which may hold line breaks):
    // only what follows it, and only frame lines.
    stack: String(e.stack ?? '')
      .replace(String(e.message ?? ''), '')
      .split('\n')
      .filter((l) => /^\s+at /.test(l))
      .slice(0, 12)
      .join('\n'),
  };
}

import { ERRORS, type ErrorCode, type ErrorCodeWithStatus } from '../shared/errors.ts';
import type { Locale } from '../shared/i18n/locales.ts';
import type { MessageId, MessageValues } from '../shared/i18n/namespaces.ts';
import { readMessage } from '../shared/validation-message.ts';
import { translate, type Message } from './i18n.ts';

type ErrorExtra = {
  remainingAttempts?: number;
  retryAfterSeconds?: number;
  fields?: Record<string, (Message | string)[]>;
};

/**
 * An error with a stable code (its HTTP status is the code's, shared/errors.ts); the error
 * handler (plugins/errors.ts) turns it into the API error body, its message in the request's
 * language (`Error.message` is the English text, for logs). Built only by the factories of
 * `errors.ts` files (errors.test.ts scans for strays).
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly text: Message,
    readonly extra: ErrorExtra = {},
  ) {
    super(translate('en', text.id, text.values));
    this.status = ERRORS[code].status;
  }

  /** The message in `locale`. */
  messageIn(locale: Locale): string {
    return translate(locale, this.text.id, this.text.values);
  }
}

/** A catalogue message for an error (shorthand for the factories). */
export const msg = (id: MessageId, values?: MessageValues): Message =>
  values ? { id, values } : { id };

/** The errors of no one module: the request, the asker, the server. */
export const notFound = (text: Message = msg('server.errors.notFound')) =>
  new AppError('NOT_FOUND', text);
export const unauthorized = () => new AppError('UNAUTHORIZED', msg('server.errors.unauthorized'));
export const forbidden = (text: Message) => new AppError('FORBIDDEN', text);
export const crossOriginRefused = () =>
  new AppError('CROSS_ORIGIN_REFUSED', msg('server.errors.crossOriginRefused'));
export const invalidText = () => new AppError('INVALID_TEXT', msg('server.errors.invalidText'));
export const invalidCursor = () =>
  new AppError('INVALID_CURSOR', msg('server.errors.invalidCursor'));
/**
 * A 400 naming the fields at fault. A zod issue's message may come as text: a shared schema's,
 * naming a catalogue message (shared/validation-message.ts), or zod's own English where no
 * catalogue message says it word for word (plugins/errors.ts), which goes out as it is. So may
 * the fields' (the error handler reads them alike).
 */
export const validationError = (
  text: Message | string,
  fields: Record<string, (Message | string)[]>,
) =>
  new AppError(
    'VALIDATION_ERROR',
    typeof text === 'string'
      ? (readMessage(text) ?? msg('server.errors.verbatim', { text }))
      : text,
    { fields },
  );
export const missingBody = (fields?: Record<string, (Message | string)[]>) =>
  new AppError('INVALID_BODY', msg('server.errors.missingBody'), fields ? { fields } : {});
export const invalidContentLength = () =>
  new AppError('INVALID_BODY', msg('server.errors.invalidContentLength'));
export const invalidJson = () => new AppError('INVALID_JSON', msg('server.errors.invalidJson'));
export const bodyTooLarge = () => new AppError('BODY_TOO_LARGE', msg('server.errors.bodyTooLarge'));
export const unsupportedMediaType = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', msg('server.errors.unsupportedMediaType'));
export const badUrl = () => new AppError('BAD_URL', msg('server.errors.badUrl'));
export const badRequest = (text: Message = msg('server.errors.badRequest')) =>
  new AppError('BAD_REQUEST', text);
export const tooManyRequests = (
  code: ErrorCodeWithStatus<429>,
  text: Message,
  retryAfterSeconds: number,
) =>
  new AppError(code, text, {
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)),
  });
/** Over a route's rate limit; without a wait, @fastify/rate-limit's Retry-After header names it. */
export const rateLimited = (retryAfterSeconds?: number) =>
  retryAfterSeconds === undefined
    ? new AppError('RATE_LIMITED', msg('server.errors.rateLimited'))
    : tooManyRequests('RATE_LIMITED', msg('server.errors.rateLimited'), retryAfterSeconds);
export const internalError = () => new AppError('INTERNAL', msg('server.errors.internal'));
export const databaseUnavailable = () =>
  new AppError('DATABASE_UNAVAILABLE', msg('server.errors.databaseUnavailable'));

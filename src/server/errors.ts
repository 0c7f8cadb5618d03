import { ERRORS, type ErrorCode, type ErrorCodeWithStatus } from '../shared/errors.ts';

type ErrorExtra = {
  remainingAttempts?: number;
  retryAfterSeconds?: number;
  fields?: Record<string, string[]>;
};

/**
 * An error with a stable code (its HTTP status is the code's, shared/errors.ts); the error
 * handler (plugins/errors.ts) turns it into the API error body. Built only by the factories of
 * `errors.ts` files (errors.test.ts scans for strays).
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: ErrorExtra = {},
  ) {
    super(message);
    this.status = ERRORS[code].status;
  }
}

/** The errors of no one module: the request, the asker, the server. */
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const unauthorized = () => new AppError('UNAUTHORIZED', 'You need to sign in first.');
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);
export const crossOriginRefused = () =>
  new AppError('CROSS_ORIGIN_REFUSED', 'Cross-origin requests that change data are not allowed.');
export const invalidText = () =>
  new AppError('INVALID_TEXT', 'Text must not contain NUL or invalid Unicode characters.');
export const invalidCursor = () => new AppError('INVALID_CURSOR', 'Invalid cursor');
export const validationError = (message: string, fields: Record<string, string[]>) =>
  new AppError('VALIDATION_ERROR', message, { fields });
export const missingBody = (fields?: Record<string, string[]>) =>
  new AppError('INVALID_BODY', 'Request body is missing.', fields ? { fields } : {});
export const invalidContentLength = () => new AppError('INVALID_BODY', 'Invalid Content-Length.');
export const invalidJson = () => new AppError('INVALID_JSON', 'Request body is not valid JSON.');
export const bodyTooLarge = () => new AppError('BODY_TOO_LARGE', 'Request body is too large.');
export const unsupportedMediaType = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json.');
export const badUrl = () => new AppError('BAD_URL', 'The address is not valid.');
export const badRequest = (message = 'Bad request.') => new AppError('BAD_REQUEST', message);
export const tooManyRequests = (
  code: ErrorCodeWithStatus<429>,
  message: string,
  retryAfterSeconds: number,
) =>
  new AppError(code, message, {
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)),
  });
const RATE_LIMITED = 'Too many requests. Please slow down and try again shortly.';
/** Over a route's rate limit; without a wait, @fastify/rate-limit's Retry-After header names it. */
export const rateLimited = (retryAfterSeconds?: number) =>
  retryAfterSeconds === undefined
    ? new AppError('RATE_LIMITED', RATE_LIMITED)
    : tooManyRequests('RATE_LIMITED', RATE_LIMITED, retryAfterSeconds);
export const internalError = () =>
  new AppError('INTERNAL', 'Something went wrong on our side. Please try again.');
export const databaseUnavailable = () =>
  new AppError('DATABASE_UNAVAILABLE', 'The database is not answering. Please try again shortly.');

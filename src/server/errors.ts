/** An error with an HTTP status and a stable code; the error handler turns it into the API error body. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: {
      remainingAttempts?: number;
      retryAfterSeconds?: number;
      fields?: Record<string, string[]>;
    } = {},
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const unauthorized = () => new AppError(401, 'UNAUTHORIZED', 'You need to sign in first.');
export const tooManyRequests = (code: string, message: string, retryAfterSeconds: number) =>
  new AppError(429, code, message, {
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)),
  });

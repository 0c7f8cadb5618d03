/** An error answer from the API, or a network failure (status 0, code NETWORK_ERROR). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string[]> | undefined;
  readonly remainingAttempts: number | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string[]> | undefined;
    remainingAttempts?: number | undefined;
    retryAfterSeconds?: number | undefined;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
    this.remainingAttempts = init.remainingAttempts;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
};

/** Same-origin JSON request to the API. Throws ApiError for every non-2xx answer. */
export async function apiFetch<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Unable to reach the server. Please check your connection and try again.',
    });
  }
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!res.ok) {
    // zod is loaded only when an error needs parsing, keeping it out of the landing bundle.
    const { apiErrorBody } = await import('../../shared/api.ts');
    const parsed = apiErrorBody.safeParse(data);
    if (parsed.success) throw new ApiError({ status: res.status, ...parsed.data.error });
    throw new ApiError({
      status: res.status,
      code: 'HTTP_ERROR',
      message: `The server answered with an error (${res.status}). Please try again.`,
    });
  }
  return data as T;
}

export const apiGet = <T>(path: string, signal?: AbortSignal) =>
  apiFetch<T>(path, signal ? { signal } : {});
export const apiPost = <T>(path: string, body: unknown = {}) =>
  apiFetch<T>(path, { method: 'POST', body });

/** A readable message for any thrown value. */
export function errorMessage(err: unknown, fallback = 'Something went wrong. Please try again.') {
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

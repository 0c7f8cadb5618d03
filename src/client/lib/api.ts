import type { ErrorCode } from '../../shared/errors.ts';
import type { MessageId, MessageValues } from '../../shared/i18n/namespaces.ts';
import { activeLanguage } from './active-language.ts';

type Say = (id: MessageId, values?: MessageValues) => string;
/**
 * The client's own error texts in the active language: lib/i18n.tsx hands its translator over
 * (`translateErrorsWith`). Until then, the key: the script of the pre-rendered pages without a
 * form loads this module but neither the catalogue nor its runtime, and shows no error's text.
 */
let say: Say = (id) => id;
export const translateErrorsWith = (translate: Say) => void (say = translate);

/**
 * An error's code: one the API answers (shared/errors.ts, so comparing with a renamed or removed
 * code fails to compile), or the client's own for no answer (NETWORK_ERROR) or an answer not in
 * the API's error shape (HTTP_ERROR).
 */
export type ApiErrorCode = ErrorCode | 'HTTP_ERROR' | 'NETWORK_ERROR';

/** An error answer from the API, or a network failure (status 0, code NETWORK_ERROR). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: Record<string, string[]> | undefined;
  readonly remainingAttempts: number | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    status: number;
    code: ApiErrorCode;
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
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
};

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

type ErrorFields = Pick<
  ApiError,
  'message' | 'fields' | 'remainingAttempts' | 'retryAfterSeconds'
> & {
  code: string;
};

const isInt = (v: unknown) => Number.isSafeInteger(v);
const isFields = (v: unknown): v is Record<string, string[]> =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.values(v).every((f) => Array.isArray(f) && f.every((m) => typeof m === 'string'));

/**
 * The `error` of an answer in the server's error shape (`apiErrorBody` in shared/api.ts), or null.
 * Checked by hand, as the schema would (api.test.ts holds the two to the same answers): zod stays
 * out of the pages that load no other zod (the public pages' islands).
 */
export function errorBodyOf(data: unknown): ErrorFields | null {
  const error = (data as { error?: unknown } | null)?.error;
  if (typeof error !== 'object' || error === null) return null;
  const e = error as Record<string, unknown>;
  if (typeof e.code !== 'string' || typeof e.message !== 'string') return null;
  if (e.fields !== undefined && !isFields(e.fields)) return null;
  if (e.remainingAttempts !== undefined && !isInt(e.remainingAttempts)) return null;
  if (e.retryAfterSeconds !== undefined && !isInt(e.retryAfterSeconds)) return null;
  return {
    code: e.code,
    message: e.message,
    fields: e.fields as ErrorFields['fields'],
    remainingAttempts: e.remainingAttempts as number | undefined,
    retryAfterSeconds: e.retryAfterSeconds as number | undefined,
  };
}

/** A `Retry-After` header in seconds (the HTTP-date form is not used by this server). */
function retryAfterOf(headers: Headers | undefined): number | undefined {
  const value = headers?.get('retry-after')?.trim();
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  return Math.max(1, Number(value));
}

/**
 * The ApiError of a failed answer. A wait the body does not name is taken from `Retry-After`
 * (the rate limiter's 429s carry only the header).
 */
function errorFrom(status: number, data: unknown, headers?: Headers): ApiError {
  const body = errorBodyOf(data);
  if (body) {
    const retryAfterSeconds = body.retryAfterSeconds ?? retryAfterOf(headers);
    // The server of this build answers only the codes of its table (shared/errors.ts).
    return new ApiError({ status, ...body, code: body.code as ErrorCode, retryAfterSeconds });
  }
  return new ApiError({
    status,
    code: 'HTTP_ERROR',
    message: say('common.errors.http', { status }),
  });
}

/**
 * Sends a request; the server answers its error messages in the active language
 * (`Accept-Language`, ADR 0020).
 */
async function send(path: string, opts: RequestOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = { accept, 'accept-language': activeLanguage() };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  try {
    return await fetch(path, {
      method: opts.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: say('common.errors.network') });
  }
}

const maintenanceListeners = new Set<() => void>();
/**
 * Calls `listener` whenever the server refuses a request because the site is in maintenance
 * (503 MAINTENANCE); returns the unsubscribe function.
 */
export function onMaintenanceAnswer(listener: () => void) {
  maintenanceListeners.add(listener);
  return () => void maintenanceListeners.delete(listener);
}

/** Same-origin JSON request to the API. Throws ApiError for every non-2xx answer. */
export async function apiFetch<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await send(path, opts, 'application/json');
  const text = await res.text();
  const data = parseJson(text);
  if (!res.ok) {
    const err = errorFrom(res.status, data, res.headers);
    if (err.status === 503 && err.code === 'MAINTENANCE') maintenanceListeners.forEach((l) => l());
    throw err;
  }
  return data as T;
}

export const apiGet = <T>(path: string, signal?: AbortSignal) =>
  apiFetch<T>(path, signal ? { signal } : {});
export const apiPost = <T>(path: string, body: unknown = {}) =>
  apiFetch<T>(path, { method: 'POST', body });

/**
 * A readable message for any thrown value: its own (the server's answers come in the active
 * language), else `fallback` (translated by the caller), else 'Something went wrong. Please try
 * again.'.
 */
export function errorMessage(err: unknown, fallback?: string) {
  if (err instanceof Error && err.message) return err.message;
  return fallback ?? say('common.errors.generic');
}

/**
 * A request whose answer streams one JSON object per line (application/x-ndjson): `onItem` is
 * called for each as it arrives. Throws ApiError for a non-2xx answer, like apiFetch.
 */
export async function apiStream<T>(
  path: string,
  opts: RequestOptions,
  onItem: (item: T) => void,
): Promise<void> {
  const res = await send(path, opts, 'application/x-ndjson');
  if (!res.ok) throw errorFrom(res.status, parseJson(await res.text()));
  if (!res.body) return;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buf += value;
    let nl;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, nl).trim();
      buf = buf.slice(nl + 1);
      if (line) onItem(JSON.parse(line) as T);
    }
    if (done) break;
  }
  if (buf.trim()) onItem(JSON.parse(buf) as T);
}

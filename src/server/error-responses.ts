import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { apiErrorBody } from '../shared/api.ts';
import { ERRORS, type ErrorCode } from '../shared/errors.ts';

/** The codes each schema built by `errorResponses` stands for (the route hook reads them back). */
const codesOf = new WeakMap<object, readonly ErrorCode[]>();

/**
 * The error answers of a route, for its `schema.response`: one schema per status, the shared
 * error body (`ApiError` in /v1/openapi.json) with `code` narrowed to the listed codes of that
 * status, each code's meaning in the description. A route lists the codes of its own (401, 404
 * of its ids, 409...); `documentCommonErrors` adds those every route of its kind answers.
 * Documentation only: the error handler sends error bodies as built JSON text, never through
 * these schemas (plugins/errors.ts), so a field is never dropped and a code never refused.
 */
export function errorResponses(...codes: ErrorCode[]): Record<number, z.ZodType> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const { status } = ERRORS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<number, z.ZodType> = {};
  for (const [status, list] of byStatus) {
    const sorted = [...list].sort();
    const schema = z
      .intersection(apiErrorBody, z.looseObject({ error: z.looseObject({ code: z.enum(sorted) }) }))
      .describe(sorted.map((c) => `${c}: ${ERRORS[c].description}`).join('\n'));
    codesOf.set(schema, sorted);
    out[status] = schema;
  }
  return out;
}

/** The error codes listed in a route's response schemas (by `errorResponses`). */
export function documentedCodes(response: unknown): ErrorCode[] {
  if (!response || typeof response !== 'object') return [];
  return Object.values(response).flatMap((s: object) => codesOf.get(s) ?? []);
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The codes a route answers by what it is, from the hooks and guards that run before it:
 * INVALID_TEXT (plugins/input-guard.ts) on every route; on writes the body parser's and
 * decompression's (@fastify/compress) errors, the
 * CSRF guard (plugins/csrf.ts) and, outside /v1/auth and /v1/admin, maintenance
 * (settings/maintenance.ts); VALIDATION_ERROR where a body, query or header schema is checked; a
 * malformed path id is NOT_FOUND (plugins/errors.ts); RATE_LIMITED under a `config.rateLimit`;
 * 401/403 on every /v1/admin route (plugins/admin-guard.ts); on /v1 routes the API key codes
 * by the route's `config.scope` (modules/api-keys/api-key-auth.ts).
 */
function commonCodes(route: RouteOptions): ErrorCode[] {
  const codes: ErrorCode[] = ['INVALID_TEXT'];
  const methods = [route.method].flat();
  const url = route.url;
  if (methods.some((m) => !READS.has(m))) {
    codes.push(
      'BAD_REQUEST',
      'INVALID_BODY',
      'INVALID_JSON',
      'BODY_TOO_LARGE',
      'UNSUPPORTED_MEDIA_TYPE',
      'CROSS_ORIGIN_REFUSED',
    );
    if (url.startsWith('/v1/') && !/^\/v1\/(auth|admin)\//.test(url)) codes.push('MAINTENANCE');
  }
  const schema = route.schema ?? {};
  if (schema.body || schema.querystring || schema.headers) codes.push('VALIDATION_ERROR');
  if (schema.params) codes.push('NOT_FOUND');
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) codes.push('RATE_LIMITED');
  if (url.startsWith('/v1/admin/')) codes.push('UNAUTHORIZED', 'FORBIDDEN');
  if (url.startsWith('/v1/')) {
    // API keys (api-key-auth.ts): a bad key anywhere; a route's scope, or keys refused.
    codes.push('API_KEY_INVALID');
    const scope = (route.config as { scope?: string } | undefined)?.scope;
    if (!scope) codes.push('API_KEY_NOT_ALLOWED');
    else if (scope !== 'public') codes.push('RATE_LIMITED');
    if (scope && scope !== 'public' && scope !== 'any') codes.push('INSUFFICIENT_SCOPE');
  }
  return codes;
}

/** An `onRoute` hook: every documented route's error answers, its own codes and the common ones. */
export function documentCommonErrors(route: RouteOptions) {
  if (route.schema?.hide) return;
  const schema = (route.schema ??= {});
  const response = (schema.response ?? {}) as Record<string, unknown>;
  const own = documentedCodes(response);
  const others = Object.fromEntries(
    Object.entries(response).filter(([, s]) => !codesOf.has(s as object)),
  );
  schema.response = { ...others, ...errorResponses(...own, ...commonCodes(route)) };
}

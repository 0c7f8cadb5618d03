import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { documentCommonErrors, documentedCodes } from '../error-responses.ts';
import {
  AppError,
  badRequest,
  badUrl,
  bodyTooLarge,
  databaseUnavailable,
  internalError,
  invalidContentLength,
  invalidJson,
  missingBody,
  notFound,
  rateLimited,
  unsupportedMediaType,
  validationError,
} from '../errors.ts';

const fastifyCodes: Record<string, () => AppError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: unsupportedMediaType,
  FST_ERR_CTP_EMPTY_JSON_BODY: () => missingBody(),
  FST_ERR_CTP_INVALID_JSON_BODY: invalidJson,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: invalidContentLength,
};

/** Faults of the server: any route may answer them, so none lists them (error-responses.ts). */
const ANY_ROUTE = new Set(['INTERNAL', 'DATABASE_UNAVAILABLE']);

/**
 * Sends `err` as { error: { code, message, ...extra } } with its status (and Retry-After). The
 * body goes as JSON text, so the route's response schema for that status (documentation,
 * error-responses.ts) never filters it: every field of `extra` leaves as built here. A code the
 * route does not document is still sent, and logged as an error: /v1/openapi.json is wrong, and
 * the tests' log gate (test/error-logs.ts) fails on it.
 */
export function sendError(reply: FastifyReply, err: AppError) {
  const route = reply.request.routeOptions;
  const listed = documentedCodes(route.schema?.response);
  if (listed.length > 0 && !ANY_ROUTE.has(err.code) && !listed.includes(err.code)) {
    reply.log.error(
      { code: err.code, route: `${reply.request.method} ${route.url}` },
      'error code not documented for this route (error-responses.ts)',
    );
  }
  if (err.extra.retryAfterSeconds) reply.header('retry-after', String(err.extra.retryAfterSeconds));
  return reply
    .status(err.status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ error: { code: err.code, message: err.message, ...err.extra } }));
}

/** The API error a thrown value stands for. */
function toAppError(err: FastifyError, req: FastifyRequest): AppError {
  if (err instanceof AppError) return err;
  if (isDatabaseUnavailable(err)) return databaseUnavailable();
  if (hasZodFastifySchemaValidationErrors(err)) {
    // A malformed id in a path is just an id that does not exist.
    if (err.validationContext === 'params') return notFound();
    const fields: Record<string, string[]> = {};
    for (const v of err.validation) {
      const key =
        v.instancePath.replace(/^\//, '').replace(/\//g, '.') || err.validationContext || 'body';
      (fields[key] ??= []).push(v.message ?? 'Invalid value');
    }
    const [firstKey, firstMsgs] = Object.entries(fields)[0] ?? ['body', ['Invalid request']];
    if (err.validationContext === 'body' && (req.body === undefined || req.body === null))
      return missingBody(fields);
    return validationError(firstMsgs?.[0] ?? `Invalid ${firstKey}`, fields);
  }
  const known = err.code ? fastifyCodes[err.code] : undefined;
  if (known) return known();
  // @fastify/rate-limit's refusal; the plugin has set Retry-After already.
  if (err.statusCode === 429) return rateLimited();
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
    return badRequest(err.message);
  return internalError();
}

/** Every failure leaves as { error: { code, message } } with the code's status (shared/errors.ts). */
export function registerErrorHandling(app: FastifyInstance) {
  // Before any route is added: every route documents the errors it answers (error-responses.ts).
  app.addHook('onRoute', documentCommonErrors);
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const error = toAppError(err, req);
    if (error.code === 'DATABASE_UNAVAILABLE') {
      // An outage, not a bug: /healthz reports it too, so it is a warning.
      req.log.warn({ err }, 'database unavailable');
      reply.header('retry-after', '5');
    } else if (error.status >= 500) {
      req.log.error({ err: isResponseSerializationError(err) ? err.cause : err }, 'request failed');
    }
    return sendError(reply, error);
  });
}

/**
 * Fastify's own routing errors (its `frameworkErrors` option), in the API's error shape: a path
 * that is not valid percent-encoding is 400; a path segment longer than the router takes is an id
 * that does not exist, 404 (as a malformed id is).
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(reply, notFound());
  if (err.code === 'FST_ERR_BAD_URL') return sendError(reply, badUrl());
  return sendError(reply, badRequest());
}

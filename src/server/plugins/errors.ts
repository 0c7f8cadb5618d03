import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../../shared/api.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { AppError } from '../errors.ts';

type Body = ApiErrorBody['error'];

const fastifyCodes: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'BODY_TOO_LARGE',
    message: 'Request body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the request body as application/json.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'INVALID_BODY',
    message: 'Request body is missing.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'Request body is not valid JSON.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'INVALID_BODY',
    message: 'Invalid Content-Length.',
  },
};

/** Every failure leaves as { error: { code, message } } with the right status. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    let status = 500;
    let body: Body = {
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
    };

    if (err instanceof AppError) {
      status = err.status;
      body = { code: err.code, message: err.message, ...err.extra };
      if (err.extra.retryAfterSeconds)
        reply.header('retry-after', String(err.extra.retryAfterSeconds));
    } else if (isDatabaseUnavailable(err)) {
      status = 503;
      body = {
        code: 'DATABASE_UNAVAILABLE',
        message: 'The database is not answering. Please try again shortly.',
      };
      reply.header('retry-after', '5');
    } else if (hasZodFastifySchemaValidationErrors(err) && err.validationContext === 'params') {
      // A malformed id in a path is just an id that does not exist.
      status = 404;
      body = { code: 'NOT_FOUND', message: 'Not found' };
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      status = 400;
      const fields: Record<string, string[]> = {};
      for (const v of err.validation) {
        const key =
          v.instancePath.replace(/^\//, '').replace(/\//g, '.') || err.validationContext || 'body';
        (fields[key] ??= []).push(v.message ?? 'Invalid value');
      }
      const [firstKey, firstMsgs] = Object.entries(fields)[0] ?? ['body', ['Invalid request']];
      const missingBody =
        err.validationContext === 'body' && (req.body === undefined || req.body === null);
      body = missingBody
        ? { code: 'INVALID_BODY', message: 'Request body is missing.', fields }
        : { code: 'VALIDATION_ERROR', message: firstMsgs?.[0] ?? `Invalid ${firstKey}`, fields };
    } else if (err.code && fastifyCodes[err.code]) {
      const known = fastifyCodes[err.code]!;
      status = known.status;
      body = { code: known.code, message: known.message };
    } else if (err.statusCode === 429) {
      status = 429;
      body = {
        code: 'RATE_LIMITED',
        message: 'Too many requests. Please slow down and try again shortly.',
      };
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      body = { code: err.code ?? 'BAD_REQUEST', message: err.message };
    }

    if (body.code === 'DATABASE_UNAVAILABLE') {
      // An outage, not a bug: /healthz reports it too, so it is a warning.
      req.log.warn({ err }, 'database unavailable');
    } else if (status >= 500) {
      req.log.error({ err: isResponseSerializationError(err) ? err.cause : err }, 'request failed');
    }
    return reply.status(status).send({ error: body });
  });
}

/**
 * Fastify's own routing errors (its `frameworkErrors` option), in the API's error shape: a path
 * that is not valid percent-encoding is 400; a path segment longer than the router takes is an id
 * that does not exist, 404 (as a malformed id is).
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  if (err.code === 'FST_ERR_BAD_URL')
    return reply
      .status(400)
      .send({ error: { code: 'BAD_URL', message: 'The address is not valid.' } });
  return reply
    .status(err.statusCode ?? 400)
    .send({ error: { code: err.code ?? 'BAD_REQUEST', message: 'Bad request.' } });
}

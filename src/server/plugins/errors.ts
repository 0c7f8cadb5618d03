import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { Locale } from '../../shared/i18n/locales.ts';
import { readMessage } from '../../shared/validation-message.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { apiLocale, translate, type Message } from '../i18n.ts';
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
  msg,
  notFound,
  rateLimited,
  unsupportedMediaType,
  validationError,
} from '../errors.ts';

const fastifyCodes: Record<string, (req: FastifyRequest) => AppError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: unsupportedMediaType,
  FST_ERR_CTP_EMPTY_JSON_BODY: () => missingBody(),
  FST_ERR_CTP_INVALID_JSON_BODY: invalidJson,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: invalidContentLength,
  // @fastify/compress, reading a request body.
  FST_CP_ERR_INVALID_CONTENT_ENCODING: (req) =>
    badRequest(
      msg('server.errors.unsupportedEncoding', {
        encoding: String(req.headers['content-encoding'] ?? ''),
      }),
    ),
  FST_CP_ERR_INVALID_CONTENT: () => badRequest(msg('server.errors.badCompressedBody')),
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
  // The human text in the asker's language; the code stays as it is.
  const locale = apiLocale(reply.request);
  const { fields, ...extra } = err.extra;
  const body = {
    code: err.code,
    message: err.messageIn(locale),
    ...extra,
    ...(fields && {
      fields: Object.fromEntries(
        Object.entries(fields).map(([k, texts]) => [k, texts.map((m) => textIn(locale, m))]),
      ),
    }),
  };
  reply.header('content-language', locale);
  return reply
    .status(err.status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ error: body }));
}

/**
 * A text in `locale`: a catalogue message, or a string naming one (a shared schema's validation
 * message, which a module may pass on from its own parse: shared/validation-message.ts); any other
 * string as it is.
 */
function textIn(locale: Locale, text: Message | string): string {
  const message = typeof text === 'string' ? readMessage(text) : text;
  return message ? translate(locale, message.id, message.values) : (text as string);
}

/** What fastify-type-provider-zod keeps of a zod issue: its code, message and the rest. */
type Issue = { keyword: string; message?: string; params: Record<string, unknown> };

/** A value as zod's messages quote it: "text", 12, true. */
const quoted = (v: unknown) =>
  typeof v === 'bigint' ? `${v}n` : typeof v === 'string' ? `"${v}"` : String(v);

/** Zod's own English message of an issue (no custom one given), as a catalogue message. */
function zodMessage({ keyword, params: p, message = '' }: Issue): Message {
  const origin = typeof p.origin === 'string' ? p.origin : 'value';
  const units: Record<string, string> = {
    string: 'characters',
    file: 'bytes',
    array: 'items',
    set: 'items',
    map: 'entries',
  };
  switch (keyword) {
    case 'invalid_type':
      return msg('validation.zod.invalidType', {
        expected: String(p.expected),
        received: /, received (.+)$/.exec(message)?.[1] ?? '',
      });
    case 'invalid_value': {
      const values = Array.isArray(p.values) ? p.values : [];
      return values.length === 1
        ? msg('validation.zod.invalidLiteral', { expected: quoted(values[0]) })
        : msg('validation.zod.invalidOption', { options: values.map(quoted).join('|') });
    }
    case 'too_big':
    case 'too_small': {
      const big = keyword === 'too_big';
      // 'exact', or the comparison: '<=', '<', '>=', '>'.
      const bound = p.exact ? 'exact' : `${big ? '<' : '>'}${p.inclusive ? '=' : ''}`;
      const limit = String(big ? p.maximum : p.minimum);
      const values = { origin, bound, limit };
      const unit = units[origin];
      if (unit)
        return msg(big ? 'validation.zod.tooBigSize' : 'validation.zod.tooSmallSize', {
          ...values,
          unit,
        });
      return msg(big ? 'validation.zod.tooBig' : 'validation.zod.tooSmall', values);
    }
    case 'invalid_format':
      return p.format === 'regex'
        ? msg('validation.zod.pattern', { pattern: String(p.pattern) })
        : msg('validation.zod.format', {
            format: String(p.format),
            name: message.replace(/^Invalid /, ''),
          });
    case 'not_multiple_of':
      return msg('validation.zod.multipleOf', { divisor: String(p.divisor) });
    case 'unrecognized_keys': {
      const keys = Array.isArray(p.keys) ? p.keys : [];
      return msg('validation.zod.unrecognizedKeys', {
        count: keys.length,
        keys: keys.map(quoted).join(', '),
      });
    }
    case 'invalid_key':
      return msg('validation.zod.invalidKey', { origin });
    case 'invalid_element':
      return msg('validation.zod.invalidElement', { origin });
    case 'invalid_union':
      if (Array.isArray(p.options) && p.options.length > 0)
        return msg('validation.zod.discriminator', {
          options: p.options.map((o) => `'${String(o)}'`).join(' | '),
        });
      return msg('validation.zod.invalidInput');
    default:
      return msg('validation.zod.invalidInput');
  }
}

/**
 * An issue's message, to be answered in the asker's language: the schema's own (a key of the
 * catalogue, with its values), or zod's default English mapped to a key by the issue's code and
 * params. A mapping whose English is not zod's text word for word is not used: that text is
 * answered as zod wrote it.
 */
function issueMessage(issue: Issue): Message | string {
  const own = issue.message === undefined ? null : readMessage(issue.message);
  if (own) return own;
  const mapped = zodMessage(issue);
  const english = translate('en', mapped.id, mapped.values);
  return issue.message === undefined || english === issue.message ? mapped : issue.message;
}

/** The API error a thrown value stands for. */
function toAppError(err: FastifyError, req: FastifyRequest): AppError {
  if (err instanceof AppError) return err;
  if (isDatabaseUnavailable(err)) return databaseUnavailable();
  if (hasZodFastifySchemaValidationErrors(err)) {
    // A malformed id in a path is just an id that does not exist.
    if (err.validationContext === 'params') return notFound();
    const fields: Record<string, (Message | string)[]> = {};
    for (const v of err.validation) {
      const key =
        v.instancePath.replace(/^\//, '').replace(/\//g, '.') || err.validationContext || 'body';
      (fields[key] ??= []).push(issueMessage(v as Issue));
    }
    if (err.validationContext === 'body' && (req.body === undefined || req.body === null))
      return missingBody(fields);
    // The first field's first message stands for them all (there is at least one issue).
    const first = Object.values(fields)[0]?.[0] ?? msg('validation.zod.invalidInput');
    return validationError(first, fields);
  }
  const known = err.code ? fastifyCodes[err.code] : undefined;
  if (known) return known(req);
  // @fastify/rate-limit's refusal; the plugin has set Retry-After already.
  if (err.statusCode === 429) return rateLimited();
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return badRequest();
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

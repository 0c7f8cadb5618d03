import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiKeyScope } from '../../../shared/api-keys.ts';
import { rateLimited } from '../../errors.ts';
import { sha256 } from '../../secrets.ts';
import { apiKeyErrors } from './api-keys.errors.ts';
import type { ApiKeysRepository, KeyHolder } from './api-keys.repository.ts';

/**
 * What a route lets API keys do (`config.scope`): the scope a key needs; `'any'` for every valid
 * key (who am I); `'public'` for routes open to everyone (a key there is checked, then ignored).
 * A route without it refuses keys (403): sign-in, the account, the API keys themselves, admin.
 */
export type RouteScope = ApiKeyScope | 'any' | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    scope?: RouteScope;
  }
  interface FastifyRequest {
    /** The API key the request was made with, or null (a session, or no one). */
    apiKey: KeyHolder['key'] | null;
  }
}

export type ApiKeyRateLimit = { max: number; timeWindowMs: number };
/** Per key, every route together (route limits apply on top). */
export const API_KEY_RATE_LIMIT: ApiKeyRateLimit = { max: 600, timeWindowMs: 60_000 };
/** `last_used_at` is written at most this often per key (not on every request). */
const TOUCH_EVERY_MS = 60_000;

const BEARER = /^Bearer +([A-Za-z0-9_-]{1,256}) *$/i;

/** Whether a request asks to be taken as an API key's (any Authorization header does). */
export const carriesKey = (req: FastifyRequest) => req.headers.authorization !== undefined;

/**
 * Authenticates `Authorization: Bearer <key>` on /v1 routes, before any other hook reads
 * `req.user`. A request with the header is the key's alone: the session cookie is not read (the
 * sessions hook skips it), so cookies and keys never mix, and CSRF rules do not apply (a browser
 * never adds the header by itself). Then the route's scope is checked, and the key's rate limit.
 */
export function registerApiKeyAuth(
  app: FastifyInstance,
  repo: ApiKeysRepository,
  opts: { now: () => Date; rateLimit: ApiKeyRateLimit },
) {
  app.decorateRequest('apiKey', null);
  const limit = app.createRateLimit({
    max: opts.rateLimit.max,
    timeWindow: opts.rateLimit.timeWindowMs,
    keyGenerator: (req) => `key:${req.apiKey!.id}`,
  });

  app.addHook('onRequest', async (req, reply) => {
    if (!req.routeOptions.url?.startsWith('/v1/') || !carriesKey(req)) return;
    const match = BEARER.exec(req.headers.authorization!);
    const holder = match ? await repo.findByHash(sha256(match[1]!)) : undefined;
    const now = opts.now();
    if (!holder || (holder.key.expiresAt && holder.key.expiresAt <= now))
      throw apiKeyErrors.invalid();

    const scope = req.routeOptions.config.scope;
    if (scope === 'public') return;
    if (!scope) throw apiKeyErrors.notAllowed();
    if (scope !== 'any' && !holder.key.scopes.includes(scope))
      throw apiKeyErrors.insufficientScope(scope);

    req.apiKey = holder.key;
    req.user = holder.user;
    const used = await limit(req);
    if (!used.isAllowed && used.isExceeded) {
      reply.header('retry-after', used.ttlInSeconds);
      throw rateLimited(used.ttlInSeconds);
    }
    const last = holder.key.lastUsedAt?.getTime() ?? -Infinity;
    if (now.getTime() - last >= TOUCH_EVERY_MS) await repo.touch(holder.key.id, now);
  });
}

/**
 * The OpenAPI `security` of a route by its scope (see `RouteScope`), and the scope itself as
 * `x-scope`: public routes need no one; scoped ones a session or a key (`apiKey`, the bearer
 * scheme) with that scope. OpenAPI 3.0 lists scopes only for OAuth, hence the extension.
 */
export function openApiSecurity(scope: RouteScope | undefined): Record<string, unknown> {
  if (!scope) return {};
  if (scope === 'public') return { security: [] };
  return { security: [{ session: [] }, { apiKey: [] }], 'x-scope': scope };
}

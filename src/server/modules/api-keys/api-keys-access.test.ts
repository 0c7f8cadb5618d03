import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../../shared/api-keys.ts';
import { signInAdmin } from '../../test/admin.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import type { RouteScope } from './api-key-auth.ts';

/**
 * Every /v1 route × API keys: the scope each route needs is the one below (and the one
 * /v1/openapi.json declares as `x-scope`); a key without it is refused with 403
 * INSUFFICIENT_SCOPE, a key with only it gets past the check; routes without a scope (sign-in,
 * account, API keys, admin) refuse every key, even a super admin's with every scope. A route
 * outside /v1/admin missing from EXPECTED fails the first test: decide its scope and add it.
 */
const EXPECTED: Record<string, RouteScope | null> = {
  'POST /v1/auth/code': null,
  'POST /v1/auth/verify': null,
  'GET /v1/auth/link': null,
  'POST /v1/auth/signout': null,
  'GET /v1/auth/session': null,
  'GET /v1/me': 'any',
  'PATCH /v1/me': null,
  'DELETE /v1/me': null,
  'GET /v1/me/sessions': null,
  'POST /v1/me/sessions/sign-out-others': null,
  'DELETE /v1/me/sessions/:id': null,
  'GET /v1/api-keys': null,
  'POST /v1/api-keys': null,
  'DELETE /v1/api-keys/:id': null,
  'GET /v1/site': 'public',
  'POST /v1/analytics/events': 'public',
  'POST /v1/contact': 'public',
  'GET /v1/public/stats': 'public',
  'GET /v1/tags': 'numbers:read',
  'POST /v1/tags': 'numbers:write',
  'PATCH /v1/tags/:id': 'numbers:write',
  'POST /v1/tags/:id/merge': 'numbers:write',
  'DELETE /v1/tags/:id': 'numbers:write',
  'GET /v1/numbers': 'numbers:read',
  'GET /v1/numbers/matching': 'numbers:read',
  'POST /v1/numbers': 'numbers:write',
  'GET /v1/numbers/export': 'numbers:read',
  'POST /v1/numbers/import': 'numbers:write',
  'POST /v1/numbers/bulk-delete': 'numbers:write',
  'POST /v1/numbers/clear': 'numbers:write',
  'GET /v1/numbers/:id': 'numbers:read',
  'PATCH /v1/numbers/:id': 'numbers:write',
  'DELETE /v1/numbers/:id': 'numbers:write',
  'POST /v1/numbers/:id/refresh': 'numbers:write',
  'POST /v1/numbers/:id/expect': 'numbers:write',
  'POST /v1/numbers/:id/test': 'numbers:write',
  'POST /v1/date-checks': 'numbers:write',
  'POST /v1/messages/refresh': 'numbers:write',
  'GET /v1/messages': 'messages:read',
  'GET /v1/numbers/:id/code': 'messages:read',
  'GET /v1/messages/export': 'messages:read',
  'GET /v1/events': 'messages:read',
  'GET /v1/pages': 'sharing:read',
  'POST /v1/pages': 'sharing:write',
  'GET /v1/pages/:id': 'sharing:read',
  'PATCH /v1/pages/:id': 'sharing:write',
  'DELETE /v1/pages/:id': 'sharing:write',
  'POST /v1/pages/:id/regenerate': 'sharing:write',
  'GET /v1/single-endpoints': 'sharing:read',
  'POST /v1/single-endpoints': 'sharing:write',
  'POST /v1/single-endpoints/lines': 'sharing:write',
  'POST /v1/single-endpoints/bulk-delete': 'sharing:write',
  'GET /v1/single-endpoints/:id': 'sharing:read',
  'PATCH /v1/single-endpoints/:id': 'sharing:write',
  'DELETE /v1/single-endpoints/:id': 'sharing:write',
  'POST /v1/single-endpoints/:id/regenerate': 'sharing:write',
  'GET /v1/public/pages/:hash': 'public',
  'GET /v1/public/single/:hash': 'public',
  'GET /v1/public/single/:hash/latest': 'public',
  'POST /v1/public/pages/:hash/expect': 'public',
  'POST /v1/public/single/:hash/expect': 'public',
  'GET /v1/public/pages/:hash/events': 'public',
  'GET /v1/public/single/:hash/events': 'public',
  'POST /v1/public/date-check': 'public',
  'GET /v1/blog/posts': 'public',
  'GET /v1/blog/posts/:slug': 'public',
  'POST /v1/blog/posts/:slug/views': 'public',
  'POST /v1/newsletter': 'public',
  'GET /v1/openapi.json': 'public',
  'GET /v1/dev/outbox': null,
  'GET /v1/numbers/expiring': 'numbers:read',
  'GET /v1/webhooks': 'webhooks:read',
  'POST /v1/webhooks': 'webhooks:write',
  'GET /v1/webhooks/:id': 'webhooks:read',
  'PATCH /v1/webhooks/:id': 'webhooks:write',
  'DELETE /v1/webhooks/:id': 'webhooks:write',
  'POST /v1/webhooks/:id/rotate-secret': 'webhooks:write',
  'POST /v1/webhooks/:id/test': 'webhooks:write',
  'GET /v1/webhooks/:id/deliveries': 'webhooks:read',
  'POST /v1/webhooks/:id/deliveries/:deliveryId/redeliver': 'webhooks:write',
  'GET /v1/notification-channels': 'channels:read',
  'GET /v1/notification-channels/push-key': 'channels:read',
  'POST /v1/notification-channels': 'channels:write',
  'GET /v1/notification-channels/:id': 'channels:read',
  'PATCH /v1/notification-channels/:id': 'channels:write',
  'DELETE /v1/notification-channels/:id': 'channels:write',
  'POST /v1/notification-channels/:id/test': 'channels:write',
  'GET /v1/notification-channels/:id/deliveries': 'channels:read',
  'POST /v1/notification-channels/:id/deliveries/:deliveryId/redeliver': 'channels:write',
};
/** Streams that stay open once allowed: only their refusal is asserted here. */
const STREAMS = new Set(['GET /v1/events']);

let t: TestApp;
let owner: { cookie: string };
const keys = new Map<string, string>();
let routes: { method: string; url: string }[];

beforeAll(async () => {
  t = await createTestApp({ apiKeyRateLimit: { max: 100_000 } });
  owner = await signInAdmin(t, { role: 'super_admin' });
  routes = t.app
    .routesList()
    .filter((r) => r.url.startsWith('/v1/') && r.method !== 'HEAD' && r.method !== 'OPTIONS');
});
afterAll(() => t.close());

async function keyWith(scopes: readonly ApiKeyScope[]) {
  const name = scopes.join(',');
  if (!keys.has(name)) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/api-keys',
      headers: { cookie: owner.cookie },
      payload: { name: name.slice(0, 100), scopes },
    });
    expect(res.statusCode, res.body).toBe(201);
    keys.set(name, res.json().key);
    t.clock.advance(61_000); // past the create route's own limit
  }
  return keys.get(name)!;
}

const sampleUrl = (url: string) =>
  url
    .replace(':id', crypto.randomUUID())
    .replace(':deliveryId', crypto.randomUUID())
    .replace(':hash', 'A'.repeat(22))
    .replace(':slug', 'no-such-post');

const call = (key: string, method: string, url: string) =>
  t.app.inject({
    method: method as 'GET',
    url: sampleUrl(url),
    headers: { authorization: `Bearer ${key}` },
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });

describe('API keys on every /v1 route', () => {
  it('has a decided scope for every route, and the OpenAPI document declares it', async () => {
    const found = routes
      .filter((r) => !r.url.startsWith('/v1/admin/'))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(found).toEqual(Object.keys(EXPECTED).sort());
    const doc = (await t.app.inject({ url: '/v1/openapi.json' })).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [route, scope] of Object.entries(EXPECTED)) {
      const [method, url] = route.split(' ') as [string, string];
      const op = doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      if (!op) continue; // hidden from the document (openapi.json itself, the dev outbox)
      if (scope === 'public') expect(op.security, route).toEqual([]);
      else if (scope) {
        expect(op.security, route).toEqual([{ session: [] }, { apiKey: [] }]);
        expect(op['x-scope'], route).toBe(scope);
      } else expect(op['x-scope'], route).toBeUndefined();
    }
  });

  it('refuses a key without the scope (403 INSUFFICIENT_SCOPE) and lets a key with only it through', async () => {
    for (const [route, scope] of Object.entries(EXPECTED)) {
      if (!scope || scope === 'public' || scope === 'any') continue;
      const [method, url] = route.split(' ') as [string, string];
      const others = API_KEY_SCOPES.filter((s) => s !== scope);
      const refused = await call(await keyWith(others), method, url);
      expect(refused.statusCode, route).toBe(403);
      expect(refused.json().error.code, route).toBe('INSUFFICIENT_SCOPE');
      if (STREAMS.has(route)) continue;
      const allowed = await call(await keyWith([scope]), method, url);
      expect([401, 403], `${route}: ${allowed.body}`).not.toContain(allowed.statusCode);
    }
  });

  it('refuses every key on routes without a scope, admin routes included (403 API_KEY_NOT_ALLOWED)', async () => {
    const all = await keyWith(API_KEY_SCOPES);
    const unscoped = routes.filter((r) => !EXPECTED[`${r.method} ${r.url}`]);
    expect(unscoped.filter((r) => r.url.startsWith('/v1/admin/')).length).toBeGreaterThan(10);
    for (const r of unscoped) {
      const res = await call(all, r.method, r.url);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json().error.code).toBe('API_KEY_NOT_ALLOWED');
    }
  });

  it('answers public routes and who-am-I to any valid key', async () => {
    const one = await keyWith(['sharing:read']);
    for (const [route, scope] of Object.entries(EXPECTED)) {
      if (scope !== 'public' && scope !== 'any') continue;
      const [method, url] = route.split(' ') as [string, string];
      const res = await call(one, method, url);
      expect([401, 403], `${route}: ${res.body}`).not.toContain(res.statusCode);
    }
  });
});

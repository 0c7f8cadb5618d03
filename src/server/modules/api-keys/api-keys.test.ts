import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEY_SCOPES,
  MAX_API_KEYS_PER_USER,
  type ApiKeyScope,
  type CreatedApiKeyDto,
} from '../../../shared/api-keys.ts';
import { apiKeys } from '../../db/schema.ts';
import { sha256 } from '../../secrets.ts';
import { signInAdmin, signInUser } from '../../test/admin.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
let alice: { cookie: string; user: { id: string } };
let bob: { cookie: string; user: { id: string } };
beforeAll(async () => {
  t = await createTestApp({ apiKeyRateLimit: { max: 1000 } });
  alice = await signInUser(t);
  bob = await signInUser(t);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const asCookie = (who: { cookie: string }, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
const asKey = (
  key: string,
  method: Method,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}`, ...headers },
    ...(payload ? { payload } : {}),
  });

async function makeKey(
  who: { cookie: string },
  scopes: readonly ApiKeyScope[] = API_KEY_SCOPES,
  extra: { name?: string; expiresAt?: string } = {},
): Promise<CreatedApiKeyDto> {
  const res = await asCookie(who, 'POST', '/v1/api-keys', {
    name: extra.name ?? 'script',
    scopes,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
let phoneSeq = 0;
const newNumber = (key: string) =>
  asKey(key, 'POST', '/v1/numbers', {
    phoneNumber: `555${String(++phoneSeq).padStart(7, '0')}`,
    apiLink: `https://sms.example.com/api/${phoneSeq}`,
  });

describe('API keys: create, list, revoke', () => {
  it('shows the key once, stores only its hash, lists it with its prefix and last use', async () => {
    const created = await makeKey(alice, ['numbers:read', 'numbers:read', 'messages:read'], {
      name: '  signup bot  ',
    });
    expect(created.key).toMatch(/^vmk_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: 'signup bot',
      prefix: created.key.slice(0, 12),
      scopes: ['numbers:read', 'messages:read'],
      expiresAt: null,
      lastUsedAt: null,
    });
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.keyHash).toBe(sha256(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);

    const list = await asCookie(alice, 'GET', '/v1/api-keys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key);
    const listed = list.json().items.find((k: { id: string }) => k.id === created.id);
    expect(listed).toEqual({ ...created, key: undefined });

    // Used: last use is recorded (at most once a minute per key).
    t.clock.advance(1000);
    expect((await asKey(created.key, 'GET', '/v1/numbers')).statusCode).toBe(200);
    const usedAt = t.clock.now().toISOString();
    const after = (await asCookie(alice, 'GET', '/v1/api-keys')).json().items;
    expect(after.find((k: { id: string }) => k.id === created.id).lastUsedAt).toBe(usedAt);
    t.clock.advance(1000);
    await asKey(created.key, 'GET', '/v1/numbers');
    const again = (await asCookie(alice, 'GET', '/v1/api-keys')).json().items;
    expect(again.find((k: { id: string }) => k.id === created.id).lastUsedAt).toBe(usedAt);

    // Bob sees none of Alice's keys, and cannot revoke them (404, as for a missing id).
    expect((await asCookie(bob, 'GET', '/v1/api-keys')).json().items).toEqual([]);
    const foreign = await asCookie(bob, 'DELETE', `/v1/api-keys/${created.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('API_KEY_NOT_FOUND');
    const missing = await asCookie(bob, 'DELETE', `/v1/api-keys/${crypto.randomUUID()}`);
    expect(missing.json()).toEqual(foreign.json());

    // Revoked: refused on its very next request.
    expect((await asCookie(alice, 'DELETE', `/v1/api-keys/${created.id}`)).statusCode).toBe(204);
    const refused = await asKey(created.key, 'GET', '/v1/numbers');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('API_KEY_INVALID');
    expect((await asCookie(alice, 'DELETE', `/v1/api-keys/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses bad input with the field named, and nothing is stored', async () => {
    const cases: [object, string][] = [
      [{ name: '', scopes: ['numbers:read'] }, 'name'],
      [{ name: 'x'.repeat(101), scopes: ['numbers:read'] }, 'name'],
      [{ name: 'a', scopes: [] }, 'scopes'],
      [{ name: 'a', scopes: ['admin'] }, 'scopes.0'],
      [{ name: 'a' }, 'scopes'],
      [{ name: 'a', scopes: ['numbers:read'], expiresAt: 'tomorrow' }, 'expiresAt'],
      [
        {
          name: 'a',
          scopes: ['numbers:read'],
          expiresAt: new Date(t.clock.now().getTime() - 1000).toISOString(),
        },
        'expiresAt',
      ],
    ];
    const before = (await asCookie(bob, 'GET', '/v1/api-keys')).json().items.length;
    for (const [body, field] of cases) {
      const res = await asCookie(bob, 'POST', '/v1/api-keys', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(Object.keys(res.json().error.fields), JSON.stringify(body)).toContain(field);
    }
    expect((await asCookie(bob, 'GET', '/v1/api-keys')).json().items).toHaveLength(before);
    expect((await t.app.inject({ method: 'GET', url: '/v1/api-keys' })).statusCode).toBe(401);
  });

  it(`holds at most ${MAX_API_KEYS_PER_USER} keys per user, even when created in parallel`, async () => {
    const carol = await signInUser(t);
    const results = await Promise.all(
      Array.from({ length: MAX_API_KEYS_PER_USER + 5 }, (_, i) =>
        asCookie(carol, 'POST', '/v1/api-keys', { name: `k${i}`, scopes: ['numbers:read'] }),
      ),
    );
    // The route's own limit (20 a minute per user) refuses some first; move the clock on.
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    for (let round = 0; round < 3; round++) {
      t.clock.advance(61_000);
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          asCookie(carol, 'POST', '/v1/api-keys', {
            name: `r${round}-${i}`,
            scopes: ['numbers:read'],
          }),
        ),
      );
    }
    const items = (await asCookie(carol, 'GET', '/v1/api-keys')).json().items;
    expect(items).toHaveLength(MAX_API_KEYS_PER_USER);
    t.clock.advance(61_000);
    const full = await asCookie(carol, 'POST', '/v1/api-keys', {
      name: 'one more',
      scopes: ['numbers:read'],
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe('API_KEY_LIMIT_REACHED');
  });
});

describe('requests with a key', () => {
  it('work on the routes the scopes allow, as the key’s owner; another user’s id is a 404', async () => {
    const key = (await makeKey(alice, ['numbers:read', 'numbers:write'])).key;
    const made = await newNumber(key);
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id;
    const read = await asKey(key, 'GET', `/v1/numbers/${id}`);
    expect(read.statusCode).toBe(200);
    // Alice's session sees what the key made.
    expect((await asCookie(alice, 'GET', `/v1/numbers/${id}`)).statusCode).toBe(200);

    const bobsKey = (await makeKey(bob, ['numbers:read', 'numbers:write'])).key;
    const foreign = await asKey(bobsKey, 'GET', `/v1/numbers/${id}`);
    const missing = await asKey(bobsKey, 'GET', `/v1/numbers/${crypto.randomUUID()}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await asKey(bobsKey, 'DELETE', `/v1/numbers/${id}`)).statusCode).toBe(404);
    expect((await asCookie(alice, 'GET', `/v1/numbers/${id}`)).statusCode).toBe(200);
  });

  it('are refused without the route’s scope, on session-only routes, and on admin routes', async () => {
    const readOnly = (await makeKey(alice, ['numbers:read'])).key;
    const write = await newNumber(readOnly);
    expect(write.statusCode).toBe(403);
    expect(write.json().error).toMatchObject({
      code: 'INSUFFICIENT_SCOPE',
      message: 'This API key does not have the numbers:write scope.',
    });
    for (const [method, url] of [
      ['GET', '/v1/api-keys'],
      ['POST', '/v1/auth/signout'],
      ['PATCH', '/v1/me'],
      ['GET', '/v1/me/sessions'],
    ] as const) {
      const res = await asKey(readOnly, method, url, method === 'GET' ? undefined : {});
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code, url).toBe('API_KEY_NOT_ALLOWED');
    }
    // A super admin's key with every scope: still no admin route.
    const admin = await signInAdmin(t, { role: 'super_admin' });
    const adminKey = (await makeKey(admin)).key;
    for (const url of ['/v1/admin/admins', '/v1/admin/users', '/v1/admin/audit']) {
      const res = await asKey(adminKey, 'GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('API_KEY_NOT_ALLOWED');
    }
    // Who am I: any key.
    const me = await asKey(readOnly, 'GET', '/v1/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(alice.user.id);
    expect((await asKey(adminKey, 'GET', '/v1/me')).json().admin).toBeUndefined();
  });

  it('refuse a malformed, unknown or expired key with 401, even on public routes', async () => {
    const expiring = await makeKey(alice, ['numbers:read'], {
      expiresAt: new Date(t.clock.now().getTime() + 60_000).toISOString(),
    });
    expect(expiring.expiresAt).toBe(new Date(t.clock.now().getTime() + 60_000).toISOString());
    expect((await asKey(expiring.key, 'GET', '/v1/numbers')).statusCode).toBe(200);
    t.clock.advance(60_000);
    const expired = await asKey(expiring.key, 'GET', '/v1/numbers');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('API_KEY_INVALID');

    for (const authorization of [
      'Bearer vmk_unknown',
      'Basic YTpi',
      'Bearer',
      `Bearer ${'x'.repeat(300)}`,
    ]) {
      for (const url of ['/v1/numbers', '/v1/site', '/v1/blog/posts']) {
        const res = await t.app.inject({ url, headers: { authorization } });
        expect(res.statusCode, `${authorization.slice(0, 20)} ${url}`).toBe(401);
        expect(res.json().error.code).toBe('API_KEY_INVALID');
      }
    }
    // A valid key on a public route: answered as to anyone.
    const key = (await makeKey(alice, ['numbers:read'])).key;
    expect((await asKey(key, 'GET', '/v1/site')).statusCode).toBe(200);
  });

  it('never mix with cookies: the header decides, and key writes need no Origin while cookie writes keep the CSRF rules', async () => {
    const key = (await makeKey(bob, ['numbers:read', 'numbers:write'])).key;
    // Key and Alice's cookie: the request is Bob's.
    const me = await asKey(key, 'GET', '/v1/me', undefined, { cookie: alice.cookie });
    expect(me.json().id).toBe(bob.user.id);
    // A bad key with a good cookie: refused, the cookie is not a fallback.
    const bad = await asKey('vmk_nope', 'GET', '/v1/me', undefined, { cookie: alice.cookie });
    expect(bad.statusCode).toBe(401);
    expect(bad.headers['set-cookie']).toBeUndefined();

    const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const byKey = await t.app.inject({
      method: 'POST',
      url: '/v1/numbers',
      headers: { authorization: `Bearer ${key}`, ...crossSite },
      payload: { phoneNumber: '5550000999', apiLink: 'https://sms.example.com/api/x' },
    });
    expect(byKey.statusCode, byKey.body).toBe(201);
    const byCookie = await t.app.inject({
      method: 'POST',
      url: '/v1/numbers',
      headers: { cookie: bob.cookie, ...crossSite },
      payload: { phoneNumber: '5550000998', apiLink: 'https://sms.example.com/api/y' },
    });
    expect(byCookie.statusCode).toBe(403);
    expect(byCookie.json().error.code).toBe('CROSS_ORIGIN_REFUSED');
  });
});

describe('per-key rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ apiKeyRateLimit: { max: 3, timeWindowMs: 60_000 } });
  });
  afterAll(() => limited.close());

  it('answers 429 with Retry-After past the limit, for that key only, until the window passes', async () => {
    const who = await signInUser(limited);
    const mk = async () =>
      (
        await limited.app.inject({
          method: 'POST',
          url: '/v1/api-keys',
          headers: { cookie: who.cookie },
          payload: { name: 'k', scopes: ['numbers:read'] },
        })
      ).json().key as string;
    const [a, b] = [await mk(), await mk()];
    const get = (key: string) =>
      limited.app.inject({ url: '/v1/numbers', headers: { authorization: `Bearer ${key}` } });
    for (let i = 0; i < 3; i++) expect((await get(a)).statusCode).toBe(200);
    const over = await get(a);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('RATE_LIMITED');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await get(b)).statusCode).toBe(200);
    // The session is not limited by its keys' use.
    expect(
      (await limited.app.inject({ url: '/v1/numbers', headers: { cookie: who.cookie } }))
        .statusCode,
    ).toBe(200);
    limited.clock.advance(60_000);
    expect((await get(a)).statusCode).toBe(200);
  });
});

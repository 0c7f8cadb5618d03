import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from './test/app.ts';

/**
 * Bad input is a 4xx, never a 500: NUL and lone surrogates (PostgreSQL refuses both), malformed
 * cursors, dates PostgreSQL cannot hold, huge numbers and wrong types, on every route in the
 * OpenAPI document.
 */

let t: TestApp;
let me: { cookie: string };
beforeAll(async () => {
  t = await createTestApp({
    // No real DNS from tests: every provider host name fails to resolve.
    provider: {
      lookup: async () => {
        throw new Error('no dns in tests');
      },
    },
  });
  me = await signIn(t);
});
afterAll(() => t.close());

/** Signed in, and same-origin for the CSRF guard. */
const headers = (cookie = me.cookie) => ({
  cookie,
  origin: 'http://localhost:3000',
  'sec-fetch-site': 'same-origin',
});
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
/** A body sent as is, not as JSON of a value. */
class Raw {
  constructor(readonly text: string) {}
}
const show = (v: unknown) => (v instanceof Raw ? v.text : JSON.stringify(v)).slice(0, 60);
let clientIp = 0;
const send = (method: Method, url: string, payload?: unknown, cookie?: string) =>
  t.app.inject({
    method,
    url,
    // Each request from its own address: per-IP limits (sign-in, public checker) stay out of the way.
    remoteAddress: `10.${(++clientIp >> 16) & 255}.${(clientIp >> 8) & 255}.${clientIp & 255}`,
    ...(payload === undefined
      ? { headers: headers(cookie) }
      : {
          headers: { ...headers(cookie), 'content-type': 'application/json' },
          payload: payload instanceof Raw ? payload.text : JSON.stringify(payload),
        }),
  });

const b64 = (s: string) => Buffer.from(s).toString('base64url');
const BAD_CURSORS = [
  b64('2026-01-01T00:00:00.000Z|not-a-uuid-but-36-chars-long......'),
  b64(`2026-01-01T00:00:00.000Z|${'-'.repeat(36)}`),
  b64(`2026-01-01T00:00:00.000Z|${'f'.repeat(36)}`),
  b64(`0000-01-01T00:00:00.000Z|${randomUUID()}`),
  b64(`+275760-09-13T00:00:00.000Z|${randomUUID()}`),
  b64(`-000001-01-01T00:00:00.000Z|${randomUUID()}`),
  b64(`2026-01-01T00:00:00.000Z|${randomUUID()}|extra`),
  'not base64 at all!',
];

describe('text PostgreSQL cannot store', () => {
  const invalidText = {
    error: {
      code: 'INVALID_TEXT',
      message: 'Text must not contain NUL or invalid Unicode characters.',
    },
  };
  let numberId: string;
  beforeAll(async () => {
    const res = await send('POST', '/v1/numbers', {
      phoneNumber: '5550009001',
      apiLink: 'https://provider.invalid/api/5550009001',
    });
    expect(res.statusCode, res.body).toBe(201);
    numberId = res.json().id;
  });

  it.each([
    ['a tag name', 'POST', '/v1/tags', { name: 'a\u0000b' }],
    ['a tag name with a lone surrogate', 'POST', '/v1/tags', { name: 'a\ud800b' }],
    ['a trailing low surrogate', 'POST', '/v1/tags', { name: 'a\udc00' }],
    ['notes', 'PATCH', '/v1/numbers/{id}', { notes: 'x\u0000' }],
    [
      'a new number',
      'POST',
      '/v1/numbers',
      { phoneNumber: '5550009002', apiLink: 'https://p.invalid/\u0000', notes: '' },
    ],
    [
      'the contact form',
      'POST',
      '/v1/contact',
      { name: 'N', email: 'n@example.com', subject: 'general', message: 'hi\u0000' },
    ],
    ['import text', 'POST', '/v1/numbers/import', { text: '5550009003|https://p.invalid/x\u0000' }],
    ['a nested key', 'POST', '/v1/tags', { name: 'ok', extra: { deeper: [{ 'k\u0000': 1 }] } }],
    ['a key with a lone surrogate', 'POST', '/v1/tags', { name: 'ok', ['\ud800']: 1 }],
  ] as const)(
    '%s with NUL or a lone surrogate is 400 INVALID_TEXT',
    async (_, method, url, body) => {
      const res = await send(method, url.replace('{id}', numberId), body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual(invalidText);
    },
  );

  it.each([
    ['/v1/messages?q=a%00b'],
    ['/v1/numbers?q=%00'],
    ['/v1/messages?q%00=1'],
    ['/v1/dev/outbox?to=%00'],
  ])('a NUL in the query (%s) is 400 INVALID_TEXT', async (url) => {
    const res = await send('GET', url);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual(invalidText);
  });

  it('a NUL in a path parameter is 400 INVALID_TEXT', async () => {
    const res = await send('GET', '/v1/numbers/%00');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual(invalidText);
  });

  it('well-formed text outside the BMP is fine', async () => {
    const res = await send('POST', '/v1/tags', { name: 'emoji 😀 tag' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().name).toBe('emoji 😀 tag');
  });

  it('a JSON import whose strings hold an escaped NUL is 400 INVALID_TEXT', async () => {
    const text = JSON.stringify([
      {
        phoneNumber: '5550009004',
        apiLink: 'https://p.invalid/a',
        notes: 'n\u0000',
        tags: ['t\u0000'],
      },
    ]);
    expect(text).not.toContain('\u0000'); // the escape reaches the server as six characters
    const res = await send('POST', '/v1/numbers/import', { text });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual(invalidText);
  });
});

describe('paths the router refuses', () => {
  it('answer in the API error shape: bad percent-encoding 400, an over-long id 404', async () => {
    for (const url of ['/v1/numbers/%zz', '/v1/%E0%A4%A']) {
      const r = await send('GET', url);
      expect([r.statusCode, r.json()], url).toEqual([
        400,
        { error: { code: 'BAD_URL', message: 'The address is not valid.' } },
      ]);
    }
    const long = await send('GET', `/v1/numbers/${'a'.repeat(600)}`);
    expect([long.statusCode, long.json()]).toEqual([
      404,
      { error: { code: 'NOT_FOUND', message: 'Not found' } },
    ]);
  });
});

describe('cursors', () => {
  it.each(BAD_CURSORS.flatMap((c) => [`/v1/messages?cursor=${c}`, `/v1/numbers?cursor=${c}`]))(
    '%s is 400 INVALID_CURSOR',
    async (url) => {
      const res = await send('GET', url);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('INVALID_CURSOR');
    },
  );

  it('a real cursor still pages', async () => {
    const cursor = b64(`2026-01-01T00:00:00.000Z|${randomUUID()}`);
    const res = await send('GET', `/v1/messages?cursor=${cursor}`);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('message list dates', () => {
  it.each([
    ['from', '0000-01-01'],
    ['from', '1969-12-31'],
    ['to', '9999-12-31'],
    ['to', '0001-01-01'],
  ])('%s=%s is 400 VALIDATION_ERROR', async (field, value) => {
    for (const path of ['/v1/messages', '/v1/messages/export']) {
      const res = await send('GET', `${path}?${field}=${value}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'Date must be between 1970-01-01 and 9999-12-30',
      });
    }
  });

  it('the edges of the range are accepted', async () => {
    for (const path of ['/v1/messages', '/v1/messages/export']) {
      const res = await send('GET', `${path}?from=1970-01-01&to=9999-12-30`);
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Every route in the OpenAPI document
// ---------------------------------------------------------------------------------------------

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};
type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

/** Hostile values for a path parameter (already encoded). */
const PATH_VALUES = [
  'not-a-uuid',
  randomUUID(), // nobody's
  '-'.repeat(36),
  '%00',
  '%ED%A0%80', // a UTF-8 encoded lone surrogate
  'x'.repeat(5000),
];

/** Hostile values for a query parameter (already encoded). */
const QUERY_VALUES = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%F0%9F', // truncated UTF-8
  '%',
  '1e308',
  '-1',
  '-99999999999',
  '0',
  '1.5',
  'NaN',
  'Infinity',
  '0000-01-01',
  '9999-12-31',
  '%2B275760-09-13',
  'true',
  'null',
  '',
  'x'.repeat(5000),
  ...BAD_CURSORS,
];

/** Hostile JSON values for a body property. */
const BODY_VALUES: unknown[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff x',
  1e308,
  -1,
  -99999999999,
  0,
  1.5,
  '0000-01-01',
  '9999-12-31',
  '+275760-09-13',
  '',
  ' ',
  'x'.repeat(5000),
  [],
  ['a'],
  [1, 2],
  [randomUUID()],
  Array.from({ length: 600 }, () => randomUUID()),
  {},
  { a: 1 },
  { ['k\u0000']: 1 },
  true,
  false,
  null,
  ...BAD_CURSORS,
];

/** Whole bodies that are not what any route takes. */
const WHOLE_BODIES: unknown[] = [
  [],
  [1, 'a', null],
  'a string',
  42,
  null,
  true,
  { ['\u0000']: 'x' },
  { a: { b: { ['c\u0000']: 'x' } } },
  { a: [[[[['\ud800']]]]] },
  new Raw('['.repeat(200_000) + ']'.repeat(200_000)),
  new Raw('{"a":'.repeat(100_000) + '"\\u0000"' + '}'.repeat(100_000)),
  new Raw('{"a": "\\ud800"}'),
  new Raw('{"\\u0000": 1}'),
];

/** A signed-in user with a number and a tag of their own. */
type Session = { cookie: string; numberId: string; tagId: string };
let phoneSeq = 5550100000;
const nextPhone = () => String(++phoneSeq);

async function newSession(): Promise<Session> {
  t.clock.advance(3_600_000); // past the hourly sign-in limit per address (signIn uses one)
  const { cookie } = await signIn(t);
  const phone = nextPhone();
  const number = await send(
    'POST',
    '/v1/numbers',
    { phoneNumber: phone, apiLink: `https://provider.invalid/api/${phone}` },
    cookie,
  );
  expect(number.statusCode, number.body).toBe(201);
  const tag = await send('POST', '/v1/tags', { name: `tag ${phone}` }, cookie);
  expect(tag.statusCode, tag.body).toBe(201);
  return { cookie, numberId: number.json().id, tagId: tag.json().id };
}

/** A plausible value per property, so one hostile property at a time reaches the service. */
function plausible(name: string, s: JsonSchema | undefined, my: Session): unknown {
  if (!s) return 'x';
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) return plausible(name, alt[0], my);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'boolean') return true;
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'array') return [plausible(name, s.items, my)];
  if (type === 'object') return {};
  if (s.format === 'uuid') return /tag/i.test(name) ? my.tagId : my.numberId;
  if (s.format === 'email' || name === 'email') return `hostile-${randomUUID()}@example.com`;
  const phone = nextPhone();
  const samples: Record<string, string> = {
    phoneNumber: phone,
    apiLink: `https://provider.invalid/api/${phone}`,
    code: '123456',
    lines: `${phone}|https://provider.invalid/api/${phone}`,
    text: `${phone}|https://provider.invalid/api/${phone}`,
    message: 'Hello there',
  };
  return samples[name] ?? 'x';
}

/** Top-level body properties of a schema, unions included. */
function bodyShapes(s: JsonSchema | undefined): Record<string, JsonSchema>[] {
  if (!s) return [];
  const alt = s.anyOf ?? s.oneOf;
  if (alt) return alt.flatMap(bodyShapes);
  return s.properties ? [s.properties] : [];
}

/** One request of the sweep, built for a session (a new one after a 429 per user). */
type Probe = { label: string; url: (my: Session) => string; body?: (my: Session) => unknown };

describe('every route in the OpenAPI document', () => {
  it('answers hostile input with no 5xx', { timeout: 120_000 }, async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const routes = Object.entries(spec.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        path,
        method: method.toUpperCase() as Method,
        op,
      })),
    );
    expect(routes.length).toBeGreaterThan(20);

    const failures: string[] = [];
    let requests = 0;
    let my = await newSession();
    for (const { path, method, op } of routes) {
      if (path === '/v1/events') continue; // a stream that never ends; see the test below
      // A fresh user for each route: earlier routes may have deleted the number or signed out.
      my = await newSession();

      const params = op.parameters ?? [];
      const fill = (s: Session, overrides: Record<string, string> = {}) =>
        path.replace(/\{(\w+)\}/g, (_, name: string) => overrides[name] ?? s.numberId);
      const shapes = bodyShapes(op.requestBody?.content?.['application/json']?.schema);
      const baseBody = (shape: Record<string, JsonSchema>, s: Session) =>
        Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, plausible(k, v, s)]));
      const body = shapes[0] && ((s: Session) => baseBody(shapes[0]!, s));

      const probes: Probe[] = [];
      for (const p of params.filter((p) => p.in === 'path')) {
        for (const v of PATH_VALUES) {
          const label = `{${p.name}}=${v.slice(0, 40)}`;
          probes.push({ label, url: (s) => fill(s, { [p.name]: v }), body });
        }
      }
      for (const p of params.filter((p) => p.in === 'query')) {
        for (const v of [...QUERY_VALUES, '1&x=2'.replace('x', p.name), '1&x[a]=1']) {
          probes.push({
            label: `?${p.name}=${v.slice(0, 60)}`,
            url: (s) => `${fill(s)}?${p.name}=${v}`,
            body,
          });
        }
      }
      for (const shape of shapes) {
        for (const prop of Object.keys(shape)) {
          for (const v of BODY_VALUES) {
            probes.push({
              label: `body.${prop}=${show(v)}`,
              url: (s) => fill(s),
              body: (s) => ({ ...baseBody(shape, s), [prop]: v }),
            });
          }
        }
      }
      if (method !== 'GET' && method !== 'DELETE') {
        for (const v of WHOLE_BODIES) {
          probes.push({ label: `body=${show(v)}`, url: (s) => fill(s), body: () => v });
        }
      }
      probes.push({ label: 'plausible request', url: (s) => fill(s), body });

      for (const probe of probes) {
        requests++;
        const run = () => send(method, probe.url(my), probe.body?.(my), my.cookie);
        let res = await run();
        if (res.statusCode === 429 && path !== '/v1/auth/code') {
          my = await newSession(); // per-user rate limits: go on as someone else
          res = await run();
        }
        if (res.statusCode >= 500) {
          failures.push(
            `${method} ${path} ${probe.label} → ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect(requests).toBeGreaterThan(1000);
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('the event stream takes a bad Last-Event-ID without a 5xx', async () => {
    // A real socket: the stream never ends, so the request is dropped once the status is known.
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const status = (lastEventId: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.get(
          {
            host: '127.0.0.1',
            port,
            path: '/v1/events',
            headers: { ...headers(), 'last-event-id': lastEventId },
          },
          (res) => {
            resolve(res.statusCode ?? 0);
            req.destroy();
          },
        );
        req.on('error', reject);
      });
    for (const id of ['x', '-1', '1e308', '99999999999999999999', 'x'.repeat(40), 'x'.repeat(41)]) {
      expect(await status(id), id).toBeLessThan(500);
    }
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openPostgres, type Database } from './db/client.ts';
import { createPostgresBus } from './events/bus.ts';
import { redactUrl } from './log.ts';
import { createConsoleMailer } from './mail/mailer.ts';
import { createTestApp, signIn, testClock, type TestApp } from './test/app.ts';
import { createTestDb } from './test/db.ts';
import { startTcpProxy, targetOf, type TcpProxy } from './test/tcp-proxy.ts';

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voip-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(clientDir, 'assets', 'index-AbC123.js'), 'console.log(1)'.repeat(200));
  // The service worker and the web app manifest (public/), served as they are.
  fs.writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("push", () => {});');
  fs.writeFileSync(path.join(clientDir, 'manifest.webmanifest'), '{"name":"VOIP Manager"}');
  // What scripts/prerender.tsx writes: pre-rendered public pages and their index.
  fs.mkdirSync(path.join(clientDir, 'pages'));
  fs.writeFileSync(path.join(clientDir, 'pages', 'index.html'), '<h1>Landing page</h1>');
  fs.writeFileSync(
    path.join(clientDir, 'pages', 'about.html'),
    `<h1>About page</h1>${'<p>Long text.</p>'.repeat(200)}`,
  );
  fs.writeFileSync(
    path.join(clientDir, 'pages.json'),
    JSON.stringify({ '/': 'pages/index.html', '/about': 'pages/about.html' }),
  );
  t = await createTestApp({ clientDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('health', () => {
  it('GET /healthz answers 200 when the database answers', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok', events: 'ok' });
  });

  it('GET /healthz answers 503 when the database is unreachable', async () => {
    const other = await createTestApp();
    try {
      await other.database.close();
      const res = await other.app.inject({ url: '/healthz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', db: 'unreachable', events: 'ok' });
    } finally {
      await other.app.close();
    }
  });
});

describe('routing and errors', () => {
  it('answers unknown /v1 paths with a JSON 404, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/v1/does-not-exist' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('serves the SPA shell for unknown client paths, without caching it', async () => {
    const res = await t.app.inject({
      url: '/some/client/page?x=1',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('serves the pre-rendered page for a public path, and the SPA shell for the others', async () => {
    for (const [url, body] of [
      ['/', '<h1>Landing page</h1>'],
      ['/about', '<h1>About page</h1>'],
      ['/about/', '<h1>About page</h1>'],
      ['/about?utm=x', '<h1>About page</h1>'],
      ['/dashboard', '<div id="root"></div>'],
      ['/about/more', '<div id="root"></div>'],
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain(body);
    }
    const gz = await t.app.inject({ url: '/about', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('<h1>About page</h1>');
    const head = await t.app.inject({ method: 'HEAD', url: '/about' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with long-lived immutable caching, and 404s missing files', async () => {
    const asset = await t.app.inject({ url: '/assets/index-AbC123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ url: '/assets/gone-123.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
  });

  it('sends the /favicon.ico browsers ask for by themselves to the SVG icon', async () => {
    const res = await t.app.inject({ url: '/favicon.ico' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/favicon.svg');
  });

  it('serves the service worker and the manifest revalidated, each with its type', async () => {
    const sw = await t.app.inject({ url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('compresses large responses', async () => {
    const res = await t.app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('refuses bodies over 1 MB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/code',
      payload: JSON.stringify({ email: 'a@example.com', pad: 'x'.repeat(1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('BODY_TOO_LARGE');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ url: '/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const code = doc.paths['/v1/auth/code'].post;
    expect(code.requestBody.content['application/json'].schema.properties.email).toBeDefined();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/healthz',
        '/v1/auth/verify',
        '/v1/me',
        '/v1/contact',
        '/v1/public/stats',
      ]),
    );
  });

  it('exposes the dev outbox outside production only, and a sent code says where it is', async () => {
    const sendCode = (app: TestApp['app']) =>
      app.inject({
        method: 'POST',
        url: '/v1/auth/code',
        payload: { email: 'Dev.Outbox+1@Example.com' },
      });
    expect((await t.app.inject({ url: '/v1/dev/outbox' })).statusCode).toBe(200);
    const sent = await sendCode(t.app);
    expect(sent.json().devOutbox).toBe('/v1/dev/outbox?to=dev.outbox%2B1%40example.com');
    const mail = await t.app.inject({ url: sent.json().devOutbox, remoteAddress: '127.0.0.1' });
    expect(mail.json().messages[0].to).toBe('dev.outbox+1@example.com');
    const prod = await createTestApp({
      env: { NODE_ENV: 'production', SECRET_KEY: 'x'.repeat(32) },
    });
    try {
      expect((await prod.app.inject({ url: '/v1/dev/outbox' })).statusCode).toBe(404);
      const prodSent = await sendCode(prod.app);
      expect(prodSent.statusCode).toBe(200);
      expect(prodSent.json()).not.toHaveProperty('devOutbox');
    } finally {
      await prod.close();
    }
  });
});

describe('dev outbox', () => {
  const outbox = (app: TestApp['app'], remoteAddress: string, forwardedFor?: string) =>
    app.inject({
      url: '/v1/dev/outbox',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });

  it('answers requests from this machine', async () => {
    for (const peer of ['127.0.0.1', '127.10.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await outbox(t.app, peer)).statusCode, peer).toBe(200);
    }
  });

  it('is a missing route to any other machine, whatever X-Forwarded-For says', async () => {
    const missing = (await t.app.inject({ url: '/v1/dev/missing' })).json() as {
      error: { code: string; message: string };
    };
    expect(missing.error.code).toBe('NOT_FOUND');
    for (const [peer, forwardedFor] of [
      ['10.0.0.5', undefined],
      ['192.168.1.20', undefined],
      ['fe80::1', undefined],
      ['::ffff:10.0.0.5', undefined],
      ['10.0.0.5', '127.0.0.1'],
      // A proxy on this machine forwarding another machine's request.
      ['127.0.0.1', '10.0.0.5'],
    ] as const) {
      const res = await outbox(t.app, peer, forwardedFor);
      expect(res.statusCode, `${peer} ${forwardedFor}`).toBe(404);
      expect(res.json()).toEqual({
        error: { ...missing.error, message: 'No route for GET /v1/dev/outbox' },
      });
    }
    // Even when the peer is a trusted proxy (req.ip is then the address it forwards for).
    const behindProxy = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8' } });
    try {
      expect((await outbox(behindProxy.app, '10.0.0.5', '127.0.0.1')).statusCode).toBe(404);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('redactUrl', () => {
  it.each([
    ['/v1/auth/link?token=abc', '/v1/auth/link?token=[redacted]'],
    ['/v1/x?a=1&b=&c=secret', '/v1/x?a=[redacted]&b=&c=[redacted]'],
    ['/plain/path', '/plain/path'],
  ])('%s → %s', (input, out) => expect(redactUrl(input)).toBe(out));
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('database faults (PostgreSQL)', () => {
  /** `p`, or a failure once `ms` have passed: a request that hangs fails the test in time. */
  const within = <T>(ms: number, p: Promise<T>) => {
    let timer: NodeJS.Timeout;
    return Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]).finally(() => clearTimeout(timer));
  };
  async function until(check: () => boolean | Promise<boolean>, ms = 5000) {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out waiting');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  let direct: Database & { url?: string };
  let proxy: TcpProxy;
  beforeAll(async () => {
    direct = await createTestDb();
    proxy = await startTcpProxy(targetOf(direct.url!));
  });
  afterAll(async () => {
    proxy.restore();
    await proxy.close();
    await direct.close();
  });

  it('answers 503 DATABASE_UNAVAILABLE in seconds when the database stops answering, and recovers', async () => {
    const database = await openPostgres(proxy.url(direct.url!), {
      migrate: false,
      max: 3,
      timeouts: { connectMs: 500, answerMs: 1000 },
    });
    const f = await createTestApp({ database });
    try {
      const { cookie } = await signIn(f);
      const get = (url: string) => within(4000, f.app.inject({ url, headers: { cookie } }));
      expect((await get('/v1/me')).statusCode).toBe(200);

      proxy.blackHole();
      for (const url of ['/v1/me', '/v1/numbers', '/v1/me']) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json()).toEqual({
          error: {
            code: 'DATABASE_UNAVAILABLE',
            message: 'The database is not answering. Please try again shortly.',
          },
        });
      }
      // An outage is a warning (monitored through /healthz), not an error.
      expect(f.logs()).toMatch(/"level":40,[^\n]*"msg":"database unavailable"/);
      expect(f.logs()).not.toMatch(/"level":50/);

      proxy.restore();
      expect((await get('/v1/me')).statusCode).toBe(200);
      expect((await get('/v1/numbers')).statusCode).toBe(200);

      // A server that is down refuses connections: the same answer, at once.
      proxy.dropAll();
      proxy.refuse();
      expect((await get('/v1/me')).statusCode).toBe(503);
      proxy.restore();
      expect((await get('/v1/me')).statusCode).toBe(200);
    } finally {
      proxy.restore();
      await f.close();
    }
  });

  it('GET /healthz reports live events reconnecting, 503 once down 10 s, ok again after', async () => {
    const bus = await createPostgresBus(proxy.url(direct.url!), {
      db: direct.db,
      load: async () => undefined,
      connectTimeoutMs: 300,
    });
    const clock = testClock();
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: path.join(os.tmpdir(), 'voip-test-unused'),
        LOG_LEVEL: 'silent',
      }),
      database: direct,
      mailer: createConsoleMailer({ print: false }),
      secret: 'test-secret-key-that-is-long-enough-0123456789',
      now: clock.now,
      bus,
    });
    const health = async () => {
      const res = await within(4000, app.inject({ url: '/healthz' }));
      return { status: res.statusCode, body: res.json() as unknown };
    };
    try {
      expect(await health()).toEqual({
        status: 200,
        body: { status: 'ok', db: 'ok', events: 'ok' },
      });
      proxy.blackHole();
      proxy.dropAll();
      await until(() => !bus.status().listening);
      expect(await health()).toEqual({
        status: 200,
        body: { status: 'ok', db: 'ok', events: 'reconnecting' },
      });
      clock.set(new Date(Date.now() + 11_000));
      expect(await health()).toEqual({
        status: 503,
        body: { status: 'error', db: 'ok', events: 'reconnecting' },
      });
      proxy.restore();
      await until(() => bus.status().listening);
      expect(await health()).toEqual({
        status: 200,
        body: { status: 'ok', db: 'ok', events: 'ok' },
      });
    } finally {
      await app.close();
      await bus.close();
    }
  });

  it('GET /healthz reports live events reconnecting when the LISTEN connection stalls silently', async () => {
    // Found by the bus's round trip (every 5 s, 5 s to answer, so within 10 s; shortened here).
    const bus = await createPostgresBus(proxy.url(direct.url!), {
      db: direct.db,
      load: async () => undefined,
      connectTimeoutMs: 300,
      probe: { everyMs: 100, timeoutMs: 200 },
    });
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: path.join(os.tmpdir(), 'voip-test-unused'),
        LOG_LEVEL: 'silent',
      }),
      database: direct,
      mailer: createConsoleMailer({ print: false }),
      secret: 'test-secret-key-that-is-long-enough-0123456789',
      bus,
    });
    const health = async () => {
      const res = await within(4000, app.inject({ url: '/healthz' }));
      return { status: res.statusCode, body: res.json() as unknown };
    };
    const events = async () => ((await health()).body as { events: string }).events;
    try {
      expect(await events()).toBe('ok');
      // The connection freezes (nothing closes) and the server takes no new ones meanwhile.
      proxy.freezeOpen();
      proxy.refuse();
      await until(async () => (await events()) === 'reconnecting');
      expect(await health()).toEqual({
        status: 200,
        body: { status: 'ok', db: 'ok', events: 'reconnecting' },
      });
      proxy.restore();
      await until(async () => (await events()) === 'ok');
    } finally {
      proxy.restore();
      await app.close();
      await bus.close();
    }
  });
});

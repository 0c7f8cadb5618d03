import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from './log.ts';
import { createTestApp, type TestApp } from './test/app.ts';

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voip-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(clientDir, 'assets', 'index-AbC123.js'), 'console.log(1)'.repeat(200));
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
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('GET /healthz answers 503 when the database is unreachable', async () => {
    const other = await createTestApp();
    try {
      await other.database.close();
      const res = await other.app.inject({ url: '/healthz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', db: 'unreachable' });
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

  it('serves hashed assets with long-lived immutable caching, and 404s missing files', async () => {
    const asset = await t.app.inject({ url: '/assets/index-AbC123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ url: '/assets/gone-123.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
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

  it('exposes the dev outbox outside production only', async () => {
    expect((await t.app.inject({ url: '/v1/dev/outbox' })).statusCode).toBe(200);
    const prod = await createTestApp({
      env: { NODE_ENV: 'production', SECRET_KEY: 'x'.repeat(32) },
    });
    try {
      expect((await prod.app.inject({ url: '/v1/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await prod.close();
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

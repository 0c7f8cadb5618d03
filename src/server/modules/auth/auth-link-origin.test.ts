import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, lastLinkToken, type TestApp } from '../../test/app.ts';
import { signInLinkOrigin } from './auth.service.ts';

/*
 * The emailed sign-in link's origin: in development without PUBLIC_URL, the loopback origin the
 * site was opened at (127.0.0.1 and localhost are different origins: the session cookie would
 * land on the other one); otherwise, and for any other Host (a spoofed one above all), PUBLIC_URL.
 */
let n = 0;
async function linkFor(t: TestApp, host: string) {
  const email = `origin${++n}@example.com`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/code',
    payload: { email },
    headers: { host },
    remoteAddress: `198.51.100.${n}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const text = t.mailer.outbox!(email)[0]!.text;
  const token = lastLinkToken(t, email);
  const line = text.split('\n').find((l) => l.includes(`/v1/auth/link?token=${token}`));
  expect(line, text).toBeDefined();
  return line!.slice(0, line!.indexOf('/v1/auth/link'));
}

describe('in development without PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'development' } });
  });
  afterAll(() => t.close());

  it.each([
    ['127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['localhost:5173', 'http://localhost:5173'],
    ['LOCALHOST:3000', 'http://localhost:3000'],
    ['127.0.0.2', 'http://127.0.0.2'],
    ['[::1]:3000', 'http://[::1]:3000'],
  ])('a request to %s gets a link there', async (host, origin) => {
    expect(await linkFor(t, host)).toBe(origin);
  });

  it.each([
    'evil.example',
    'evil.example:3000',
    'localhost.evil.example',
    '127.0.0.1.evil.example',
    '127.0.0.1@evil.example',
    'localhost:3000/evil',
    '192.168.1.5:3000',
  ])(
    'a spoofed or outside Host (%s) is not used: the link is PUBLIC_URL’s default',
    async (host) => {
      expect(await linkFor(t, host)).toBe('http://localhost:3000');
    },
  );
});

describe('with PUBLIC_URL set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { NODE_ENV: 'development', PUBLIC_URL: 'https://voip.example.com' },
    });
  });
  afterAll(() => t.close());

  it('every link is PUBLIC_URL’s, whatever the Host, loopback included', async () => {
    expect(await linkFor(t, '127.0.0.1:3000')).toBe('https://voip.example.com');
    expect(await linkFor(t, 'evil.example')).toBe('https://voip.example.com');
  });
});

describe('linksFromLoopbackHost', () => {
  it('is on only in development without PUBLIC_URL', () => {
    const secret = { SECRET_KEY: 'k'.repeat(32) };
    expect(loadConfig({}).linksFromLoopbackHost).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).linksFromLoopbackHost).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).linksFromLoopbackHost).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ...secret }).linksFromLoopbackHost).toBe(false);
  });

  it('off, even a loopback Host gives PUBLIC_URL', () => {
    expect(signInLinkOrigin('https://voip.example.com', false, '127.0.0.1:3000')).toBe(
      'https://voip.example.com',
    );
    expect(signInLinkOrigin('https://voip.example.com', true, undefined)).toBe(
      'https://voip.example.com',
    );
  });
});

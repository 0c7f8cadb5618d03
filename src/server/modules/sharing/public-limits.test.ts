import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';

/* Rate limits of the public sharing routes: per client address and per hash (low figures here). */

let t: TestApp;
let hashA: string;
let hashB: string;
beforeAll(async () => {
  t = await createTestApp({ publicRateLimits: { perIpPerMinute: 8, perHashPerMinute: 4 } });
  const { cookie } = await signIn(t);
  const number = await t.app.inject({
    method: 'POST',
    url: '/v1/numbers',
    headers: { cookie },
    payload: { phoneNumber: '5550001111', apiLink: 'https://provider.invalid/a' },
  });
  const entry = async () =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/v1/single-endpoints',
        headers: { cookie },
        payload: { numberId: number.json().id },
      })
    ).json().hash as string;
  hashA = await entry();
  hashB = await entry();
});
afterAll(() => t.close());

let ip = 0;
const get = (url: string, remoteAddress = `198.51.100.${++ip}`) =>
  t.app.inject({ method: 'GET', url, remoteAddress });

describe('public rate limits', () => {
  it('a hammered hash answers 429 with Retry-After, from any address; another hash is unaffected', async () => {
    for (let i = 0; i < 4; i++) {
      const url = i % 2 ? `/v1/public/single/${hashA}` : `/v1/public/single/${hashA}/latest`;
      expect((await get(url)).statusCode).toBe(200);
    }
    const limited = await get(`/v1/public/single/${hashA}`);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.headers['cache-control']).toBe('no-store');
    expect(limited.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please slow down and try again shortly.',
    });
    expect((await get(`/v1/public/single/${hashA}/events`)).statusCode).toBe(429);
    expect((await get(`/v1/public/single/${hashB}`)).statusCode).toBe(200);
  });

  it('one address is limited across hashes, made-up ones included; others are not', async () => {
    const me = '203.0.113.77';
    for (let i = 0; i < 8; i++) {
      const url = i === 0 ? `/v1/public/single/${hashB}` : `/v1/public/pages/${'Z'.repeat(21)}${i}`;
      expect((await get(url, me)).statusCode).toBeLessThan(429);
    }
    const limited = await get('/v1/public/pages/not-a-hash', me);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(`/v1/public/single/${hashB}`)).statusCode).toBe(200);
  });
});

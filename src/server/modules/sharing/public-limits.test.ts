import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { sseConnect } from '../../test/sse.ts';
import { PUBLIC_RATE_LIMITS } from './public.routes.ts';

/*
 * Limits of the public sharing routes at their real figures: per client address only. A hash
 * hammered from many addresses keeps answering its other viewers, and costs the database one load
 * however many ask (`read-cache.ts`; the test clock stands still, so the cached answer never ages).
 */

/** Calls of each sharing repository method (the public reads' statements), counted. */
const calls = new Map<string, number>();
vi.mock('./sharing.repository.ts', async (importOriginal) => {
  const mod = await importOriginal<typeof import('./sharing.repository.ts')>();
  return {
    ...mod,
    sharingRepository: (...args: Parameters<typeof mod.sharingRepository>) => {
      const repo = mod.sharingRepository(...args);
      return new Proxy(repo, {
        get(target, name: string) {
          const fn = target[name as keyof typeof target] as (...a: unknown[]) => unknown;
          return (...a: unknown[]) => {
            calls.set(name, (calls.get(name) ?? 0) + 1);
            return fn(...a);
          };
        },
      });
    },
  };
});
const reads = () =>
  ['activePage', 'pageNumbers', 'activeEndpoint', 'latestCode', 'streamTarget'].reduce(
    (n, name) => n + (calls.get(name) ?? 0),
    0,
  );

let t: TestApp;
let appUrl = '';
let hash: string;
let other: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  appUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const { cookie } = await signIn(t);
  const number = await t.app.inject({
    method: 'POST',
    url: '/v1/numbers',
    headers: { cookie },
    payload: { phoneNumber: '5550001111', apiLink: 'https://provider.invalid/a' },
  });
  const endpoint = async () =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/v1/single-endpoints',
        headers: { cookie },
        payload: { numberId: number.json().id },
      })
    ).json().hash as string;
  hash = await endpoint();
  other = await endpoint();
});
afterAll(() => t.close());

let ip = 0;
const get = (url: string, remoteAddress = `198.51.100.${++ip}`) =>
  t.app.inject({ method: 'GET', url, remoteAddress });

describe('public rate limits', () => {
  it('a hash hammered from many addresses past 3,000 a minute keeps answering a new viewer, from one load', async () => {
    // The old limit per hash was 3,000 a minute: go past it, each address under its own limit.
    const addresses = 6;
    const perAddress = 510;
    expect(addresses * perAddress).toBeGreaterThan(3000);
    expect(perAddress).toBeLessThan(PUBLIC_RATE_LIMITS.perIpPerMinute);
    const before = reads();
    const statuses = new Map<number, number>();
    const urls = [`/v1/public/single/${hash}`, `/v1/public/single/${hash}/latest`];
    for (let i = 0; i < perAddress; i++) {
      // One request from each address at once: concurrent misses share one load.
      const batch = await Promise.all(
        Array.from({ length: addresses }, (_, a) =>
          get(urls[(i + a) % urls.length]!, `203.0.113.${a + 1}`),
        ),
      );
      for (const res of batch)
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    }
    const hammered = reads() - before;
    expect(Object.fromEntries(statuses)).toEqual({ 200: addresses * perAddress });
    // 3,060 requests reached the database twice: the endpoint with its number, and its newest code.
    expect({
      activeEndpoint: calls.get('activeEndpoint'),
      latestCode: calls.get('latestCode'),
    }).toEqual({
      activeEndpoint: 1,
      latestCode: 1,
    });
    expect(hammered).toBe(2);

    // A new viewer: the JSON answers, and the live stream opens.
    expect((await get(`/v1/public/single/${hash}`)).statusCode).toBe(200);
    expect((await get(`/v1/public/single/${hash}/latest`)).statusCode).toBe(200);
    const stream = await sseConnect(`${appUrl}/v1/public/single/${hash}/events`);
    try {
      expect(stream.status).toBe(200);
    } finally {
      stream.close();
    }
    expect((await get(`/v1/public/single/${other}`)).statusCode).toBe(200);
  });

  it('one address is limited across hashes, made-up ones included; others are not', async () => {
    const me = '192.0.2.77';
    const max = PUBLIC_RATE_LIMITS.perIpPerMinute;
    for (let i = 0; i < max; i++) {
      const url =
        i === 0 ? `/v1/public/single/${other}` : `/v1/public/pages/${'Z'.repeat(21)}${i % 10}`;
      expect((await get(url, me)).statusCode).toBeLessThan(429);
    }
    const limited = await get('/v1/public/pages/not-a-hash', me);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.headers['cache-control']).toBe('no-store');
    expect(limited.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please slow down and try again shortly.',
    });
    expect((await get(`/v1/public/single/${other}`)).statusCode).toBe(200);
  });
});

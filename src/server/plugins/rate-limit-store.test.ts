import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { rateLimitStore } from './rate-limit-store.ts';

type Store = {
  incr(
    key: string,
    cb: (e: Error | null, r: { current: number; ttl: number }) => void,
    w: number,
  ): void;
  child(o: object): Store;
};

/** The store as the plugin uses it: a root made with the plugin's options, a child per limiter. */
function limiters(opts: { maxKeys?: number } = {}) {
  let t = 1_000_000;
  const s = rateLimitStore({ ...opts, now: () => t });
  const root = new (s.Store as unknown as new (o: object) => Store)({});
  const limiter = () => {
    const store = root.child({});
    return (key: string, windowMs = 60_000) => {
      let got: { current: number; ttl: number } | undefined;
      store.incr(key, (_e, r) => (got = r), windowMs);
      return got!;
    };
  };
  return { limiter, size: s.size, advance: (ms: number) => (t += ms) };
}

describe('rate-limit store', () => {
  it('counts a key within its window, with the time left, and starts a new window after it', () => {
    const l = limiters();
    const hit = l.limiter();
    expect(hit('a')).toEqual({ current: 1, ttl: 60_000 });
    l.advance(20_000);
    expect(hit('a')).toEqual({ current: 2, ttl: 40_000 });
    expect(hit('b')).toEqual({ current: 1, ttl: 60_000 });
    l.advance(40_000);
    expect(hit('a')).toEqual({ current: 1, ttl: 60_000 });
  });

  it('drops the keys whose window has passed: addresses seen once do not pile up', () => {
    const l = limiters();
    const hit = l.limiter();
    for (let i = 0; i < 1000; i++) hit(`10.0.${i >> 8}.${i & 255}`);
    expect(l.size()).toBe(1000);
    l.advance(30_000);
    hit('still-counting');
    expect(l.size()).toBe(1001);
    l.advance(30_000);
    hit('new');
    // The thousand addresses' windows have passed; the key used 30 s ago is still counted.
    expect(l.size()).toBe(2);
    expect(hit('still-counting').current).toBe(2);
  });

  it('keeps each limiter its own counts in one shared map, capped, least recently used out first', () => {
    const l = limiters({ maxKeys: 3 });
    const [one, two] = [l.limiter(), l.limiter()];
    one('x');
    two('x');
    expect(one('x').current).toBe(2);
    two('y');
    two('z');
    expect(l.size()).toBe(3);
    // two's 'x' was used least recently and went out; one's 'x' is still counted.
    expect(one('x').current).toBe(3);
    expect(two('x').current).toBe(1);
  });
});

describe('rate limits in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a flood of other addresses does not reset a limited address', async () => {
    // The public date checker allows 10 checks a minute per address; the limit is checked before
    // the body, so an empty body is a 400 that still counts.
    const check = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/public/date-check',
        headers: { 'x-forwarded-for': ip },
        payload: {},
      });
    for (let i = 0; i < 10; i++) expect((await check('203.0.113.7')).statusCode).toBe(400);
    expect((await check('203.0.113.7')).statusCode).toBe(429);
    // More addresses in one window than the plugin's own store kept per limiter (5,000).
    for (let i = 0; i < 5001; i++) await check(`10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`);
    expect((await check('203.0.113.7')).statusCode).toBe(429);
  }, 120_000);
});

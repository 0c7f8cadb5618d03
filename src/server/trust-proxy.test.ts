import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.ts';

// The client address (req.ip) decides the per-IP limits; TRUST_PROXY decides whose
// X-Forwarded-For is believed. Inject's own peer address is 127.0.0.1 unless `remoteAddress` is set.
const message = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'technical',
  message: 'Codes arrive late.',
};

function contact(t: TestApp, from: { remoteAddress?: string; forwardedFor?: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/contact',
    payload: message,
    ...(from.remoteAddress ? { remoteAddress: from.remoteAddress } : {}),
    headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
  });
}

/** The address the contact form stored for one message sent this way. */
async function storedIp(t: TestApp, from: { remoteAddress?: string; forwardedFor?: string }) {
  const res = await contact(t, from);
  expect(res.statusCode, res.body).toBe(201);
  const rows = await t.database.db.query.contactMessages.findMany();
  return rows.find((r) => r.id === res.json().id)!.ip;
}

describe('TRUST_PROXY=1 (one proxy, on another host)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('counts the contact limit per forwarded client, not per proxy', async () => {
    const proxy = '10.0.0.5';
    for (const client of ['203.0.113.7', '203.0.113.8']) {
      for (let i = 0; i < 5; i++) {
        const res = await contact(t, { remoteAddress: proxy, forwardedFor: client });
        expect(res.statusCode, `${client} #${i + 1}`).toBe(201);
      }
      expect((await contact(t, { remoteAddress: proxy, forwardedFor: client })).statusCode).toBe(
        429,
      );
    }
    const rows = await t.database.db.query.contactMessages.findMany();
    expect(new Set(rows.map((r) => r.ip))).toEqual(new Set(['203.0.113.7', '203.0.113.8']));
  });

  it('believes only the hop its proxy added, and the peer when there is no header', async () => {
    const via = { remoteAddress: '10.0.0.5', forwardedFor: '198.51.100.66, 203.0.113.9' };
    expect(await storedIp(t, via)).toBe('203.0.113.9');
    expect(await storedIp(t, { remoteAddress: '192.0.2.44' })).toBe('192.0.2.44');
  });
});

describe('TRUST_PROXY with addresses and ranges', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8, 2001:db8::1' } });
  });
  afterAll(() => t.close());

  it('believes listed proxies and ignores the header from anyone else', async () => {
    expect(await storedIp(t, { remoteAddress: '10.1.2.3', forwardedFor: '203.0.113.20' })).toBe(
      '203.0.113.20',
    );
    expect(await storedIp(t, { remoteAddress: '2001:db8::1', forwardedFor: '203.0.113.21' })).toBe(
      '203.0.113.21',
    );
    expect(await storedIp(t, { remoteAddress: '192.0.2.50', forwardedFor: '203.0.113.22' })).toBe(
      '192.0.2.50',
    );
    // Loopback is not in the list: a local peer's header is ignored too.
    expect(await storedIp(t, { forwardedFor: '203.0.113.23' })).toBe('127.0.0.1');
  });
});

describe('TRUST_PROXY=none', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'none' } });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For even from loopback', async () => {
    expect(await storedIp(t, { forwardedFor: '203.0.113.30' })).toBe('127.0.0.1');
  });
});

describe('TRUST_PROXY unset (loopback)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('believes a local proxy and ignores a forged header from a remote peer', async () => {
    expect(await storedIp(t, { forwardedFor: '203.0.113.40' })).toBe('203.0.113.40');
    expect(await storedIp(t, { remoteAddress: '192.0.2.60', forwardedFor: '203.0.113.41' })).toBe(
      '192.0.2.60',
    );
  });
});

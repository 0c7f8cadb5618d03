import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, newsletterSubscribers } from '../../db/schema.ts';
import { newEmail, only, signInAdmin } from '../../test/admin.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { EXPORT_BATCH } from './newsletter.service.ts';

let t: TestApp;
let admin: { cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t, { role: 'editor', permissions: only('users', 'settings') });
});
afterAll(() => t.close());

// The limit is per address: each test subscribes from its own.
let ipN = 0;
const freshIp = () => `203.0.113.${++ipN}`;

const subscribe = (payload: unknown, ip = freshIp(), headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/newsletter',
    payload: payload as object,
    remoteAddress: ip,
    headers,
  });
const stored = async (email: string) =>
  t.database.db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email.toLowerCase()));
async function events(type: string) {
  await t.app.analytics.flush();
  return t.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.eventType, type));
}
async function setSetting(key: string, value: unknown) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/v1/admin/settings/${key}`,
    headers: { cookie: admin.cookie },
    payload: { value },
  });
  expect(res.statusCode, res.body).toBe(200);
}
const clearSubscribers = () => t.database.db.delete(newsletterSubscribers);
/** Subscribers written straight to the table, `at` their subscription times. */
async function addSubscribers(list: { email: string; at: Date; id?: string }[]) {
  await t.database.db
    .insert(newsletterSubscribers)
    .values(list.map((s) => ({ email: s.email, createdAt: s.at, ...(s.id ? { id: s.id } : {}) })));
}
const get = (url: string, cookie = admin.cookie) =>
  t.app.inject({ url, headers: cookie ? { cookie } : {} });

type List = {
  items: { id: string; email: string; createdAt: string }[];
  total: number;
  nextCursor: string | null;
};

describe('POST /v1/newsletter', () => {
  it('stores a new address lower-cased, answers 201 and records the event without the address', async () => {
    const before = (await events('newsletter_subscribed')).length;
    const email = newEmail('Reader').replace('reader', 'ReAdEr');
    const res = await subscribe({ email: `  ${email} ` }, '203.0.113.200', {
      'user-agent': 'NewsletterTest/1.0',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ status: 'subscribed' });
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = await stored(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.email).toBe(email.toLowerCase());
    expect(rows[0]!.createdAt.getTime()).toBe(t.clock.now().getTime());

    const after = await events('newsletter_subscribed');
    expect(after).toHaveLength(before + 1);
    const ev = after.at(-1)!;
    expect(ev.ipAddress).toBe('203.0.113.0');
    expect(ev.userAgent).toBe('NewsletterTest/1.0');
    expect(ev.userId).toBeNull();
    expect(JSON.stringify(ev)).not.toContain(email.toLowerCase().split('@')[0]);
    expect(JSON.stringify(ev)).not.toContain('example.com');
  });

  it('a repeated address, in another case, is already_subscribed: one row, no second event', async () => {
    const email = newEmail('twice');
    expect((await subscribe({ email })).statusCode).toBe(201);
    const count = (await events('newsletter_subscribed')).length;
    const again = await subscribe({ email: email.toUpperCase() });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ status: 'already_subscribed' });
    expect(await stored(email)).toHaveLength(1);
    expect(await events('newsletter_subscribed')).toHaveLength(count);
  });

  it('refuses a malformed, missing or too long email with 400 and the field, storing nothing', async () => {
    for (const email of [
      'not-an-email',
      'a@',
      '@example.com',
      '',
      'x'.repeat(300) + '@example.com',
    ]) {
      const res = await subscribe({ email });
      expect(res.statusCode, email).toBe(400);
      const body = res.json() as { error: { code: string; fields: Record<string, string[]> } };
      expect(body.error.code).toBe('VALIDATION_ERROR');
      expect(body.error.fields.email?.length, email).toBeGreaterThan(0);
    }
    const missing = await subscribe({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.email).toBeDefined();
    const extra = await subscribe({ email: newEmail(), name: 'x' });
    expect(extra.statusCode).toBe(400);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/v1/newsletter',
      payload: 'email=a@example.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: freshIp(),
    });
    expect(notJson.statusCode).toBe(415);
    const { rows } = (await t.database.db.execute(
      sql`select count(*)::int as n from newsletter_subscribers where email in ('not-an-email', 'a@')`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]?.n).toBe(0);
  });

  it('answers 429 after 5 requests from one address in 10 minutes; another address goes on', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const res = await subscribe({ email: newEmail('limit') }, ip);
      expect(res.statusCode, res.body).toBe(201);
    }
    const email = newEmail('limited');
    const refused = await subscribe({ email }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stored(email)).toHaveLength(0);
    expect((await subscribe({ email }, freshIp())).statusCode).toBe(201);
  });

  it('refuses a cross-site request (CSRF) and stores nothing', async () => {
    const email = newEmail('csrf');
    const bySite = await subscribe({ email }, freshIp(), { 'sec-fetch-site': 'cross-site' });
    expect(bySite.statusCode).toBe(403);
    expect(bySite.json().error.code).toBe('CROSS_ORIGIN_REFUSED');
    const byOrigin = await subscribe({ email }, freshIp(), { origin: 'https://evil.example' });
    expect(byOrigin.statusCode).toBe(403);
    expect(await stored(email)).toHaveLength(0);
    const sameSite = await subscribe({ email }, freshIp(), {
      'sec-fetch-site': 'same-origin',
      origin: 'http://localhost:80',
      host: 'localhost:80',
    });
    expect(sameSite.statusCode, sameSite.body).toBe(201);
  });

  it('answers 404 while the blog is off, and 503 in maintenance; stores nothing', async () => {
    const email = newEmail('off');
    await setSetting('blog_enabled', false);
    try {
      const res = await subscribe({ email });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('BLOG_DISABLED');
    } finally {
      await setSetting('blog_enabled', true);
    }
    await setSetting('maintenance_mode', true);
    try {
      const res = await subscribe({ email });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('MAINTENANCE');
    } finally {
      await setSetting('maintenance_mode', false);
    }
    expect(await stored(email)).toHaveLength(0);
  });

  it('with analytics off, still subscribes but records no event', async () => {
    const count = (await events('newsletter_subscribed')).length;
    await setSetting('analytics_enabled', false);
    try {
      expect((await subscribe({ email: newEmail('quiet') })).statusCode).toBe(201);
    } finally {
      await setSetting('analytics_enabled', true);
    }
    expect(await events('newsletter_subscribed')).toHaveLength(count);
  });
});

describe('GET /v1/admin/newsletter', () => {
  it('lists newest first, keyset paged, with the total; ties ordered by id', async () => {
    await clearSubscribers();
    const base = Date.UTC(2024, 0, 1);
    const ids = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
    await addSubscribers([
      { email: 'oldest@example.com', at: new Date(base) },
      { email: 'tie-a@example.com', at: new Date(base + 60_000), id: ids[0] },
      { email: 'tie-b@example.com', at: new Date(base + 60_000), id: ids[1] },
      { email: 'newest@example.com', at: new Date(base + 120_000) },
    ]);
    const first = await get('/v1/admin/newsletter?limit=2');
    expect(first.statusCode, first.body).toBe(200);
    const p1 = first.json() as List;
    expect(p1.total).toBe(4);
    expect(p1.items.map((i) => i.email)).toEqual(['newest@example.com', 'tie-b@example.com']);
    expect(p1.items[0]!.createdAt).toBe(new Date(base + 120_000).toISOString());
    expect(p1.nextCursor).not.toBeNull();
    const p2 = (await get(`/v1/admin/newsletter?limit=2&cursor=${p1.nextCursor}`)).json() as List;
    expect(p2.items.map((i) => i.email)).toEqual(['tie-a@example.com', 'oldest@example.com']);
    expect(p2.total).toBe(4);
    expect(p2.nextCursor).toBeNull();
  });

  it('searches the email case-insensitively, with % and _ taken literally', async () => {
    await clearSubscribers();
    const at = new Date(Date.UTC(2024, 1, 1));
    await addSubscribers([
      { email: 'ann_smith@example.com', at },
      { email: 'annxsmith@example.com', at: new Date(at.getTime() + 1) },
      { email: '100%real@example.org', at: new Date(at.getTime() + 2) },
      { email: 'bob@example.org', at: new Date(at.getTime() + 3) },
    ]);
    const q = async (s: string) =>
      ((await get(`/v1/admin/newsletter?q=${encodeURIComponent(s)}`)).json() as List).items
        .map((i) => i.email)
        .sort();
    expect(await q('ANN_')).toEqual(['ann_smith@example.com']);
    expect(await q('%')).toEqual(['100%real@example.org']);
    expect(await q('Example.ORG')).toEqual(['100%real@example.org', 'bob@example.org']);
    expect(await q('nobody')).toEqual([]);
    const none = (await get('/v1/admin/newsletter?q=nobody')).json() as List;
    expect(none).toEqual({ items: [], total: 0, nextCursor: null });
  });

  it('refuses a bad cursor or limit with 400', async () => {
    const bad = await get('/v1/admin/newsletter?cursor=nonsense');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('INVALID_CURSOR');
    const big = await get('/v1/admin/newsletter?limit=1000');
    expect(big.statusCode).toBe(400);
    expect(big.json().error.fields.limit).toBeDefined();
  });
});

describe('GET /v1/admin/newsletter/export', () => {
  it('streams every subscriber as CSV, newest first, named by the day, formula-safe', async () => {
    await clearSubscribers();
    const at = new Date(Date.UTC(2024, 2, 1, 12));
    await addSubscribers([
      { email: '=cmd@example.com', at },
      { email: '+sum@example.com', at: new Date(at.getTime() + 1000) },
      { email: '-minus@example.com', at: new Date(at.getTime() + 2000) },
      { email: '@at@example.com', at: new Date(at.getTime() + 3000) },
      { email: 'plain@example.com', at: new Date(at.getTime() + 4000) },
    ]);
    t.clock.set(new Date(Date.UTC(2025, 4, 6, 23, 30)));
    const res = await get('/v1/admin/newsletter/export');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="subscribers-2025-05-06.csv"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const iso = (ms: number) => new Date(at.getTime() + ms).toISOString();
    expect(res.body).toBe(
      [
        'Email,Subscribed At',
        `plain@example.com,${iso(4000)}`,
        `'@at@example.com,${iso(3000)}`,
        `'-minus@example.com,${iso(2000)}`,
        `'+sum@example.com,${iso(1000)}`,
        `'=cmd@example.com,${iso(0)}`,
        '',
      ].join('\r\n'),
    );
  });

  it(`reads past one batch of ${EXPORT_BATCH} without losing or repeating a row (ties included)`, async () => {
    await clearSubscribers();
    const n = EXPORT_BATCH * 2 + 5;
    // Pairs of rows share a time, so batch edges fall inside ties.
    await t.database.db.execute(sql`
      insert into newsletter_subscribers (email, created_at)
      select 'bulk' || g || '@example.com',
        '2024-04-01T00:00:00Z'::timestamptz + ((g / 2) * interval '1 second')
      from generate_series(1, ${n}) g`);
    const res = await get('/v1/admin/newsletter/export');
    expect(res.statusCode).toBe(200);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Email,Subscribed At');
    const emails = lines.slice(1).map((l) => l.split(',')[0]);
    expect(emails).toHaveLength(n);
    expect(new Set(emails).size).toBe(n);
    const times = lines.slice(1).map((l) => l.split(',')[1]!);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('HEAD answers the download headers without running the export', async () => {
    // With the table out of the way, any read of it would fail: a 200 proves none was made.
    await t.database.db.execute(
      sql`alter table newsletter_subscribers rename to newsletter_subscribers_away`,
    );
    try {
      const res = await t.app.inject({
        method: 'HEAD',
        url: '/v1/admin/newsletter/export',
        headers: { cookie: admin.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="subscribers-/);
      expect(res.headers['content-length']).toBeUndefined(); // not "0": the file is not empty
      expect(res.body).toBe('');

      // A GET that fails before the file starts is a plain error, not a download of it.
      t.allowErrorLogs(/"code":"42P01"/); // the missing table
      const failed = await get('/v1/admin/newsletter/export');
      expect(failed.statusCode).toBe(500);
      expect(failed.headers['content-disposition']).toBeUndefined();
      expect(failed.json().error.code).toBe('INTERNAL');
    } finally {
      await t.database.db.execute(
        sql`alter table newsletter_subscribers_away rename to newsletter_subscribers`,
      );
    }
  });

  it('an empty list is just the header', async () => {
    await clearSubscribers();
    const res = await get('/v1/admin/newsletter/export');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('Email,Subscribed At\r\n');
  });
});

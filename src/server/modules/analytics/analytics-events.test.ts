import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_EVENT_BODY_BYTES } from '../../../shared/analytics.ts';
import { newEmail, nextIp, only, signInAdmin, signInUser } from '../../test/admin.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

/** POST /v1/analytics/events, and the events the server records after admin writes. */

let t: TestApp;
const LIMIT = 5;
beforeAll(async () => {
  t = await createTestApp({ analyticsRateLimits: { perIpPerMinute: LIMIT } });
});
afterAll(() => t.close());

type Stored = {
  event_type: string;
  event_data: Record<string, unknown>;
  user_id: string | null;
  session_id: string | null;
  ip_address: string | null;
  user_agent: string | null;
  page_url: string | null;
  referrer: string | null;
  created_at: string | Date;
};
const stored = async () => {
  await t.app.analytics.flush();
  const res = await t.database.db.execute(
    sql`select * from analytics_events order by created_at, event_type`,
  );
  return (res as unknown as { rows: Stored[] }).rows;
};
beforeEach(async () => {
  await t.app.analytics.flush();
  await t.database.db.execute(sql`delete from analytics_events`);
});

const SESSION = 'sess_0123456789abcdef';
const send = (
  payload: unknown,
  opts: { ip?: string; cookie?: string; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/analytics/events',
    payload: payload as object,
    remoteAddress: opts.ip ?? nextIp(),
    headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
  });
const pageView = (extra: Record<string, unknown> = {}) => ({
  type: 'page_view',
  sessionId: SESSION,
  pageUrl: '/blog',
  ...extra,
});

async function setSetting(key: string, value: unknown) {
  const admin = await signInAdmin(t, { role: 'editor', permissions: only('settings') });
  const res = await t.app.inject({
    method: 'PUT',
    url: `/v1/admin/settings/${key}`,
    payload: { value } as object,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('POST /v1/analytics/events', () => {
  it('records an anonymous page view: path and query only, referrer, session, user agent, truncated address', async () => {
    const res = await send(
      pageView({
        pageUrl: 'https://elsewhere.example:8443/blog/some-post?utm_source=x#top',
        referrer: 'https://search.example/?q=voip',
        data: { title: 'Some post' },
      }),
      { ip: '203.0.113.77', headers: { 'user-agent': 'TestAgent/1.0' } },
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ recorded: true });
    const [row, ...rest] = await stored();
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      event_type: 'page_view',
      event_data: { title: 'Some post' },
      user_id: null,
      session_id: SESSION,
      ip_address: '203.0.113.0',
      user_agent: 'TestAgent/1.0',
      page_url: '/blog/some-post?utm_source=x',
      referrer: 'https://search.example/?q=voip',
    });
    expect(new Date(row!.created_at).toISOString()).toBe(t.clock.now().toISOString());
  });

  it('keeps a relative path as sent and records the signed-in user', async () => {
    const user = await signInUser(t);
    expect(
      (await send(pageView({ pageUrl: '/dashboard?tab=2' }), { cookie: user.cookie })).statusCode,
    ).toBe(202);
    const [row] = await stored();
    expect(row).toMatchObject({
      page_url: '/dashboard?tab=2',
      user_id: user.user.id,
      referrer: null,
    });
  });

  it.each([
    ['203.0.113.200', '203.0.113.0'],
    ['2001:db8:abcd:12:1:2:3:4', '2001:db8:abcd::'],
    ['2001:db8::1', '2001:db8:0::'],
    ['::ffff:198.51.100.42', '198.51.100.0'],
  ])('stores the address %s truncated as %s', async (ip, want) => {
    expect((await send(pageView(), { ip })).statusCode).toBe(202);
    expect((await stored()).map((r) => r.ip_address)).toEqual([want]);
  });

  it('stores the event of an account deleted before the flush as anonymous (the buffer is not stuck)', async () => {
    const user = await signInUser(t);
    const sent = await send(pageView({ pageUrl: '/settings' }), { cookie: user.cookie });
    expect(sent.statusCode, sent.body).toBe(202);
    // The account goes while its page view still waits in the buffer.
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/v1/me',
      payload: { email: user.email },
      headers: { cookie: user.cookie },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await send(pageView({ pageUrl: '/after' }))).statusCode).toBe(202);
    const rows = await stored();
    expect(t.app.analytics.pending()).toBe(0);
    expect(rows.map((r) => [r.page_url, r.user_id]).sort()).toEqual([
      ['/after', null],
      ['/settings', null],
    ]);
  });

  it('stores text jsonb cannot carry (NUL, half an emoji) cleaned, in the same batch as the rest', async () => {
    // Server-side events are not checked by the input guard: a value cut inside an emoji, or a NUL.
    await t.app.analytics.record({
      type: 'blog_post_updated',
      data: { title: 'Cut \ud83d', note: 'a\u0000b' },
      userAgent: 'Agent \ud83d',
      pageUrl: '/admin/blog',
    });
    await t.app.analytics.record({ type: 'page_view', pageUrl: '/fine' });
    const rows = await stored();
    expect(rows.map((r) => r.page_url)).toEqual(['/admin/blog', '/fine']);
    expect(rows[0]!.user_agent).toBe('Agent \ufffd');
    expect(rows[0]!.event_data).toEqual({ title: 'Cut \ufffd', note: 'ab' });
  });

  it('answers 413 to a 100 KB body and stores nothing', async () => {
    const res = await send(pageView({ data: { blob: 'x'.repeat(100_000) } }));
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error.code).toBe('BODY_TOO_LARGE');
    expect(await stored()).toEqual([]);
  });

  it('answers 400 to data over 4 KB (a body under the 8 KB limit)', async () => {
    const payload = pageView({ data: { blob: 'x'.repeat(5000) } });
    expect(JSON.stringify(payload).length).toBeLessThan(MAX_EVENT_BODY_BYTES);
    const res = await send(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { data: [expect.stringContaining('4096 bytes')] },
    });
    expect(await stored()).toEqual([]);
  });

  it.each([
    ['an unknown type', { type: 'made_up' }, 'type'],
    ['a server-only type', { type: 'blog_post_created' }, 'type'],
    ['a malformed session id', { sessionId: 'no spaces allowed' }, 'sessionId'],
    ['a page URL over 2,048 characters', { pageUrl: `/${'p'.repeat(2048)}` }, 'pageUrl'],
    ['an unknown field', { extra: 1 }, 'body'],
  ])('answers 400 to %s', async (_what, change, field) => {
    const res = await send(pageView(change));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(res.json().error.fields)).toContain(field);
    expect(await stored()).toEqual([]);
  });

  it('answers 400 without a session id or page URL', async () => {
    const res = await send({ type: 'page_view' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['pageUrl', 'sessionId']);
  });

  it('takes admin events only from an active admin (403 for anyone else)', async () => {
    const event = pageView({ type: 'admin_dashboard_viewed', pageUrl: '/admin' });
    const anonymous = await send(event);
    expect(anonymous.statusCode, anonymous.body).toBe(403);
    expect(anonymous.json().error.code).toBe('FORBIDDEN');
    const user = await signInUser(t);
    expect((await send(event, { cookie: user.cookie })).statusCode).toBe(403);
    const inactive = await signInAdmin(t, { isActive: false });
    expect((await send(event, { cookie: inactive.cookie })).statusCode).toBe(403);
    expect(await stored()).toEqual([]);

    const editor = await signInAdmin(t, { role: 'editor', permissions: only() });
    const res = await send(event, { cookie: editor.cookie });
    expect(res.statusCode, res.body).toBe(202);
    expect((await stored()).map((r) => [r.event_type, r.user_id])).toEqual([
      ['admin_dashboard_viewed', editor.user.id],
    ]);
  });

  it('refuses a cross-site post (CSRF guard)', async () => {
    const res = await send(pageView(), { headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CROSS_ORIGIN_REFUSED');
    const sameOrigin = await send(pageView(), {
      headers: {
        origin: 'http://localhost:80',
        host: 'localhost:80',
        'sec-fetch-site': 'same-origin',
      },
    });
    expect(sameOrigin.statusCode, sameOrigin.body).toBe(202);
  });

  it('limits each address (429 with Retry-After), other addresses unaffected', async () => {
    const ip = '192.0.2.150';
    for (let i = 0; i < LIMIT; i++) expect((await send(pageView(), { ip })).statusCode).toBe(202);
    const over = await send(pageView(), { ip });
    expect(over.statusCode, over.body).toBe(429);
    expect(over.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterSeconds: expect.any(Number),
    });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Counted before the body is read: an oversize body is refused as limited, not read.
    expect((await send(pageView({ data: { b: 'x'.repeat(20_000) } }), { ip })).statusCode).toBe(
      429,
    );
    expect((await send(pageView(), { ip: '192.0.2.151' })).statusCode).toBe(202);
    expect(await stored()).toHaveLength(LIMIT + 1);
  });

  it('records nothing while analytics are off, and again once on', async () => {
    await setSetting('analytics_enabled', false);
    try {
      const res = await send(pageView());
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json()).toEqual({ recorded: false });
      expect(await stored()).toEqual([]);
    } finally {
      await setSetting('analytics_enabled', true);
    }
    expect((await send(pageView())).json()).toEqual({ recorded: true });
    // The setting change back on is recorded too (it happened while analytics were on again).
    expect((await stored()).map((r) => r.event_type)).toEqual([
      'page_view',
      'site_setting_updated',
    ]);
  });

  it('does not refresh the session cookie more than any other route', async () => {
    const user = await signInUser(t);
    const res = await send(pageView(), { cookie: user.cookie });
    expect(res.statusCode).toBe(202);
    expect(res.cookies.find((c) => c.name === 'vm_session')).toBeUndefined();
  });
});

describe('events recorded by the server after admin writes', () => {
  it('admin_user_created, admin_user_updated and admin_user_deleted with adminId and email', async () => {
    const boss = await signInAdmin(t, { role: 'super_admin' });
    const email = newEmail('made');
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/admins',
      payload: { email },
      headers: { cookie: boss.cookie },
    });
    expect(created.statusCode, created.body).toBe(201);
    const adminId = created.json().id as string;
    const updated = await t.app.inject({
      method: 'PATCH',
      url: `/v1/admin/admins/${adminId}`,
      payload: { role: 'editor' },
      headers: { cookie: boss.cookie },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    // A refused write records nothing.
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/v1/admin/admins/${adminId}`,
      payload: { role: 'nobody' },
      headers: { cookie: boss.cookie },
    });
    expect(refused.statusCode).toBe(400);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/v1/admin/admins/${adminId}`,
      headers: { cookie: boss.cookie },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const missing = await t.app.inject({
      method: 'DELETE',
      url: `/v1/admin/admins/${adminId}`,
      headers: { cookie: boss.cookie },
    });
    expect(missing.statusCode).toBe(404);

    const rows = await stored();
    expect(rows.map((r) => [r.event_type, r.event_data, r.user_id, r.session_id])).toEqual(
      [
        ['admin_user_created', { adminId, email }, boss.user.id, null],
        ['admin_user_updated', { adminId, email }, boss.user.id, null],
        ['admin_user_deleted', { adminId, email }, boss.user.id, null],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
  });

  it('site_setting_updated with key and value', async () => {
    await setSetting('site_name', 'Analytics Test Site');
    await setSetting('max_numbers_per_user', 77);
    const rows = await stored();
    expect(rows.map((r) => [r.event_type, r.event_data])).toEqual(
      expect.arrayContaining([
        ['site_setting_updated', { key: 'site_name', value: 'Analytics Test Site' }],
        ['site_setting_updated', { key: 'max_numbers_per_user', value: 77 }],
      ]),
    );
    expect(rows).toHaveLength(2);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/v1/admin/settings/max_numbers_per_user',
      payload: { value: -5 },
      headers: { cookie: (await signInAdmin(t, { permissions: only('settings') })).cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(await stored()).toHaveLength(2);
  });
});

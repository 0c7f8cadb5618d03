import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, messages, sessions, users, voipNumbers } from '../../db/schema.ts';
import { pollerRepository } from '../../poller/poller.repository.ts';
import { createTestApp, lastCode, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  // Short heartbeats: an event stream notices within 0.1 s that its session was signed out.
  t = await createTestApp({ heartbeatMs: 100 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

let ipN = 0;
/** Signs `email` in once more (a new session) from its own address and user agent; returns the cookie. */
async function newSession(email: string, userAgent = CHROME_WINDOWS) {
  // One code per email per minute: each new session of the same user comes a minute later.
  t.clock.advance(61_000);
  const ip = `203.0.113.${++ipN}`;
  const sent = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/code',
    payload: { email },
    remoteAddress: ip,
  });
  if (sent.statusCode !== 200) throw new Error(`code send failed: ${sent.body}`);
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/verify',
    payload: { email, code: lastCode(t, email) },
    remoteAddress: ip,
    headers: { 'user-agent': userAgent },
  });
  if (res.statusCode !== 200) throw new Error(`verify failed: ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'vm_session')!;
  return { cookie: `vm_session=${cookie.value}`, id: (res.json() as { id: string }).id, ip };
}

let userN = 0;
const newEmail = () => `account-${++userN}-${Math.random().toString(36).slice(2, 8)}@example.com`;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(cookie ? { headers: { cookie } } : {}),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

const me = (cookie: string) => call('GET', '/v1/me', cookie);
type SessionItem = {
  id: string;
  current: boolean;
  device: string;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
};
const listSessions = async (cookie: string) => {
  const res = await call('GET', '/v1/me/sessions', cookie);
  expect(res.statusCode).toBe(200);
  return (res.json() as { items: SessionItem[] }).items;
};

describe('account routes need a signed-in user', () => {
  it.each([
    ['PATCH', '/v1/me', { codeToasts: false }],
    ['PATCH', '/v1/me', { nope: 1 }],
    ['GET', '/v1/me/sessions', undefined],
    ['POST', '/v1/me/sessions/sign-out-others', undefined],
    ['DELETE', '/v1/me/sessions/AAAAAAAAAAAAAAAA', undefined],
    ['DELETE', '/v1/me/sessions/not-an-id', undefined],
    ['DELETE', '/v1/me', { email: 'someone@example.com' }],
    ['DELETE', '/v1/me', {}],
  ] as const)('%s %s %j → 401', async (method, url, payload) => {
    const res = await call(method, url, undefined, payload);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });
});

describe('PATCH /v1/me', () => {
  it('stores the code toasts preference and answers with the updated user', async () => {
    const email = newEmail();
    const s = await newSession(email);
    expect((await me(s.cookie)).json().codeToasts).toBe(true);

    const off = await call('PATCH', '/v1/me', s.cookie, { codeToasts: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({
      id: s.id,
      email,
      emailVerified: true,
      codeToasts: false,
      theme: 'system',
      locale: 'en',
    });
    expect((await me(s.cookie)).json().codeToasts).toBe(false);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, s.id));
    expect(row!.codeToasts).toBe(false);

    const on = await call('PATCH', '/v1/me', s.cookie, { codeToasts: true });
    expect(on.json().codeToasts).toBe(true);
    expect((await me(s.cookie)).json().codeToasts).toBe(true);
  });

  it('stores the theme of the signed-in user only, keeping the other preferences', async () => {
    const alice = await newSession(newEmail());
    const bob = await newSession(newEmail());
    expect((await me(alice.cookie)).json().theme).toBe('system');
    await call('PATCH', '/v1/me', alice.cookie, { codeToasts: false });

    for (const theme of ['dark', 'light', 'system', 'dark'] as const) {
      const res = await call('PATCH', '/v1/me', alice.cookie, { theme });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: alice.id, theme, codeToasts: false });
      expect((await me(alice.cookie)).json().theme).toBe(theme);
    }
    const rows = await t.database.db
      .select({ id: users.id, theme: users.theme })
      .from(users)
      .where(inArray(users.id, [alice.id, bob.id]));
    expect(new Map(rows.map((r) => [r.id, r.theme]))).toEqual(
      new Map([
        [alice.id, 'dark'],
        [bob.id, 'system'],
      ]),
    );
    expect((await me(bob.cookie)).json().theme).toBe('system');
  });

  it.each([
    ['an unknown theme', { theme: 'blue' }],
    ['a theme in capitals', { theme: 'DARK' }],
    ['a null theme', { theme: null }],
    ['a theme that is not a string', { theme: 1 }],
  ])('refuses %s with 400 and a clear message, changing nothing', async (_what, payload) => {
    const s = await newSession(newEmail());
    await call('PATCH', '/v1/me', s.cookie, { theme: 'light' });
    const res = await call('PATCH', '/v1/me', s.cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.json().error.message).toMatch(/theme must be 'system', 'light' or 'dark'/);
    expect((await me(s.cookie)).json().theme).toBe('light');
  });

  it.each([
    ['an empty body', {}],
    ['a string', { codeToasts: 'false' }],
    ['null', { codeToasts: null }],
    ['an unknown key', { codeToasts: false, email: 'other@example.com' }],
    ['only an unknown key', { emailVerified: false }],
  ])('refuses %s with 400 and changes nothing', async (_what, payload) => {
    const s = await newSession(newEmail());
    const res = await call('PATCH', '/v1/me', s.cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.json().error.message).toEqual(expect.any(String));
    expect(await me(s.cookie).then((r) => r.json())).toMatchObject({
      codeToasts: true,
      emailVerified: true,
    });
  });

  it('refuses a missing body with 400', async () => {
    const s = await newSession(newEmail());
    const res = await call('PATCH', '/v1/me', s.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_BODY');
  });
});

describe('sessions', () => {
  it('lists the unexpired sessions of the user only: the current first, then by last activity', async () => {
    const email = newEmail();
    const old = await newSession(email, SAFARI_IPHONE);
    const current = await newSession(email, CHROME_WINDOWS);
    const recent = await newSession(email, 'curl/8.5.0');
    const bob = await newSession(newEmail());
    // `old` was active most recently; `recent` before it; the current one longest ago.
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, old.id));
    expect(rows).toHaveLength(3);
    const base = t.clock.now().getTime();
    const at = (min: number) => new Date(base - min * 60_000);
    const byIp = new Map(rows.map((r) => [r.ip, r.tokenHash]));
    for (const [s, min] of [
      [old, 1],
      [recent, 5],
      [current, 60],
    ] as const) {
      await t.database.db
        .update(sessions)
        .set({ lastSeenAt: at(min) })
        .where(eq(sessions.tokenHash, byIp.get(s.ip)!));
    }
    // An expired session of the user is not listed.
    const expired = await newSession(email);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: at(1) })
      .where(eq(sessions.ip, expired.ip));

    const items = await listSessions(current.cookie);
    expect(items.map((i) => [i.current, i.device, i.ip])).toEqual([
      [true, 'Chrome on Windows', current.ip],
      [false, 'Safari on iOS', old.ip],
      [false, 'Unknown device', recent.ip],
    ]);
    expect(items[1]!.lastSeenAt).toBe(at(1).toISOString());
    // Using a session records its activity (at most every 5 minutes): the current one, last seen an
    // hour ago, is active now.
    expect(items[0]!.lastSeenAt).toBe(t.clock.now().toISOString());
    expect(items[0]!.createdAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    // Ids are short, distinct, and not the token hashes.
    const hashes = new Set(rows.map((r) => r.tokenHash));
    for (const i of items) {
      expect(i.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(hashes.has(i.id)).toBe(false);
      for (const h of hashes) expect(h.includes(i.id)).toBe(false);
    }
    expect(new Set(items.map((i) => i.id)).size).toBe(3);
    // Strictly these fields: nothing else leaks.
    expect(Object.keys(items[0]!).sort()).toEqual(
      ['createdAt', 'current', 'device', 'id', 'ip', 'lastSeenAt'].sort(),
    );

    // Asked from another session, that one is current; Bob sees only his own.
    const fromOld = await listSessions(old.cookie);
    expect(fromOld[0]).toMatchObject({ current: true, ip: old.ip });
    const bobs = await listSessions(bob.cookie);
    expect(bobs.map((i) => [i.current, i.ip])).toEqual([[true, bob.ip]]);
    expect(items.map((i) => i.id)).not.toContain(bobs[0]!.id);
  });

  it("signs out the user's other sessions only; the current one keeps working", async () => {
    const email = newEmail();
    const a = await newSession(email);
    const b = await newSession(email);
    const c = await newSession(email);
    const bobEmail = newEmail();
    const bob = await newSession(bobEmail);
    const bob2 = await newSession(bobEmail);

    const res = await call('POST', '/v1/me/sessions/sign-out-others', b.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signedOut: 2 });

    expect((await me(b.cookie)).statusCode).toBe(200);
    for (const gone of [a, c]) {
      const r = await me(gone.cookie);
      expect(r.statusCode).toBe(401);
      // The dead cookie is cleared.
      expect(r.cookies.find((k) => k.name === 'vm_session')?.value).toBe('');
    }
    expect((await me(bob.cookie)).statusCode).toBe(200);
    expect((await me(bob2.cookie)).statusCode).toBe(200);
    expect((await listSessions(b.cookie)).map((i) => i.current)).toEqual([true]);

    // Nothing else to sign out: zero.
    const again = await call('POST', '/v1/me/sessions/sign-out-others', b.cookie);
    expect(again.json()).toEqual({ signedOut: 0 });
  });

  it("signs out one session by id; another user's session id is a 404", async () => {
    const email = newEmail();
    const a = await newSession(email);
    const b = await newSession(email);
    const bob = await newSession(newEmail());
    const [, other] = await listSessions(a.cookie);
    expect(other!.ip).toBe(b.ip);
    const bobId = (await listSessions(bob.cookie))[0]!.id;

    const foreign = await call('DELETE', `/v1/me/sessions/${bobId}`, a.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('SESSION_NOT_FOUND');
    expect((await me(bob.cookie)).statusCode).toBe(200);
    for (const bad of ['AAAAAAAAAAAAAAAA', 'short', 'x'.repeat(40)]) {
      expect((await call('DELETE', `/v1/me/sessions/${bad}`, a.cookie)).statusCode).toBe(404);
    }

    const res = await call('DELETE', `/v1/me/sessions/${other!.id}`, a.cookie);
    expect(res.statusCode).toBe(200);
    expect((await me(b.cookie)).statusCode).toBe(401);
    expect((await me(a.cookie)).statusCode).toBe(200);
    // Once gone, the same id is a 404.
    expect((await call('DELETE', `/v1/me/sessions/${other!.id}`, a.cookie)).statusCode).toBe(404);

    // Ending the current session by its id signs this browser out.
    const self = (await listSessions(a.cookie))[0]!;
    const out = await call('DELETE', `/v1/me/sessions/${self.id}`, a.cookie);
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((k) => k.name === 'vm_session')?.value).toBe('');
    expect((await me(a.cookie)).statusCode).toBe(401);
  });
});

/** Opens the live event stream over real HTTP; resolves with its status and a promise of its end. */
function openEvents(cookie: string) {
  const { port } = t.app.server.address() as AddressInfo;
  return new Promise<{ status: number; ended: Promise<void>; close: () => void }>(
    (resolve, reject) => {
      const req = http.get(`http://127.0.0.1:${port}/v1/events`, { headers: { cookie } }, (res) => {
        res.resume();
        const ended = new Promise<void>((done) => res.on('close', () => done()));
        resolve({ status: res.statusCode ?? 0, ended, close: () => req.destroy() });
      });
      req.on('error', reject);
    },
  );
}
const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([
    p.then(() => 'ended' as const),
    new Promise<'still open'>((r) => setTimeout(() => r('still open'), ms)),
  ]);

describe('live event streams of signed-out sessions', () => {
  it('ends the stream of a session signed out elsewhere; the others keep theirs', async () => {
    const email = newEmail();
    const a = await newSession(email);
    const b = await newSession(email);
    const streamA = await openEvents(a.cookie);
    const streamB = await openEvents(b.cookie);
    expect([streamA.status, streamB.status]).toEqual([200, 200]);
    try {
      expect(await within(streamA.ended, 300)).toBe('still open');
      await call('POST', '/v1/me/sessions/sign-out-others', b.cookie);
      expect(await within(streamA.ended, 3_000)).toBe('ended');
      expect(await within(streamB.ended, 300)).toBe('still open');
      // Its reconnect is refused.
      expect((await openEvents(a.cookie)).status).toBe(401);
    } finally {
      streamA.close();
      streamB.close();
    }
  });
});

describe('DELETE /v1/me', () => {
  const rowsOf = async <T>(q: SQL) =>
    ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

  /** Every table of the schema, and how to count one user's rows in it. */
  const owned: Record<string, (u: { id: string; email: string }) => SQL> = {
    users: (u) => sql`select count(*)::int as n from users where id = ${u.id}`,
    sessions: (u) => sql`select count(*)::int as n from sessions where user_id = ${u.id}`,
    voip_numbers: (u) => sql`select count(*)::int as n from voip_numbers where user_id = ${u.id}`,
    number_counts: (u) => sql`select count(*)::int as n from number_counts where user_id = ${u.id}`,
    tags: (u) => sql`select count(*)::int as n from tags where user_id = ${u.id}`,
    voip_number_tags: (u) =>
      sql`select count(*)::int as n from voip_number_tags l join tags g on g.id = l.tag_id where g.user_id = ${u.id}`,
    messages: (u) =>
      sql`select count(*)::int as n from messages m join voip_numbers v on v.id = m.voip_number_id where v.user_id = ${u.id}`,
    login_codes: (u) => sql`select count(*)::int as n from login_codes where email = ${u.email}`,
    login_code_sends: (u) =>
      sql`select count(*)::int as n from login_code_sends where email = ${u.email}`,
    public_pages: (u) => sql`select count(*)::int as n from public_pages where user_id = ${u.id}`,
    public_page_numbers: (u) =>
      sql`select count(*)::int as n from public_page_numbers pn join public_pages p on p.id = pn.page_id where p.user_id = ${u.id}`,
    single_endpoints: (u) =>
      sql`select count(*)::int as n from single_endpoints where user_id = ${u.id}`,
    api_keys: (u) => sql`select count(*)::int as n from api_keys where user_id = ${u.id}`,
    webhooks: (u) => sql`select count(*)::int as n from webhooks where user_id = ${u.id}`,
    deliveries: (u) =>
      sql`select count(*)::int as n from deliveries d join webhooks w on w.id = d.webhook_id where w.user_id = ${u.id}`,
    code_claims: (u) =>
      sql`select count(*)::int as n from code_claims c join voip_numbers v on v.id = c.voip_number_id where v.user_id = ${u.id}`,
    webhook_expiry_marks: (u) =>
      sql`select count(*)::int as n from webhook_expiry_marks m join webhooks w on w.id = m.webhook_id where w.user_id = ${u.id}`,
  };
  /** Not the user's: what anyone sends through the contact form, whatever email they type. */
  // admin_users rows cascade with their user (tested in the admin module); the rest are site-wide.
  const notOwned = [
    'contact_messages',
    'admin_users',
    'admin_audit_log',
    'site_settings',
    'blog_posts',
    'message_daily_counts',
    // Issue 15: a deleted user's analytics events stay, anonymous (user_id on delete set null);
    // post view marks hold an HMAC of address and user agent, no user; a newsletter subscription
    // is whatever address anyone typed in the blog's box, with no account behind it.
    'analytics_events',
    'blog_post_views',
    'newsletter_subscribers',
    // The site Telegram bot's update offset and reader lease (no chat or user in it).
    'telegram_bot_state',
  ];

  async function counts(u: { id: string; email: string }) {
    const out: Record<string, number> = {};
    for (const [table, q] of Object.entries(owned)) {
      out[table] = (await rowsOf<{ n: number }>(q(u)))[0]!.n;
    }
    return out;
  }

  /**
   * A user with two sessions, tags, numbers with tags and messages, a public page and a single
   * endpoint, and a pending sign-in code.
   */
  async function populatedUser() {
    const email = newEmail();
    const s = await newSession(email);
    await newSession(email, SAFARI_IPHONE);
    const tag = (
      await call('POST', '/v1/tags', s.cookie, { name: `Telegram ${userN}` })
    ).json() as { id: string };
    const numbers: { id: string; phoneNumber: string }[] = [];
    for (const i of [1, 2]) {
      const res = await call('POST', '/v1/numbers', s.cookie, {
        phoneNumber: `55500${String(userN).padStart(3, '0')}0${i}`,
        apiLink: `https://provider.example/api?n=${userN}-${i}`,
        tagIds: [tag.id],
      });
      expect(res.statusCode).toBe(201);
      numbers.push(res.json());
    }
    for (const n of numbers) {
      await t.database.db.insert(messages).values({
        voipNumberId: n.id,
        sender: 'Acme',
        content: 'Your code is 123456',
        code: '123456',
        receivedAt: t.clock.now(),
        dedupeKey: `k-${n.id}`,
      });
    }
    // A public page of both numbers and a single endpoint of one.
    const page = await call('POST', '/v1/pages', s.cookie, {
      name: 'Shared',
      numberIds: numbers.map((n) => n.id),
    });
    expect(page.statusCode).toBe(201);
    const entry = await call('POST', '/v1/single-endpoints', s.cookie, {
      numberId: numbers[0]!.id,
    });
    expect(entry.statusCode).toBe(201);
    // An API key, and a code claimed by a script.
    const key = await call('POST', '/v1/api-keys', s.cookie, {
      name: 'k',
      scopes: ['numbers:read'],
    });
    expect(key.statusCode).toBe(201);
    const claimed = await call(
      'GET',
      `/v1/numbers/${numbers[0]!.id}/code?claim=true&after=1970-01-01T00:00:00Z`,
      s.cookie,
    );
    expect(claimed.statusCode).toBe(200);
    // A webhook with a delivery in its log, and a number.expiring made for a number ending soon.
    const hook = await call('POST', '/v1/webhooks', s.cookie, {
      url: 'https://hooks.example.com/in',
      events: ['code.received', 'number.expiring'],
    });
    expect(hook.statusCode).toBe(201);
    expect((await call('POST', `/v1/webhooks/${hook.json().id}/test`, s.cookie)).statusCode).toBe(
      202,
    );
    await t.database.db
      .update(voipNumbers)
      .set({ endDate: new Date(t.clock.now().getTime() + 86_400_000) })
      .where(eq(voipNumbers.id, numbers[0]!.id));
    expect((await t.app.webhookExpiryEvents.runOnce()).queued).toBe(1);
    // A code requested again later, still waiting to be used.
    t.clock.advance(61_000);
    expect((await call('POST', '/v1/auth/code', undefined, { email })).statusCode).toBe(200);
    return { email, id: s.id, cookie: s.cookie, numbers };
  }

  it('refuses an email that is not the account’s with 400 and deletes nothing', async () => {
    const u = await populatedUser();
    const before = await counts(u);
    expect(Object.values(before).every((n) => n > 0)).toBe(true);
    for (const email of ['someone-else@example.com', u.email.replace('@', '+x@'), '   ']) {
      const res = await call('DELETE', '/v1/me', u.cookie, { email });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toEqual(expect.any(String));
      expect(res.cookies.find((k) => k.name === 'vm_session')).toBeUndefined();
    }
    const mismatch = await call('DELETE', '/v1/me', u.cookie, { email: 'x@example.com' });
    expect(mismatch.json().error).toEqual({
      code: 'EMAIL_MISMATCH',
      message: 'The email you typed does not match the email of this account.',
    });
    for (const payload of [{}, { email: 5 }, { email: u.email, extra: true }]) {
      const res = await call('DELETE', '/v1/me', u.cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect((await call('DELETE', '/v1/me', u.cookie)).statusCode).toBe(400);
    // A cross-site request is refused even with the right email (CSRF guard).
    const crossSite = await t.app.inject({
      method: 'DELETE',
      url: '/v1/me',
      headers: { cookie: u.cookie, origin: 'https://evil.example' },
      payload: { email: u.email },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await counts(u)).toEqual(before);
    expect((await me(u.cookie)).statusCode).toBe(200);
  });

  it("deletes every row the user owns, in every table, and none of another user's", async () => {
    // The counts cover every table of the schema: a new table must be added here.
    const tables = await rowsOf<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(tables.map((r) => r.table_name).sort()).toEqual(
      [...Object.keys(owned), ...notOwned].sort(),
    );
    const alice = await populatedUser();
    const bob = await populatedUser();
    await call('POST', '/v1/contact', undefined, {
      name: 'Alice',
      email: alice.email,
      subject: 'technical',
      message: 'Hello',
    });
    const bobBefore = await counts(bob);
    const contactBefore = await t.database.db.select().from(contactMessages);

    // Case and spaces do not matter.
    const res = await call('DELETE', '/v1/me', alice.cookie, {
      email: `  ${alice.email.toUpperCase()} `,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const cleared = res.cookies.find((k) => k.name === 'vm_session');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());

    const after = await counts(alice);
    expect(Object.values(after).every((n) => n === 0)).toBe(true);
    expect(await counts(bob)).toEqual(bobBefore);
    expect(await t.database.db.select().from(contactMessages)).toEqual(contactBefore);

    // The old cookie is dead; Bob is untouched.
    const again = await me(alice.cookie);
    expect(again.statusCode).toBe(401);
    expect((await call('GET', '/v1/numbers', bob.cookie)).json().items).toHaveLength(2);

    // A poll of a deleted number finishing afterwards stores nothing (no resurrected rows).
    const stored = await pollerRepository(t.database.db).recordPolls(
      alice.numbers.map((n) => ({
        number: { id: n.id, phoneNumber: n.phoneNumber, userId: alice.id },
        polledAt: t.clock.now(),
        nextPollAt: new Date(t.clock.now().getTime() + 30_000),
        ok: true as const,
        found: [
          {
            sender: 'Acme',
            content: 'Your code is 654321',
            code: '654321',
            receivedAt: t.clock.now(),
            dedupeKey: 'late',
          },
        ],
        endDate: null,
      })),
      100,
    );
    expect(stored).toEqual([[], []]);
    expect(await counts(alice)).toEqual(after);

    // The same email can sign up again, as a new account with nothing in it.
    const back = await newSession(alice.email);
    expect(back.id).not.toBe(alice.id);
    expect((await call('GET', '/v1/numbers', back.cookie)).json().items).toHaveLength(0);
  });

  it('limits attempts to 10 a minute per user', async () => {
    const s = await newSession(newEmail());
    for (let i = 0; i < 10; i++) {
      const res = await call('DELETE', '/v1/me', s.cookie, { email: 'wrong@example.com' });
      expect(res.statusCode).toBe(400);
    }
    const res = await call('DELETE', '/v1/me', s.cookie, { email: 'wrong@example.com' });
    expect(res.statusCode).toBe(429);
    expect((await me(s.cookie)).statusCode).toBe(200);
  });
});

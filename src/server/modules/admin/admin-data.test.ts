import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPermissions, AdminRole } from '../../../shared/admin.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

// Sign-ins are limited per address: each from its own.
let ipN = 0;
const signInFresh = () => signIn(t, undefined, `198.51.100.${++ipN}`);

const NONE: AdminPermissions = { blog: false, users: false, analytics: false, settings: false };

/** A signed-in user made an administrator directly in the table (what H1's routes and CLI do). */
async function admin(
  opts: { role?: AdminRole; permissions?: Partial<AdminPermissions>; active?: boolean } = {},
) {
  const s = await signInFresh();
  await rows(sql`insert into admin_users (user_id, role, permissions, is_active)
    values (${s.user.id}, ${opts.role ?? 'admin'},
      ${JSON.stringify({ ...NONE, ...opts.permissions })}::jsonb, ${opts.active ?? true})`);
  return s;
}

const get = (url: string, cookie?: string) =>
  t.app.inject({ url, ...(cookie ? { headers: { cookie } } : {}) });
const patch = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'PATCH',
    url,
    payload: payload as object,
    ...(cookie ? { headers: { cookie } } : {}),
  });

/** Users inserted directly: `at` their creation time, ids given so ties order by id. */
async function addUsers(
  list: { email: string; at: Date; verified?: boolean; id?: string; signedIn?: Date }[],
) {
  for (const u of list) {
    await rows(sql`insert into users (id, email, email_verified, created_at, last_sign_in_at)
      values (${u.id ?? crypto.randomUUID()}, ${u.email}, ${u.verified ?? false},
        ${u.at.toISOString()}, ${u.signedIn?.toISOString() ?? null})`);
  }
}

type UserList = {
  items: { id: string; email: string; emailVerified: boolean; isAdmin: boolean }[];
  total: number;
  nextCursor: string | null;
};

describe('who may ask', () => {
  const contactId = crypto.randomUUID();
  const routes: {
    name: string;
    send: (c?: string) => ReturnType<typeof get>;
  }[] = [
    { name: 'GET users', send: (c) => get('/v1/admin/users', c) },
    {
      name: 'GET contact-messages',
      send: (c) => get('/v1/admin/contact-messages', c),
    },
    {
      name: 'PATCH contact-messages/:id',
      // A bad body: rights are checked first, so only an allowed admin sees the 400.
      send: (c) => patch(`/v1/admin/contact-messages/${contactId}`, { handled: 'yes' }, c),
    },
    {
      name: 'GET dashboard/users',
      send: (c) => get('/v1/admin/dashboard/users', c),
    },
  ];

  it.each(routes)(
    '$name: 401 signed out, 403 user, inactive admin, missing permission',
    async (r) => {
      expect((await r.send()).statusCode).toBe(401);
      const user = await signInFresh();
      expect((await r.send(user.cookie)).statusCode).toBe(403);
      const inactive = await admin({ permissions: { users: true }, active: false });
      expect((await r.send(inactive.cookie)).statusCode).toBe(403);
      const editor = await admin({ role: 'editor', permissions: { blog: true } });
      const res = await r.send(editor.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    },
  );

  it.each(routes)('$name: answers an admin with the permission and a super_admin', async (r) => {
    const ok = r.name.startsWith('PATCH') ? 400 : 200;
    const withIt = await admin({ permissions: { users: true } });
    expect((await r.send(withIt.cookie)).statusCode).toBe(ok);
    // A super_admin has every permission whatever is stored.
    const superAdmin = await admin({ role: 'super_admin' });
    expect((await r.send(superAdmin.cookie)).statusCode).toBe(ok);
  });

  it('a revoked admin is refused on the next request', async () => {
    const a = await admin({ permissions: { users: true } });
    expect((await get('/v1/admin/users', a.cookie)).statusCode).toBe(200);
    await rows(sql`update admin_users set is_active = false where user_id = ${a.user.id}`);
    expect((await get('/v1/admin/users', a.cookie)).statusCode).toBe(403);
  });
});

describe('GET /v1/admin/users', () => {
  let cookie: string;
  const base = new Date('2020-01-01T00:00:00.000Z');
  beforeAll(async () => {
    cookie = (await admin({ permissions: { users: true } })).cookie;
  });

  const list = async (query: string) => {
    const res = await get(`/v1/admin/users?${query}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as UserList;
  };
  const all = async (query: string) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: UserList = await list(query + (cursor ? `&cursor=${cursor}` : ''));
      seen.push(...page.items.map((i) => i.email));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 100);
    return seen;
  };

  it('pages newest first without skipping or repeating users created at the same instant', async () => {
    const tie = new Date(base.getTime() + 1_000);
    await addUsers([
      ...Array.from({ length: 7 }, (_, i) => ({ email: `tie-${i}@page.test`, at: tie })),
      { email: 'older@page.test', at: base },
      { email: 'newer@page.test', at: new Date(tie.getTime() + 1) },
    ]);
    const expected = await rows<{ email: string }>(sql`select email from users
      where email like '%@page.test' order by created_at desc, id desc`);
    const first = await list('q=@page.test&limit=3');
    expect(first.total).toBe(9);
    expect(first.items).toHaveLength(3);
    expect(await all('q=@page.test&limit=3')).toEqual(expected.map((r) => r.email));
    expect(await all('q=@page.test&limit=2')).toEqual(expected.map((r) => r.email));
    expect(expected[0]!.email).toBe('newer@page.test');
    expect(expected.at(-1)!.email).toBe('older@page.test');
  });

  it('a page that ends the list has no next cursor; the total counts every page', async () => {
    await addUsers([1, 2, 3].map((i) => ({ email: `end-${i}@end.test`, at: base })));
    const page = await list('q=@end.test&limit=3');
    expect(page).toMatchObject({ total: 3, nextCursor: null });
    const past = await list('q=@end.test&limit=2');
    const rest = await list(`q=@end.test&limit=2&cursor=${past.nextCursor}`);
    expect(rest).toMatchObject({ total: 3, nextCursor: null });
    expect(rest.items).toHaveLength(1);
  });

  it('searches email substrings and id prefixes case-insensitively', async () => {
    const id = 'abcdef12-3456-4789-8abc-def012345678';
    await addUsers([
      { email: 'mixed.case@search.test', at: base },
      { email: 'other@search.test', at: base, id },
    ]);
    expect((await list('q=MIXED.Case')).items.map((i) => i.email)).toEqual([
      'mixed.case@search.test',
    ]);
    expect((await list('q=ABCDEF12-34')).items.map((i) => i.id)).toEqual([id]);
    expect((await list('q=abcdef12')).items.map((i) => i.id)).toEqual([id]);
    // The middle of an id is no prefix.
    expect((await list('q=3456-4789')).total).toBe(0);
    expect((await list('q=%20%20other@search.test%20')).total).toBe(1);
  });

  it('takes LIKE metacharacters literally', async () => {
    await addUsers([
      { email: 'a_b@meta.test', at: base },
      { email: 'axb@meta.test', at: base },
      { email: 'per%cent@meta.test', at: base },
      { email: 'back\\slash@meta.test', at: base },
    ]);
    const emails = async (q: string) =>
      (await list(`q=${encodeURIComponent(q)}`)).items.map((i) => i.email);
    expect(await emails('a_b')).toEqual(['a_b@meta.test']);
    expect(await emails('%cent')).toEqual(['per%cent@meta.test']);
    expect(await emails('\\slash')).toEqual(['back\\slash@meta.test']);
    expect(await emails('_@meta')).toEqual([]);
  });

  it('filters verified, unverified and active admins', async () => {
    await addUsers([
      { email: 'v1@filter.test', at: base, verified: true },
      { email: 'u1@filter.test', at: base },
      { email: 'u2@filter.test', at: base },
    ]);
    const [v1, u1] = await rows<{ id: string }>(
      sql`select id from users where email in ('v1@filter.test', 'u1@filter.test') order by email desc`,
    );
    await rows(
      sql`insert into admin_users (user_id, is_active) values (${v1!.id}, true), (${u1!.id}, false)`,
    );
    const emails = async (status: string) =>
      (await list(`q=@filter.test&status=${status}`)).items.map((i) => i.email).sort();
    expect(await emails('all')).toEqual(['u1@filter.test', 'u2@filter.test', 'v1@filter.test']);
    expect(await emails('verified')).toEqual(['v1@filter.test']);
    expect(await emails('unverified')).toEqual(['u1@filter.test', 'u2@filter.test']);
    expect(await emails('admin')).toEqual(['v1@filter.test']);
    expect((await list('q=@filter.test&status=admin')).total).toBe(1);
    const flags = (await list('q=@filter.test')).items.map((i) => [i.email, i.isAdmin]);
    expect(Object.fromEntries(flags)).toEqual({
      'v1@filter.test': true,
      'u1@filter.test': false,
      'u2@filter.test': false,
    });
  });

  it('last active is the latest of the sign-in and the sessions, null if never', async () => {
    const signedIn = new Date('2021-05-01T10:00:00.000Z');
    await addUsers([
      { email: 'never@active.test', at: base },
      { email: 'signin@active.test', at: base, signedIn },
      { email: 'session@active.test', at: base, signedIn },
    ]);
    const [s] = await rows<{ id: string }>(
      sql`select id from users where email = 'session@active.test'`,
    );
    await rows(sql`insert into sessions (token_hash, user_id, expires_at, last_seen_at) values
      (${crypto.randomUUID()}, ${s!.id}, now(), '2021-06-01T00:00:00Z'),
      (${crypto.randomUUID()}, ${s!.id}, now(), '2021-04-01T00:00:00Z')`);
    const page = await list('q=@active.test');
    const by = Object.fromEntries(
      (page.items as unknown as { email: string; lastActiveAt: string | null }[]).map((i) => [
        i.email,
        i.lastActiveAt,
      ]),
    );
    expect(by).toEqual({
      'never@active.test': null,
      'signin@active.test': signedIn.toISOString(),
      'session@active.test': '2021-06-01T00:00:00.000Z',
    });
  });

  it.each([
    ['status=banned', 'status'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    [`q=${'x'.repeat(201)}`, 'q'],
  ])('refuses %s with 400 naming the field', async (query, field) => {
    const res = await get(`/v1/admin/users?${query}`, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBeDefined();
  });

  it.each(['nonsense', Buffer.from('2020-01-01T00:00:00.000Z|not-a-uuid').toString('base64url')])(
    'refuses a bad cursor %s with 400 INVALID_CURSOR',
    async (cursor) => {
      const res = await get(`/v1/admin/users?cursor=${cursor}`, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_CURSOR');
    },
  );
});

describe('contact messages', () => {
  let a: Awaited<ReturnType<typeof admin>>;
  const at = new Date('2022-03-01T12:00:00.000Z');
  const ids: string[] = [];
  beforeAll(async () => {
    a = await admin({ permissions: { users: true } });
    // Five messages, three stored at the same instant.
    for (let i = 0; i < 5; i++) {
      const created = new Date(at.getTime() + (i < 3 ? 0 : i * 1000));
      const [r] = await rows<{ id: string }>(sql`insert into contact_messages
        (name, email, subject, message, ip, created_at)
        values (${`Name ${i}`}, ${`c${i}@example.com`}, 'technical', ${`Message ${i}`},
          '192.0.2.1', ${created.toISOString()}) returning id`);
      ids.push(r!.id);
    }
  });

  type ContactList = {
    items: { id: string; email: string; handledAt: string | null; handledBy: string | null }[];
    open: number;
    nextCursor: string | null;
  };
  const list = async (query = '') => {
    const res = await get(`/v1/admin/contact-messages?${query}`, a.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ContactList;
  };

  it('lists newest first, paged without skipping or repeating, with the open count', async () => {
    const expected = await rows<{ id: string }>(
      sql`select id from contact_messages order by created_at desc, id desc`,
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ContactList = await list(`limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.open).toBe(5);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(expected.map((r) => r.id));
    expect((await list()).items[0]).toMatchObject({
      id: ids[4],
      name: 'Name 4',
      email: 'c4@example.com',
      subject: 'technical',
      message: 'Message 4',
      createdAt: new Date(at.getTime() + 4000).toISOString(),
      handledAt: null,
      handledBy: null,
    });
  });

  it('marks handled and reopens, audited; filters by status', async () => {
    const url = `/v1/admin/contact-messages/${ids[1]}`;
    const handled = await patch(url, { handled: true }, a.cookie);
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json()).toMatchObject({
      id: ids[1],
      handledAt: t.clock.now().toISOString(),
      handledBy: a.email,
    });
    expect((await list()).open).toBe(4);
    expect((await list('status=handled')).items.map((i) => i.id)).toEqual([ids[1]]);
    expect((await list('status=open')).items.map((i) => i.id)).not.toContain(ids[1]);
    expect((await list('status=open')).items).toHaveLength(4);

    // Again: nothing changes (the first handler and time stay), nothing more audited.
    t.clock.advance(60_000);
    const again = await patch(url, { handled: true }, a.cookie);
    expect(again.json().handledAt).toBe(handled.json().handledAt);

    const reopened = await patch(url, { handled: false }, a.cookie);
    expect(reopened.json()).toMatchObject({ handledAt: null, handledBy: null });
    expect((await list()).open).toBe(5);

    const audit = await rows<{ actor: string; actor_id: string; action: string; target: string }>(
      sql`select actor, actor_id, action, target from admin_audit_log
        where target = ${ids[1]} order by created_at, action`,
    );
    expect(audit).toEqual([
      { actor: a.email, actor_id: a.user.id, action: 'contact_message_handled', target: ids[1] },
      { actor: a.email, actor_id: a.user.id, action: 'contact_message_reopened', target: ids[1] },
    ]);
  });

  it('an unknown id is 404 and audits nothing', async () => {
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from admin_audit_log`);
    const res = await patch(
      `/v1/admin/contact-messages/${crypto.randomUUID()}`,
      { handled: true },
      a.cookie,
    );
    expect(res.statusCode).toBe(404);
    expect(await rows(sql`select count(*)::int as n from admin_audit_log`)).toEqual(before);
  });

  it.each([
    [{ handled: 'yes' }, 'handled', 'handled must be true or false'],
    [{}, 'handled', 'handled must be true or false'],
    [{ handled: true, note: 'x' }, 'body', undefined],
  ])('refuses the body %j with 400', async (body, field, message) => {
    const res = await patch(`/v1/admin/contact-messages/${ids[0]}`, body, a.cookie);
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.fields as Record<string, string[]>;
    if (message) expect(fields[field]).toContain(message);
    else expect(Object.keys(fields).length).toBeGreaterThan(0);
  });

  it.each([
    ['status=closed', 'status'],
    ['limit=500', 'limit'],
  ])('refuses the query %s with 400', async (query, field) => {
    const res = await get(`/v1/admin/contact-messages?${query}`, a.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBeDefined();
  });
});

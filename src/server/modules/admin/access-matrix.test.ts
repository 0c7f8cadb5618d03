import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPermission } from '../../../shared/admin.ts';
import {
  adminUsers,
  blogPosts,
  contactMessages,
  siteSettings,
  telegramBotState,
  users,
} from '../../db/schema.ts';
import { allBut, newEmail, only, putAdmin, signInAdmin, signInUser } from '../../test/admin.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { startFakeProvider, type FakeProvider } from '../../test/fake-provider.ts';

/**
 * Every route under /v1/admin × every kind of caller: anonymous 401, plain user 403, inactive
 * admin 403, admin without the permission 403, admin with it 2xx, super admin 2xx; a refusal
 * carries only the error, and changes nothing. A route registered under /v1/admin but missing
 * from MATRIX fails the first test: add its row.
 */

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
/**
 * One permission, or super admins only: no route under /v1/admin is open to every admin (the
 * dashboard's sections each need the permission of the data they show).
 */
type Need = AdminPermission | 'super_admin';
/** One request to make; `untouched` tells whether a refused request left the data as it was. */
type Sample = { url: string; payload?: unknown; untouched?: () => Promise<boolean> };
type Row = {
  method: Method;
  /** The route as registered (Fastify's url, with :params). */
  url: string;
  need: Need;
  /** A fresh sample request for each call (writes get their own target). */
  sample: () => Promise<Sample> | Sample;
};

let t: TestApp;

/** An administrator to edit or delete, and a check that it is still as it was made. */
async function targetAdmin() {
  const email = newEmail('target');
  const { adminId } = await putAdmin(t, email, { role: 'admin' });
  const untouched = async () => {
    const [row] = await t.database.db.select().from(adminUsers).where(eq(adminUsers.id, adminId));
    return row?.role === 'admin' && row.isActive;
  };
  return { adminId, untouched };
}
/** A blog post to read, edit or delete, and a check that it is still there as it was made. */
async function targetPost() {
  const slug = `matrix-${randomUUID().slice(0, 8)}`;
  const [row] = await t.database.db
    .insert(blogPosts)
    .values({ title: 'Matrix post', slug, excerpt: 'E', content: 'C', contentHtml: '<p>C</p>' })
    .returning({ id: blogPosts.id });
  const untouched = async () => {
    const [p] = await t.database.db.select().from(blogPosts).where(eq(blogPosts.id, row!.id));
    return p?.title === 'Matrix post' && p.published;
  };
  return { id: row!.id, untouched };
}
/** The saved Telegram bot token as stored (encrypted), or null. */
async function botToken() {
  const [row] = await t.database.db.select().from(telegramBotState);
  return row?.tokenEnc ?? null;
}
const noPost = (slug: string) => async () =>
  (await t.database.db.select().from(blogPosts).where(eq(blogPosts.slug, slug))).length === 0;

const noUser = (email: string) => async () =>
  (await t.database.db.select().from(users).where(eq(users.email, email))).length === 0;

const MATRIX: Row[] = [
  {
    method: 'GET',
    url: '/v1/admin/admins',
    need: 'users',
    sample: () => ({ url: '/v1/admin/admins?q=example&status=all' }),
  },
  {
    method: 'POST',
    url: '/v1/admin/admins',
    need: 'super_admin',
    sample: () => {
      const email = newEmail('made');
      return { url: '/v1/admin/admins', payload: { email }, untouched: noUser(email) };
    },
  },
  {
    method: 'PATCH',
    url: '/v1/admin/admins/:id',
    need: 'super_admin',
    sample: async () => {
      const { adminId, untouched } = await targetAdmin();
      return { url: `/v1/admin/admins/${adminId}`, payload: { role: 'editor' }, untouched };
    },
  },
  {
    method: 'DELETE',
    url: '/v1/admin/admins/:id',
    need: 'super_admin',
    sample: async () => {
      const { adminId, untouched } = await targetAdmin();
      return { url: `/v1/admin/admins/${adminId}`, untouched };
    },
  },
  {
    method: 'GET',
    url: '/v1/admin/audit',
    need: 'super_admin',
    sample: () => ({ url: '/v1/admin/audit?limit=5' }),
  },
  {
    method: 'GET',
    url: '/v1/admin/users',
    need: 'users',
    sample: () => ({ url: '/v1/admin/users?q=example&status=all&limit=5' }),
  },
  {
    method: 'GET',
    url: '/v1/admin/contact-messages',
    need: 'users',
    sample: () => ({ url: '/v1/admin/contact-messages?status=open' }),
  },
  {
    method: 'PATCH',
    url: '/v1/admin/contact-messages/:id',
    need: 'users',
    sample: async () => {
      const [row] = await t.database.db
        .insert(contactMessages)
        .values({ name: 'A', email: 'a@example.com', subject: 'other', message: 'Hi', ip: '::1' })
        .returning({ id: contactMessages.id });
      const untouched = async () => {
        const [m] = await t.database.db
          .select()
          .from(contactMessages)
          .where(eq(contactMessages.id, row!.id));
        return m?.handledAt === null;
      };
      return {
        url: `/v1/admin/contact-messages/${row!.id}`,
        payload: { handled: true },
        untouched,
      };
    },
  },
  {
    method: 'GET',
    url: '/v1/admin/newsletter',
    need: 'users',
    sample: () => ({ url: '/v1/admin/newsletter?q=example&limit=5' }),
  },
  {
    method: 'GET',
    url: '/v1/admin/newsletter/export',
    need: 'users',
    sample: () => ({ url: '/v1/admin/newsletter/export' }),
  },
  {
    method: 'GET',
    url: '/v1/admin/dashboard/users',
    need: 'users',
    sample: () => ({ url: '/v1/admin/dashboard/users' }),
  },
  {
    method: 'GET',
    url: '/v1/admin/dashboard/blog',
    need: 'blog',
    sample: () => ({ url: '/v1/admin/dashboard/blog' }),
  },
  {
    method: 'GET',
    url: '/v1/admin/dashboard/activity',
    need: 'analytics',
    sample: () => ({ url: '/v1/admin/dashboard/activity' }),
  },
  {
    method: 'GET',
    url: '/v1/admin/settings',
    need: 'settings',
    sample: () => ({ url: '/v1/admin/settings' }),
  },
  {
    method: 'PUT',
    url: '/v1/admin/settings/:key',
    need: 'settings',
    sample: () => {
      const value = `Site ${randomUUID().slice(0, 8)}`;
      return {
        url: '/v1/admin/settings/site_name',
        payload: { value },
        untouched: async () => (await storedSetting('site_name')) !== value,
      };
    },
  },
  {
    method: 'POST',
    url: '/v1/admin/settings/reset',
    need: 'settings',
    sample: async () => {
      await t.database.db
        .insert(siteSettings)
        .values({ key: 'blog_enabled', value: false })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value: false } });
      return {
        url: '/v1/admin/settings/reset',
        untouched: async () => (await storedSetting('blog_enabled')) === false,
      };
    },
  },
  {
    method: 'PUT',
    url: '/v1/admin/telegram-bot',
    need: 'settings',
    sample: () => ({
      url: '/v1/admin/telegram-bot',
      payload: { token: BOT_TOKEN },
      untouched: async () => (await botToken()) === null,
    }),
  },
  {
    method: 'DELETE',
    url: '/v1/admin/telegram-bot',
    need: 'settings',
    sample: async () => {
      await t.database.db
        .insert(telegramBotState)
        .values({ id: 1, tokenEnc: 'saved' })
        .onConflictDoUpdate({ target: telegramBotState.id, set: { tokenEnc: 'saved' } });
      return {
        url: '/v1/admin/telegram-bot',
        untouched: async () => (await botToken()) === 'saved',
      };
    },
  },
  {
    method: 'GET',
    url: '/v1/admin/posts',
    need: 'blog',
    sample: () => ({ url: '/v1/admin/posts?q=matrix&status=all&limit=5' }),
  },
  {
    method: 'GET',
    url: '/v1/admin/posts/:id',
    need: 'blog',
    sample: async () => ({ url: `/v1/admin/posts/${(await targetPost()).id}` }),
  },
  {
    method: 'POST',
    url: '/v1/admin/posts',
    need: 'blog',
    sample: () => {
      const slug = `made-${randomUUID().slice(0, 8)}`;
      return {
        url: '/v1/admin/posts',
        payload: { title: 'Made', slug, excerpt: 'E', content: 'C' },
        untouched: noPost(slug),
      };
    },
  },
  {
    method: 'PATCH',
    url: '/v1/admin/posts/:id',
    need: 'blog',
    sample: async () => {
      const { id, untouched } = await targetPost();
      return { url: `/v1/admin/posts/${id}`, payload: { published: false }, untouched };
    },
  },
  {
    method: 'DELETE',
    url: '/v1/admin/posts/:id',
    need: 'blog',
    sample: async () => {
      const { id, untouched } = await targetPost();
      return { url: `/v1/admin/posts/${id}`, untouched };
    },
  },
  {
    method: 'POST',
    url: '/v1/admin/posts/preview',
    need: 'blog',
    sample: () => ({ url: '/v1/admin/posts/preview', payload: { content: '# Hi' } }),
  },
  {
    method: 'GET',
    url: '/v1/admin/analytics',
    need: 'analytics',
    sample: () => ({ url: '/v1/admin/analytics?range=30d&type=page_view&utcOffset=60' }),
  },
  {
    method: 'GET',
    url: '/v1/admin/analytics/export',
    need: 'analytics',
    sample: () => ({ url: '/v1/admin/analytics/export?range=1d' }),
  },
];

async function storedSetting(key: string) {
  const [row] = await t.database.db.select().from(siteSettings).where(eq(siteSettings.key, key));
  return row?.value;
}

type Caller =
  | 'anonymous'
  | 'user'
  | 'inactive admin'
  | 'admin without the permission'
  | 'admin with it'
  | 'super admin';
const CALLERS: Caller[] = [
  'anonymous',
  'user',
  'inactive admin',
  'admin without the permission',
  'admin with it',
  'super admin',
];

/** The session cookie of a caller for a route's need. */
async function cookieOf(caller: Caller, need: Need): Promise<string> {
  switch (caller) {
    case 'anonymous':
      return '';
    case 'user':
      return (await signInUser(t)).cookie;
    case 'inactive admin':
      // Even an inactive super admin is nobody.
      return (await signInAdmin(t, { role: 'super_admin', isActive: false })).cookie;
    case 'admin without the permission':
      if (need === 'super_admin') return (await signInAdmin(t, { role: 'admin' })).cookie;
      return (await signInAdmin(t, { role: 'admin', permissions: allBut(need) })).cookie;
    case 'admin with it':
      if (need === 'super_admin')
        return (await signInAdmin(t, { role: 'super_admin', permissions: only() })).cookie;
      return (await signInAdmin(t, { role: 'editor', permissions: only(need) })).cookie;
    case 'super admin':
      return (await signInAdmin(t, { role: 'super_admin' })).cookie;
  }
}

const expected = (caller: Caller) =>
  caller === 'anonymous' ? 401 : caller === 'admin with it' || caller === 'super admin' ? 200 : 403;

/** A Bot API on 127.0.0.1 that knows every token (the Telegram bot token routes check it). */
let botApi: FakeProvider;
const BOT_TOKEN = '123456:matrix-token-of-the-site-bot-00';

beforeAll(async () => {
  botApi = await startFakeProvider((req, res) => {
    req.resume();
    res.setHeader('content-type', 'application/json');
    res.end('{"ok":true,"result":{"id":1,"username":"matrix_bot"}}');
  });
  t = await createTestApp({
    env: { TELEGRAM_API_URL: botApi.origin, PROVIDER_ALLOWLIST: botApi.hostPort },
  });
});
afterAll(async () => {
  await t.close();
  await botApi.close();
});

describe('admin route × role matrix', () => {
  it('covers every route registered under /v1/admin, and only those', () => {
    const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
    const registered = new Set(
      t.app
        .routesList()
        .filter((r) => r.url === '/v1/admin' || r.url.startsWith('/v1/admin/'))
        // HEAD routes are Fastify's copies of the GET ones (same hooks and handler).
        .map((r) => key({ method: r.method === 'HEAD' ? 'GET' : r.method, url: r.url })),
    );
    expect(registered.size).toBeGreaterThan(0);
    const inMatrix = new Set(MATRIX.map(key));
    expect(
      [...registered].filter((r) => !inMatrix.has(r)),
      'routes missing from MATRIX',
    ).toEqual([]);
    expect(
      [...inMatrix].filter((r) => !registered.has(r)),
      'MATRIX rows with no route',
    ).toEqual([]);
  });

  const cases = MATRIX.flatMap((row) => CALLERS.map((caller) => ({ row, caller })));
  it.each(cases)('$row.method $row.url ($row.need) by $caller', async ({ row, caller }) => {
    const cookie = await cookieOf(caller, row.need);
    const sample = await row.sample();
    const res = await t.app.inject({
      method: row.method,
      url: sample.url,
      ...(cookie ? { headers: { cookie } } : {}),
      ...(sample.payload !== undefined ? { payload: sample.payload as object } : {}),
    });
    const want = expected(caller);
    if (want === 200) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, res.body).toBeLessThan(300);
      return;
    }
    expect(res.statusCode, res.body).toBe(want);
    const body = res.json() as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error).toEqual({
      code: want === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN',
      message: expect.any(String),
    });
    if (sample.untouched) expect(await sample.untouched()).toBe(true);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DASHBOARD_DAYS,
  type AdminDashboardActivity,
  type AdminDashboardBlog,
  type AdminDashboardUsers,
} from '../../../shared/admin.ts';
import type { AdminPermission } from '../../../shared/admin-access.ts';
import { only, signInAdmin } from '../../test/admin.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { zeroFilled } from './admin-data.service.ts';

/**
 * The admin dashboard's sections: `GET /v1/admin/dashboard/users`, `/blog` and `/activity`, the
 * charts' series (zero-filled, UTC days) and lists, each section under its own permission.
 */

let t: TestApp;
const NOW = new Date('2030-06-15T10:00:00.000Z');
const DAY = 86_400_000;
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const exec = async <T>(q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
});
afterAll(() => t.close());

describe('zeroFilled', () => {
  it('gives every day oldest first, with zeros where nothing was counted', () => {
    expect(
      zeroFilled(new Date('2030-03-01T23:59:00Z'), 3, [
        { date: '2030-03-01', count: 4 },
        { date: '2030-02-20', count: 9 }, // outside: ignored
      ]),
    ).toEqual([
      { date: '2030-02-27', count: 0 },
      { date: '2030-02-28', count: 0 },
      { date: '2030-03-01', count: 4 },
    ]);
  });
});

const SECTIONS = { users: 'users', blog: 'blog', activity: 'analytics' } as const;
type Section = keyof typeof SECTIONS;
const read = async <T>(app: TestApp, section: Section, cookie: string) => {
  const res = await app.app.inject({ url: `/v1/admin/dashboard/${section}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json() as T;
};
/** An editor with exactly the permissions the three sections need. */
const sectionsEditor = (app: TestApp) =>
  signInAdmin(app, { role: 'editor', permissions: only('users', 'blog', 'analytics') });

describe('GET /v1/admin/dashboard/{users,blog,activity}', () => {
  it('series per UTC day for 30 days, categories, popular posts and recent events', async () => {
    // Users: 2 today, 1 at the first day's start, 1 just before the window, 1 yesterday 23:59:59.999.
    await exec(sql`insert into users (email, created_at) values
      ('d1@dash.test', ${ago(0)}), ('d2@dash.test', '2030-06-15T00:00:00.000Z'),
      ('d3@dash.test', '2030-05-17T00:00:00.000Z'), ('d4@dash.test', '2030-05-16T23:59:59.999Z'),
      ('d5@dash.test', '2030-06-14T23:59:59.999Z')`);
    // Message counts are read from message_daily_counts (kept by triggers on messages).
    await exec(sql`insert into message_daily_counts (day, total) values
      ('2030-06-15', 1000000), ('2030-06-01', 7), ('2030-05-16', 99)`);
    await exec(sql`insert into blog_posts
      (title, slug, excerpt, content, category, published, view_count, like_count, read_time, created_at)
      values
      ('S1', 's1', 'e', 'c', 'Security', true, 50, 3, '3 min read', ${ago(DAY)}),
      ('S2', 's2', 'e', 'c', 'Security', true, 10, 0, '5 min read', ${ago(2 * DAY)}),
      ('T1', 't1', 'e', 'c', 'Technical', true, 70, 1, '7 min read', ${ago(3 * DAY)}),
      ('G1', 'g1', 'e', 'c', 'General', true, 5, 0, '5 min read', ${ago(4 * DAY)}),
      ('B1', 'b1', 'e', 'c', 'Business', true, 40, 2, '5 min read', ${ago(5 * DAY)}),
      ('S3', 's3', 'e', 'c', 'Security', true, 1, 0, '5 min read', ${ago(6 * DAY)}),
      ('Draft', 'draft', 'e', 'c', 'Technical', false, 999, 9, '5 min read', ${ago(0)})`);
    await exec(sql`insert into analytics_events (event_type, page_url, created_at)
      select 'page_view', '/e' || g, ${NOW.toISOString()}::timestamptz - g * interval '1 minute'
      from generate_series(1, 15) g`);

    const admin = await sectionsEditor(t);
    const u = await read<AdminDashboardUsers>(t, 'users', admin.cookie);
    const b = await read<AdminDashboardBlog>(t, 'blog', admin.cookie);
    const a = await read<AdminDashboardActivity>(t, 'activity', admin.cookie);
    const d = { ...u, ...b, ...a };

    for (const section of [u, b, a]) expect(section.generatedAt).toBe(NOW.toISOString());
    expect(b.totalBlogPosts).toBe(6);
    for (const series of [d.userGrowth, d.messageVolume]) {
      expect(series).toHaveLength(DASHBOARD_DAYS);
      expect(series[0]!.date).toBe('2030-05-17');
      expect(series.at(-1)!.date).toBe('2030-06-15');
    }
    const nonZero = (s: { date: string; count: number }[]) => s.filter((p) => p.count > 0);
    // The admin signed in above was created by the database's clock, far from the test clock's 2030.
    expect(nonZero(d.userGrowth)).toEqual([
      { date: '2030-05-17', count: 1 },
      { date: '2030-06-14', count: 1 },
      { date: '2030-06-15', count: 2 },
    ]);
    expect(nonZero(d.messageVolume)).toEqual([
      { date: '2030-06-01', count: 7 },
      { date: '2030-06-15', count: 1_000_000 },
    ]);
    expect(d.topCategories).toEqual([
      { category: 'Security', count: 3 },
      { category: 'Business', count: 1 },
      { category: 'General', count: 1 },
      { category: 'Technical', count: 1 },
    ]);
    expect(d.popularPosts.map((p) => [p.title, p.viewCount])).toEqual([
      ['T1', 70],
      ['S1', 50],
      ['B1', 40],
      ['S2', 10],
      ['G1', 5],
    ]);
    expect(d.popularPosts[1]).toMatchObject({
      slug: 's1',
      category: 'Security',
      readTime: '3 min read',
      likeCount: 3,
      id: expect.any(String),
    });
    expect(d.recentEvents).toHaveLength(10);
    expect(d.recentEvents.map((e) => e.pageUrl)).toEqual(
      Array.from({ length: 10 }, (_, i) => `/e${i + 1}`),
    );
    expect(d.recentEvents[0]).toEqual({
      id: expect.any(String),
      type: 'page_view',
      userId: null,
      pageUrl: '/e1',
      createdAt: ago(60_000),
    });
  });

  it('answers empty lists and zero series on an empty database', async () => {
    const fresh = await createTestApp();
    try {
      fresh.clock.set(NOW);
      const admin = await sectionsEditor(fresh);
      const d = {
        ...(await read<AdminDashboardUsers>(fresh, 'users', admin.cookie)),
        ...(await read<AdminDashboardBlog>(fresh, 'blog', admin.cookie)),
        ...(await read<AdminDashboardActivity>(fresh, 'activity', admin.cookie)),
      };
      expect(d.userGrowth.every((p) => p.count === 0)).toBe(true);
      expect(d.messageVolume.every((p) => p.count === 0)).toBe(true);
      expect(d.messageVolume).toHaveLength(DASHBOARD_DAYS);
      expect(d.totalBlogPosts).toBe(0);
      expect(d.topCategories).toEqual([]);
      expect(d.popularPosts).toEqual([]);
      expect(d.recentEvents).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});

describe('each dashboard section needs the permission of the data it shows', () => {
  const status = async (cookie: string, url: string) =>
    (await t.app.inject({ url, headers: { cookie } })).statusCode;

  it('refuses an editor with only the blog permission the user figures and the events', async () => {
    const editor = await signInAdmin(t, { role: 'editor', permissions: only('blog') });
    for (const url of ['/v1/admin/dashboard/users', '/v1/admin/dashboard/activity']) {
      const res = await t.app.inject({ url, headers: { cookie: editor.cookie } });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    }
    expect(await status(editor.cookie, '/v1/admin/dashboard/blog')).toBe(200);
    // The former combined reads (any active admin) are gone.
    for (const url of ['/v1/admin/dashboard', '/v1/admin/stats']) {
      const res = await t.app.inject({ url, headers: { cookie: editor.cookie } });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('userId');
      expect(res.body).not.toContain('totalUsers');
    }
  });

  it.each(Object.entries(SECTIONS) as [Section, AdminPermission][])(
    '/v1/admin/dashboard/%s: permission %s only, or a super admin',
    async (section, permission) => {
      const url = `/v1/admin/dashboard/${section}`;
      const withIt = await signInAdmin(t, { role: 'editor', permissions: only(permission) });
      expect(await status(withIt.cookie, url)).toBe(200);
      const others = (['blog', 'users', 'analytics', 'settings'] as const).filter(
        (p) => p !== permission,
      );
      const without = await signInAdmin(t, { role: 'admin', permissions: only(...others) });
      expect(await status(without.cookie, url)).toBe(403);
      const root = await signInAdmin(t, { role: 'super_admin', permissions: only() });
      expect(await status(root.cookie, url)).toBe(200);
    },
  );
});

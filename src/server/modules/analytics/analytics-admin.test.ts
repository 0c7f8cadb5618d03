import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANALYTICS_CSV_COLUMNS, type AnalyticsSummary } from '../../../shared/analytics.ts';
import { only, signInAdmin } from '../../test/admin.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { EXPORT_PAGE } from './analytics.service.ts';

/** GET /v1/admin/analytics and its CSV export, against events stored at known times. */

/** RFC 4180 records (quoted cells with doubled quotes, commas and newlines inside), for checking. */
function parse(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

let t: TestApp;
let cookie: string;
const NOW = new Date('2030-06-15T10:00:00.000Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const U = '00000000-0000-4000-8000-0000000000aa';

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  cookie = (await signInAdmin(t, { role: 'editor', permissions: only('analytics') })).cookie;
  await t.database.db.execute(
    sql`insert into users (id, email) values (${U}, 'analytics-user@example.com')`,
  );
});
afterAll(() => t.close());

type Ev = {
  type: string;
  at: string;
  session?: string | null;
  user?: string | null;
  page?: string | null;
  ua?: string | null;
  data?: Record<string, unknown>;
};
async function insert(...events: Ev[]) {
  for (const e of events) {
    await t.database.db.execute(sql`insert into analytics_events
      (event_type, event_data, user_id, session_id, page_url, user_agent, created_at)
      values (${e.type}, ${JSON.stringify(e.data ?? {})}::jsonb, ${e.user ?? null},
        ${e.session ?? null}, ${e.page ?? null}, ${e.ua ?? null}, ${e.at}::timestamptz)`);
  }
}

const get = (url: string) => t.app.inject({ url, headers: { cookie } });
const summary = async (query: string) => {
  const res = await get(`/v1/admin/analytics?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AnalyticsSummary;
};

describe('GET /v1/admin/analytics', () => {
  beforeAll(async () => {
    await t.database.db.execute(sql`delete from analytics_events`);
    await insert(
      // Within 1 day: session s1 lasts 10 minutes; an admin event with no session.
      { type: 'page_view', at: ago(HOUR), session: 's1', page: '/a?x=1', data: { n: 1 } },
      { type: 'page_view', at: ago(50 * MIN), session: 's1', page: '/a?y=2' },
      { type: 'admin_user_created', at: ago(3 * HOUR), user: U, data: { email: 'x@y.z' } },
      // 2 days ago: session s2, one event.
      { type: 'page_view', at: ago(2 * DAY), session: 's2', page: '/b' },
      // 10 days ago: the signed-in user U in session s3 (counted once with the admin event).
      { type: 'blog_post_shared', at: ago(10 * DAY), session: 's3', user: U, page: '/blog/p' },
      // 40 days ago: s4.
      { type: 'page_view', at: ago(40 * DAY), session: 's4', page: '/c' },
      // 100 days ago: outside every range.
      { type: 'page_view', at: ago(100 * DAY), session: 's5', page: '/d' },
    );
  });

  it('1d: the last 24 hours only', async () => {
    const s = await summary('range=1d');
    expect(s.range).toBe('1d');
    expect(s.from).toBe(ago(DAY));
    expect(s.to).toBe(NOW.toISOString());
    expect(s.totals).toEqual({
      events: 3,
      uniqueUsers: 2,
      pageViews: 2,
      sessions: 1,
      avgSessionSeconds: 600,
    });
    expect(s.types).toEqual([
      { type: 'page_view', count: 2 },
      { type: 'admin_user_created', count: 1 },
    ]);
    expect(s.topPages).toEqual([{ path: '/a', count: 2 }]);
    expect(s.events.map((e) => [e.type, e.pageUrl])).toEqual([
      ['page_view', '/a?y=2'],
      ['page_view', '/a?x=1'],
      ['admin_user_created', null],
    ]);
    expect(s.events[1]).toMatchObject({
      sessionId: 's1',
      userId: null,
      data: { n: 1 },
      createdAt: ago(HOUR),
    });
    expect(s.events[2]).toMatchObject({ userId: U, data: { email: 'x@y.z' } });
  });

  it('7d, 30d and 90d each take in more, and never the event of 100 days ago', async () => {
    const d7 = await summary('range=7d');
    expect(d7.totals).toEqual({
      events: 4,
      uniqueUsers: 3,
      pageViews: 3,
      sessions: 2,
      avgSessionSeconds: 300,
    });
    expect(d7.topPages).toEqual([
      { path: '/a', count: 2 },
      { path: '/b', count: 1 },
    ]);
    const d30 = await summary('range=30d');
    expect(d30.totals).toEqual({
      events: 5,
      uniqueUsers: 3, // U again, in session s3
      pageViews: 3,
      sessions: 3,
      avgSessionSeconds: 200,
    });
    const d90 = await summary('range=90d');
    expect(d90.totals).toEqual({
      events: 6,
      uniqueUsers: 4,
      pageViews: 4,
      sessions: 4,
      avgSessionSeconds: 150,
    });
    expect(d90.events).toHaveLength(6);
    expect(d90.events.map((e) => e.pageUrl)).not.toContain('/d');
  });

  it('defaults to 7d', async () => {
    const s = await summary('');
    expect(s.range).toBe('7d');
    expect(s.totals.events).toBe(4);
  });

  it('buckets by hour of day in the viewer offset', async () => {
    // 09:00Z and 09:10Z (s1), 07:00Z (admin event).
    const utc = await summary('range=1d');
    expect(utc.hourly).toHaveLength(24);
    expect(utc.hourly[9]).toBe(2);
    expect(utc.hourly[7]).toBe(1);
    expect(utc.hourly.reduce((a, b) => a + b, 0)).toBe(3);
    const east = await summary('range=1d&utcOffset=150'); // +02:30
    expect(east.hourly[11]).toBe(2); // 09:00 and 09:10 → 11:30 and 11:40
    expect(east.hourly[9]).toBe(1); // 07:00 → 09:30
    expect(east.hourly[0]).toBe(0);
    const west = await summary('range=1d&utcOffset=-600'); // −10:00, the day before
    expect(west.hourly[23]).toBe(2);
    expect(west.hourly[21]).toBe(1);
  });

  it('the type filter applies to every figure', async () => {
    const pv = await summary('range=90d&type=page_view');
    expect(pv.totals).toMatchObject({ events: 4, pageViews: 4, uniqueUsers: 3, sessions: 3 });
    expect(pv.types).toEqual([{ type: 'page_view', count: 4 }]);
    expect(pv.events.every((e) => e.type === 'page_view')).toBe(true);
    const shared = await summary('range=90d&type=blog_post_shared');
    expect(shared.totals).toEqual({
      events: 1,
      uniqueUsers: 1,
      pageViews: 0,
      sessions: 1,
      avgSessionSeconds: 0,
    });
    expect(shared.topPages).toEqual([]);
    const admin = await summary('range=1d&type=admin_user_created');
    expect(admin.totals).toMatchObject({ events: 1, sessions: 0, avgSessionSeconds: null });
    const none = await summary('range=1d&type=newsletter_subscribed');
    expect(none.totals).toEqual({
      events: 0,
      uniqueUsers: 0,
      pageViews: 0,
      sessions: 0,
      avgSessionSeconds: null,
    });
    expect(none.hourly).toEqual(Array(24).fill(0));
    expect(none.events).toEqual([]);
  });

  it('keeps the 10 most frequent types and pages, and the newest 50 events', async () => {
    await insert(
      ...Array.from({ length: 12 }, (_, i) => ({
        type: 'page_view',
        at: ago(5 * DAY + i * MIN),
        session: `many${i}`,
        page: `/p${String(i).padStart(2, '0')}`,
      })),
      ...Array.from({ length: 50 }, (_, i) => ({
        type: 'blog_post_viewed',
        at: ago(6 * DAY + i * MIN),
      })),
    );
    try {
      const s = await summary('range=7d');
      expect(s.topPages).toHaveLength(10);
      expect(s.topPages[0]).toEqual({ path: '/a', count: 2 });
      expect(s.types[0]).toEqual({ type: 'blog_post_viewed', count: 50 });
      expect(s.events).toHaveLength(50);
      const times = s.events.map((e) => e.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
    } finally {
      await t.database.db.execute(
        sql`delete from analytics_events where session_id like 'many%' or event_type = 'blog_post_viewed'`,
      );
    }
  });

  it.each([
    ['range=2d', 'range'],
    ['range=7', 'range'],
    ['type=made_up', 'type'],
    ['utcOffset=900', 'utcOffset'],
    ['utcOffset=abc', 'utcOffset'],
  ])('answers 400 to %s', async (query, field) => {
    const res = await get(`/v1/admin/analytics?${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(res.json().error.fields)).toEqual([field]);
  });
});

describe('GET /v1/admin/analytics/export', () => {
  beforeEach(async () => {
    await t.database.db.execute(sql`delete from analytics_events`);
  });

  const exportCsv = async (query = '') => {
    const res = await get(`/v1/admin/analytics/export${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('streams a CSV file with the product columns, newest first, formula cells defused', async () => {
    await insert(
      { type: 'page_view', at: ago(HOUR), user: U, page: '/x?a=1,b="2"', ua: 'Agent, "quoted"' },
      { type: 'page_view', at: ago(2 * HOUR), page: '=HYPERLINK("http://evil")', ua: '@SUM(1)' },
      { type: 'blog_post_shared', at: ago(3 * HOUR), page: '+1', ua: '-2' },
      { type: 'page_view', at: ago(8 * DAY), page: '/outside-7d' },
    );
    const res = await exportCsv();
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="analytics-2030-06-15.csv"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = parse(res.body) as string[][];
    expect(rows).toEqual([
      [...ANALYTICS_CSV_COLUMNS],
      ['page_view', U, '/x?a=1,b="2"', ago(HOUR), 'Agent, "quoted"'],
      ['page_view', '', `'=HYPERLINK("http://evil")`, ago(2 * HOUR), `'@SUM(1)`],
      ['blog_post_shared', '', `'+1`, ago(3 * HOUR), `'-2`],
    ]);
  });

  it('filters by range and type', async () => {
    await insert(
      { type: 'page_view', at: ago(HOUR), page: '/1' },
      { type: 'blog_post_shared', at: ago(2 * HOUR), page: '/2' },
      { type: 'page_view', at: ago(20 * DAY), page: '/3' },
    );
    const pages = async (q: string) =>
      (parse((await exportCsv(q)).body) as string[][]).slice(1).map((r) => r[2]);
    expect(await pages('?range=1d')).toEqual(['/1', '/2']);
    expect(await pages('?range=30d&type=page_view')).toEqual(['/1', '/3']);
    expect(await pages('?range=1d&type=newsletter_subscribed')).toEqual([]);
    const bad = await get('/v1/admin/analytics/export?range=365d');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('range');
  });

  it('reads page after page: every row once, in order, across pages and equal times', async () => {
    const n = EXPORT_PAGE * 2 + 345;
    // Pairs of events share a time, so the keyset must order by id as well.
    await t.database.db.execute(sql`insert into analytics_events (event_type, page_url, created_at)
      select 'page_view', '/n' || g,
        ${NOW.toISOString()}::timestamptz - (g / 2) * interval '1 second'
      from generate_series(1, ${n}) g`);
    const rows = (parse((await exportCsv('?range=1d')).body) as string[][]).slice(1);
    expect(rows).toHaveLength(n);
    expect(new Set(rows.map((r) => r[2])).size).toBe(n);
    const times = rows.map((r) => r[3]!);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('HEAD answers the download headers without running the export', async () => {
    // With the table out of the way, any read of it would fail: a 200 proves none was made.
    await t.database.db.execute(sql`alter table analytics_events rename to analytics_events_away`);
    try {
      const res = await t.app.inject({
        method: 'HEAD',
        url: '/v1/admin/analytics/export?range=30d',
        headers: { cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="analytics-2030-06-15.csv"',
      );
      expect(res.headers['content-length']).toBeUndefined(); // not "0": the file is not empty
      expect(res.body).toBe('');
    } finally {
      await t.database.db.execute(
        sql`alter table analytics_events_away rename to analytics_events`,
      );
    }
  });

  it('answers just the header when there is nothing', async () => {
    const res = await exportCsv('?range=1d');
    expect(res.body).toBe(`${ANALYTICS_CSV_COLUMNS.join(',')}\n`);
  });
});

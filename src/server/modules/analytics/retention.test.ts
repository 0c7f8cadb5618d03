import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { only, signInAdmin } from '../../test/admin.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { manualClock } from '../../test/clock.ts';
import { testLogger } from '../../test/logger.ts';
import { analyticsRepository } from './analytics.repository.ts';
import { analyticsRetention } from './retention.ts';

/** Waits for `check` to pass; generous, as a loaded CI machine is slow. */
const waitFor = <T>(check: () => T | Promise<T>) =>
  vi.waitFor(check, { timeout: 10_000, interval: 20 });

/** The retention job: old events and post view marks go, nothing else. */

let t: TestApp;
const NOW = new Date('2030-06-15T10:00:00.000Z');
const DAY = 86_400_000;
const exec = async <T>(q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
const count = async (table: 'analytics_events' | 'blog_post_views') =>
  Number((await exec<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n);

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
});
afterAll(() => t.close());
beforeEach(async () => {
  await exec(sql`delete from analytics_events`);
  await exec(sql`delete from blog_post_views`);
});

const quiet = testLogger().log;

/** `n` events `daysAgo` days (plus `extraMs`) before the test clock's now. */
const eventsAt = (n: number, daysAgo: number, extraMs = 0, page = `/${daysAgo}d`) =>
  exec(sql`insert into analytics_events (event_type, page_url, created_at)
    select 'page_view', ${page}, ${new Date(NOW.getTime() - daysAgo * DAY - extraMs).toISOString()}::timestamptz
    from generate_series(1, ${n})`);

describe('analytics retention', () => {
  it('deletes exactly the events older than analytics_retention_days, in batches', async () => {
    await eventsAt(3, 89); // kept
    await eventsAt(2, 90, -1, '/just-inside'); // 1 ms inside: kept
    await eventsAt(7, 90, 1, '/just-outside'); // 1 ms past: gone
    await eventsAt(6, 200); // gone
    const deletes: number[] = [];
    const repo = analyticsRepository(t.database.db);
    const job = analyticsRetention({
      repo: {
        pruneEvents: async (before, batch) => {
          const n = await repo.pruneEvents(before, batch);
          deletes.push(n);
          return n;
        },
        pruneViews: repo.pruneViews,
      },
      retentionDays: async () => 90,
      now: t.clock.now,
      log: quiet,
      batch: 4,
      pauseMs: 1,
    });
    expect(await job.runOnce()).toEqual({ events: 13, views: 0 });
    // 13 old rows in statements of at most 4, the last one short.
    expect(deletes).toEqual([4, 4, 4, 1]);
    const left = await exec<{ page_url: string }>(
      sql`select page_url from analytics_events order by page_url`,
    );
    expect(left.map((r) => r.page_url)).toEqual([
      '/89d',
      '/89d',
      '/89d',
      '/just-inside',
      '/just-inside',
    ]);
  });

  it('follows the setting (through the app), and prunes post view marks before today − 2', async () => {
    const admin = await signInAdmin(t, { role: 'editor', permissions: only('settings') });
    const put = await t.app.inject({
      method: 'PUT',
      url: '/v1/admin/settings/analytics_retention_days',
      payload: { value: 7 },
      headers: { cookie: admin.cookie },
    });
    expect(put.statusCode, put.body).toBe(200);
    await t.app.analytics.flush(); // the site_setting_updated event, stored now
    await eventsAt(2, 6);
    await eventsAt(3, 8);
    const [post] = await exec<{
      id: string;
    }>(sql`insert into blog_posts (title, slug, excerpt, content)
      values ('P', 'retention-post', 'e', 'c') returning id`);
    await exec(sql`insert into blog_post_views (post_id, visitor, day) values
      (${post!.id}, 'a', '2030-06-15'), (${post!.id}, 'a', '2030-06-14'),
      (${post!.id}, 'a', '2030-06-13'), (${post!.id}, 'a', '2030-06-12'),
      (${post!.id}, 'b', '2030-05-01')`);

    expect(await t.app.analyticsRetention.runOnce()).toEqual({ events: 3, views: 2 });
    expect(await count('analytics_events')).toBe(3); // 2 six days old + the setting's event
    const days = await exec<{ day: string }>(
      sql`select to_char(day, 'YYYY-MM-DD') as day from blog_post_views order by day`,
    );
    expect(days.map((r) => r.day)).toEqual(['2030-06-13', '2030-06-14', '2030-06-15']);
    // Nothing more to do on a second run.
    expect(await t.app.analyticsRetention.runOnce()).toEqual({ events: 0, views: 0 });
  });

  it('runs shortly after start, then on its period, and stops cleanly', async () => {
    await eventsAt(5, 100);
    const runs: number[] = [];
    const repo = analyticsRepository(t.database.db);
    const clock = manualClock(NOW);
    const job = analyticsRetention({
      repo: {
        pruneEvents: async (before, batch) => {
          const n = await repo.pruneEvents(before, batch);
          runs.push(n);
          return n;
        },
        pruneViews: repo.pruneViews,
      },
      retentionDays: async () => 90,
      now: clock.now,
      timers: clock,
      log: quiet,
      firstMs: 5,
      everyMs: 20,
    });
    job.start();
    expect(job.started()).toBe(true);
    // The first run 5 ms after start, then one every 20 ms, each scheduled when the last ends.
    expect(clock.pending()).toEqual([5]);
    clock.advance(5);
    await waitFor(() => expect(clock.pending()).toEqual([20]));
    expect(runs).toEqual([5]);
    expect(await count('analytics_events')).toBe(0);
    clock.advance(20);
    await waitFor(() => expect(clock.pending()).toEqual([20]));
    expect(runs).toEqual([5, 0]);
    await job.stop();
    expect(job.started()).toBe(false);
    // Stopped: no run is scheduled any more.
    expect(clock.pending()).toEqual([]);
  });

  it('stop() ends a long run between batches and waits for it', async () => {
    await eventsAt(10, 100);
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const repo = analyticsRepository(t.database.db);
    const job = analyticsRetention({
      repo: {
        pruneEvents: async (before, batch) => {
          calls++;
          const n = await repo.pruneEvents(before, batch);
          if (calls === 1) await gate;
          return n;
        },
        pruneViews: repo.pruneViews,
      },
      retentionDays: async () => 90,
      now: t.clock.now,
      log: quiet,
      batch: 2,
      pauseMs: 10_000,
    });
    const run = job.runOnce();
    await expect.poll(() => calls).toBe(1);
    const stopped = job.stop();
    release();
    await stopped;
    expect(await run).toEqual({ events: 2, views: 0 });
    expect(calls).toBe(1);
    expect(await count('analytics_events')).toBe(8);
  });

  it('a failed run is logged as a warning and the next one still happens', async () => {
    await eventsAt(1, 100);
    let failNext = true;
    const repo = analyticsRepository(t.database.db);
    const logger = testLogger();
    const clock = manualClock(NOW);
    const job = analyticsRetention({
      repo: {
        pruneEvents: async (before, batch) => {
          if (failNext) {
            failNext = false;
            throw new Error('database went away');
          }
          return repo.pruneEvents(before, batch);
        },
        pruneViews: repo.pruneViews,
      },
      retentionDays: async () => 90,
      now: clock.now,
      timers: clock,
      log: logger.log,
      firstMs: 1,
      everyMs: 10,
    });
    job.start();
    try {
      clock.advance(1);
      // The run failed, and the next one is scheduled all the same.
      await waitFor(() => expect(clock.pending()).toEqual([10]));
      expect(logger.messages('warn')).toEqual(['analytics retention failed']);
      expect(await count('analytics_events')).toBe(1);
      clock.advance(10);
      await waitFor(() => expect(clock.pending()).toEqual([10]));
      expect(await count('analytics_events')).toBe(0);
    } finally {
      await job.stop();
    }
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboardBlog, AdminDashboardUsers } from '../../../shared/admin.ts';
import { pollerRepository, type PollOutcome } from '../../poller/poller.repository.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2030-06-15T10:00:00.000Z'));
});
afterAll(() => t.close());

const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
const DAY = 86_400_000;
const ago = (ms: number) => new Date(t.clock.now().getTime() - ms).toISOString();

async function user(email: string, createdAt: string) {
  const [r] = await rows<{ id: string }>(
    sql`insert into users (email, created_at) values (${email}, ${createdAt}) returning id`,
  );
  return r!.id;
}
async function number(userId: string, phone: string) {
  const [r] = await rows<{ id: string }>(sql`insert into voip_numbers
    (user_id, phone_number, api_link_enc, api_host)
    values (${userId}, ${phone}, 'v1:x', 'h.example') returning id`);
  return r!.id;
}
/** `n` messages of a number stored at `createdAt`, in one statement. */
const messagesAt = (numberId: string, n: number, createdAt: string) =>
  rows(sql`insert into messages (voip_number_id, sender, content, received_at, dedupe_key, created_at)
    select ${numberId}, 'S', 'c', ${createdAt}::timestamptz, ${`${createdAt}-`} || g, ${createdAt}::timestamptz
    from generate_series(1, ${n}) g`);

describe('the dashboard stat cards (GET /v1/admin/dashboard/users and /blog)', () => {
  it('counts users, signups this week, numbers, active users, messages and published posts', async () => {
    const admin = await signIn(t, 'stats-admin@example.com');
    await rows(sql`insert into admin_users (user_id, role, permissions) values (${admin.user.id},
      'editor', '{"blog":true,"users":true,"analytics":false,"settings":false}'::jsonb)`);
    // The admin's own row: created and active now (by the database's clock, which the test
    // clock does not move), so set both to the test clock's now.
    await rows(sql`update users set created_at = ${ago(0)} where id = ${admin.user.id}`);
    await rows(sql`update sessions set last_seen_at = ${ago(0)} where user_id = ${admin.user.id}`);

    const old = await user('old@stats.test', ago(30 * DAY));
    const recent = await user('recent@stats.test', ago(6 * DAY));
    await user('edge@stats.test', ago(7 * DAY + 1));
    await rows(sql`insert into sessions (token_hash, user_id, expires_at, last_seen_at) values
      ('s1', ${old}, ${ago(-DAY)}, ${ago(8 * DAY)}),
      ('s2', ${recent}, ${ago(-DAY)}, ${ago(DAY)}),
      ('s3', ${recent}, ${ago(-DAY)}, ${ago(2 * DAY)})`);
    const n1 = await number(old, '5550000001');
    await number(old, '5550000002');
    await number(recent, '5550000003');
    await messagesAt(n1, 3, '2030-06-15T00:00:00.000Z'); // today (UTC)
    await messagesAt(n1, 5, '2030-06-14T23:59:59.999Z'); // yesterday
    await rows(sql`insert into blog_posts (title, slug, excerpt, content, published) values
      ('A', 'a', 'e', 'c', true), ('B', 'b', 'e', 'c', true), ('C', 'c', 'e', 'c', false)`);

    const get = async (section: string) => {
      const res = await t.app.inject({
        url: `/v1/admin/dashboard/${section}`,
        headers: { cookie: admin.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Record<string, unknown>;
    };
    const { userGrowth, messageVolume, ...cards } = (await get('users')) as AdminDashboardUsers;
    expect(userGrowth).toHaveLength(30);
    expect(messageVolume.at(-1)).toEqual({ date: '2030-06-15', count: 3 });
    expect(cards).toEqual({
      totalUsers: 4,
      recentSignups: 2,
      totalNumbers: 3,
      activeUsers: 2,
      totalMessages: 8,
      messagesToday: 3,
      generatedAt: '2030-06-15T10:00:00.000Z',
    } satisfies Omit<AdminDashboardUsers, 'userGrowth' | 'messageVolume'>);
    expect(((await get('blog')) as AdminDashboardBlog).totalBlogPosts).toBe(2);
  });
});

/**
 * message_daily_counts (migration 0009) against a real count of the messages table after each
 * kind of write: inserts, a number deleted (its messages cascade), the poller's retention trim,
 * TRUNCATE.
 */
describe('message_daily_counts triggers', () => {
  const kept = () =>
    rows<{ day: string; total: number }>(
      sql`select day::text as day, total::int as total from message_daily_counts
        where total <> 0 order by day`,
    );
  const real = () =>
    rows<{ day: string; total: number }>(
      sql`select (created_at at time zone 'UTC')::date::text as day, count(*)::int as total
        from messages group by 1 order by 1`,
    );

  it('follow inserts, a cascade from a deleted number, the retention trim and TRUNCATE', async () => {
    const owner = await user('triggers@stats.test', ago(0));
    const a = await number(owner, '5551000001');
    const b = await number(owner, '5551000002');
    await messagesAt(a, 4, '2030-01-01T23:00:00.000Z');
    await messagesAt(a, 2, '2030-01-02T01:00:00.000Z');
    await messagesAt(b, 3, '2030-01-02T05:00:00.000Z');
    // Days start at midnight UTC whatever the session's time zone.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'America/New_York'`);
      await tx.execute(sql`insert into messages (voip_number_id, sender, content, received_at,
        dedupe_key, created_at) values (${b}, 'S', 'c', now(), 'ny', '2030-01-01T04:59:59Z')`);
    });
    expect(await kept()).toEqual(await real());
    expect((await kept()).length).toBeGreaterThan(1);

    await rows(sql`delete from voip_numbers where id = ${b}`);
    expect(await kept()).toEqual(await real());

    // The poller keeps the newest `keep` messages of a number: storing 3 new ones with keep 5
    // deletes the oldest of the 6 stored in the same statement.
    const polledAt = t.clock.now();
    const outcome: PollOutcome = {
      number: { id: a, phoneNumber: '5551000001', userId: owner },
      polledAt,
      nextPollAt: new Date(polledAt.getTime() + 30_000),
      ok: true,
      endDate: null,
      found: [1, 2, 3].map((i) => ({
        sender: 'S',
        content: `new ${i}`,
        code: null,
        receivedAt: new Date(`2030-02-0${i}T00:00:00.000Z`),
        dedupeKey: `new-${i}`,
      })),
    };
    const [stored] = await pollerRepository(t.database.db).recordPolls([outcome], 5);
    expect(stored).toHaveLength(3);
    expect(
      (
        await rows<{ n: number }>(
          sql`select count(*)::int as n from messages where voip_number_id = ${a}`,
        )
      )[0]!.n,
    ).toBe(5);
    expect(await kept()).toEqual(await real());

    await rows(sql`truncate messages cascade`); // and the codes claimed from them
    expect(await kept()).toEqual([]);
    await messagesAt(a, 2, '2030-03-01T00:00:00.000Z');
    expect(await kept()).toEqual(await real());
    expect(await kept()).toEqual([{ day: '2030-03-01', total: 2 }]);
  });
});

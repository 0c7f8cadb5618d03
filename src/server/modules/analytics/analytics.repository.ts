import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import type { KeysetCursor } from '../../db/paging.ts';
import { analyticsEvents } from './analytics.table.ts';

export type EventRow = typeof analyticsEvents.$inferInsert;

/** An event as the admin pages read it. */
export type StoredEvent = {
  id: string;
  type: string;
  userId: string | null;
  sessionId: string | null;
  pageUrl: string | null;
  referrer: string | null;
  userAgent: string | null;
  data: Record<string, unknown>;
  createdAt: Date;
};

export type SummaryFilter = { from: Date; to: Date; type?: string | undefined };

export type SummaryRow = {
  events: number;
  uniqueUsers: number;
  pageViews: number;
  sessions: number;
  avgSessionSeconds: number | null;
  /** Sparse: hours with no event are absent. */
  hourly: { hour: number; count: number }[];
  types: { type: string; count: number }[];
  topPages: { path: string; count: number }[];
  events50: StoredEvent[];
};

const toDate = (v: string | Date) => (v instanceof Date ? v : new Date(v));
/** A jsonb value: node-postgres and PGlite parse it; a driver that does not gives the text. */
const fromJson = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

type RawEvent = {
  id: string;
  event_type: string;
  user_id: string | null;
  session_id: string | null;
  page_url: string | null;
  referrer: string | null;
  user_agent: string | null;
  event_data: Record<string, unknown> | string | null;
  created_at: string | Date;
};
const toEvent = (r: RawEvent): StoredEvent => ({
  id: r.id,
  type: r.event_type,
  userId: r.user_id,
  sessionId: r.session_id,
  pageUrl: r.page_url,
  referrer: r.referrer,
  userAgent: r.user_agent,
  data: fromJson<Record<string, unknown> | null>(r.event_data) ?? {},
  createdAt: toDate(r.created_at),
});

const EVENT_COLUMNS = sql`id, event_type, user_id, session_id, page_url, referrer, user_agent,
  event_data, created_at`;

/** The range (and type) condition on `analytics_events`, which the created_at indexes serve. */
function inRange(f: SummaryFilter): SQL {
  const range = sql`created_at >= ${f.from.toISOString()}::timestamptz
    and created_at <= ${f.to.toISOString()}::timestamptz`;
  return f.type ? sql`event_type = ${f.type} and ${range}` : range;
}

/** Analytics storage, and the admin pages' aggregates (SQL only: no event is loaded to count it). */
export function analyticsRepository(db: Db) {
  /**
   * One aggregate statement in its own transaction with more working memory. The planner cannot
   * estimate how many groups an expression (hour of day, path without query) makes, assumes one per
   * row, and with the default 4 MB sorts the range's events on disk to group them; with 32 MB it
   * hashes them, which took the 90-day summary's grouping from 225 to 80 ms on 100,000 events. A
   * hash that outgrows it still spills to disk, so the memory is bounded either way.
   */
  const aggregate = (q: SQL) =>
    db.transaction(async (tx) => {
      // hash_mem_multiplier 1: a hash may use the 32 MB, not twice that (PostgreSQL 15's default).
      await tx.execute(sql`set local work_mem = '32MB'`);
      await tx.execute(sql`set local hash_mem_multiplier = 1`);
      return tx.execute(q);
    });
  return {
    /**
     * Many events in one statement, passed as one JSON parameter (`jsonb_to_recordset`): building
     * a 500-row insert with the query builder cost about a twelfth of the CPU of ingesting events
     * (ADR 0014). Events wait in the recorder's buffer for a while (longer while the database is
     * away), so their user may have deleted the account meanwhile: the join stores those anonymous
     * (as `on delete set null` would have made them) instead of letting the foreign key refuse the
     * batch on every flush.
     */
    async insertMany(rows: EventRow[]): Promise<void> {
      if (rows.length === 0) return;
      const json = JSON.stringify(
        rows.map((r) => ({
          event_type: r.eventType,
          event_data: r.eventData ?? {},
          user_id: r.userId ?? null,
          session_id: r.sessionId ?? null,
          ip_address: r.ipAddress ?? null,
          user_agent: r.userAgent ?? null,
          page_url: r.pageUrl ?? null,
          referrer: r.referrer ?? null,
          created_at: (r.createdAt ?? new Date()).toISOString(),
        })),
        // jsonb refuses \u0000 and lone surrogates (a text parameter took them as U+FFFD): one such
        // string, say a user agent cut inside an emoji, would fail its whole batch.
        (_key, v: unknown) =>
          typeof v === 'string' ? v.replaceAll('\u0000', '').replace(/\p{Cs}/gu, '\ufffd') : v,
      );
      await db.execute(sql`
        insert into analytics_events (event_type, event_data, user_id, session_id, ip_address,
          user_agent, page_url, referrer, created_at)
        select e.event_type, e.event_data, u.id, e.session_id, e.ip_address, e.user_agent,
          e.page_url, e.referrer, e.created_at
        from jsonb_to_recordset(${json}::jsonb) as e(event_type text, event_data jsonb,
          user_id uuid, session_id text, ip_address text, user_agent text, page_url text,
          referrer text, created_at timestamptz)
        left join users u on u.id = e.user_id`);
    },

    /**
     * Every figure of the analytics page in three statements run at once (on PostgreSQL each gets
     * its own pooled connection, so the two aggregates use both cores; the embedded database runs
     * them one after the other): the range's events grouped by (type, hour of day in the viewer's
     * offset, path of a page view), from which the totals, hourly buckets, types and pages are
     * summed; the same events grouped by (session, user), from which unique users, sessions and
     * their spans come; and the newest 50, read from the index in order with a limit. Text is
     * grouped and sorted bytewise (`collate "C"`), and the hour comes from the float epoch
     * (`date_part`; `extract` gives numeric, several times slower). The statements may see a few
     * events apart when events are written between them.
     */
    async summary(f: SummaryFilter, utcOffset: number, latest: number): Promise<SummaryRow> {
      const where = inRange(f);
      const [res, visitorRes, latestRes] = await Promise.all([
        aggregate(sql`
        with cube as (
          select event_type collate "C" as t,
            (floor((date_part('epoch', created_at) / 60 + ${utcOffset}::int) / 60)::bigint % 24)::int
              as h,
            case when event_type = 'page_view'
              then split_part(page_url, '?', 1) collate "C" end as p,
            count(*)::int as n
          from analytics_events where ${where} group by 1, 2, 3
        )
        select
          (select coalesce(sum(n), 0) from cube)::int as events,
          (select coalesce(sum(n), 0) from cube where t = 'page_view')::int as page_views,
          (select coalesce(json_agg(json_build_array(h, n)), '[]') from (
            select h, sum(n)::int as n from cube group by 1) hours) as hourly,
          (select coalesce(json_agg(json_build_array(t, n) order by n desc, t), '[]') from (
            select t, sum(n)::int as n from cube group by 1 order by 2 desc, 1 limit 10) types)
            as types,
          (select coalesce(json_agg(json_build_array(p, n) order by n desc, p), '[]') from (
            select p, sum(n)::int as n from cube where p is not null
            group by 1 order by 2 desc, 1 limit 10) pages) as top_pages`),
        aggregate(sql`
        with visitor as (
          select session_id collate "C" as s, user_id as u, min(created_at) as first_at,
            max(created_at) as last_at
          from analytics_events
          where ${where} and (session_id is not null or user_id is not null) group by 1, 2
        ),
        per_session as (
          select extract(epoch from max(last_at) - min(first_at)) as secs
          from visitor where s is not null group by s
        )
        select
          ((select count(distinct u) from visitor where u is not null)
            + (select count(distinct s) from visitor where u is null))::int as unique_users,
          (select count(*) from per_session)::int as sessions,
          (select avg(secs) from per_session)::float8 as avg_session_seconds`),
        db.execute(sql`
        select ${EVENT_COLUMNS} from analytics_events where ${where}
        order by created_at desc, id desc limit ${latest}`),
      ]);
      const v = rowsOf<{
        unique_users: number;
        sessions: number;
        avg_session_seconds: number | string | null;
      }>(visitorRes)[0]!;
      const r = rowsOf<{
        events: number;
        page_views: number;
        hourly: unknown;
        types: unknown;
        top_pages: unknown;
      }>(res)[0]!;
      return {
        events: Number(r.events),
        uniqueUsers: Number(v.unique_users),
        pageViews: Number(r.page_views),
        sessions: Number(v.sessions),
        avgSessionSeconds: v.avg_session_seconds === null ? null : Number(v.avg_session_seconds),
        hourly: fromJson<[number, number][]>(r.hourly).map(([hour, count]) => ({ hour, count })),
        types: fromJson<[string, number][]>(r.types).map(([type, count]) => ({ type, count })),
        topPages: fromJson<[string, number][]>(r.top_pages).map(([path, count]) => ({
          path,
          count,
        })),
        events50: rowsOf<RawEvent>(latestRes).map(toEvent),
      };
    },

    /**
     * One page of the range's events, newest first, after `cursor` (created_at desc, id desc), for
     * the CSV export: the caller reads page after page, so memory stays flat.
     */
    async page(f: SummaryFilter, cursor: KeysetCursor | undefined, limit: number) {
      const after = cursor
        ? sql`and (created_at, id) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`
        : sql``;
      const res = await db.execute(sql`
        select ${EVENT_COLUMNS} from analytics_events where ${inRange(f)} ${after}
        order by created_at desc, id desc limit ${limit}`);
      return rowsOf<RawEvent>(res).map(toEvent);
    },

    /**
     * Deletes up to `batch` events created before `before` (one statement, by id through the
     * created_at index); returns how many went. The retention job calls it until fewer come back.
     */
    async pruneEvents(before: Date, batch: number): Promise<number> {
      const res = await db.execute(sql`
        delete from analytics_events where id in (
          select id from analytics_events
          where created_at < ${before.toISOString()}::timestamptz limit ${batch})`);
      return (
        (res as { rowCount?: number | null; affectedRows?: number }).rowCount ??
        (res as { affectedRows?: number }).affectedRows ??
        0
      );
    },

    /** Deletes the per-day post view marks of days before `beforeDay` (YYYY-MM-DD). */
    async pruneViews(beforeDay: string): Promise<number> {
      const res = await db.execute(sql`delete from blog_post_views where day < ${beforeDay}::date`);
      return (
        (res as { rowCount?: number | null; affectedRows?: number }).rowCount ??
        (res as { affectedRows?: number }).affectedRows ??
        0
      );
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof analyticsRepository>;

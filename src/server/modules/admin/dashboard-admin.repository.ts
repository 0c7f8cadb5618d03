import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';

type DailyCount = { date: string; count: number };

export type DashboardUsersRow = {
  totalUsers: number;
  recentSignups: number;
  totalNumbers: number;
  activeUsers: number;
  totalMessages: number;
  messagesToday: number;
  /** Sparse: days without rows are absent (the service fills them). */
  userGrowth: DailyCount[];
  messageVolume: DailyCount[];
};
export type DashboardBlogRow = {
  totalBlogPosts: number;
  topCategories: { category: string; count: number }[];
  popularPosts: {
    id: string;
    slug: string;
    title: string;
    category: string;
    readTime: string;
    viewCount: number;
    likeCount: number;
  }[];
};
export type DashboardEventRow = {
  id: string;
  type: string;
  userId: string | null;
  pageUrl: string | null;
  createdAt: Date;
};

/** A json value: node-postgres and PGlite parse it; a driver that does not gives the text. */
const fromJson = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const series = (v: unknown): DailyCount[] =>
  fromJson<[string, number | string][]>(v).map(([date, count]) => ({
    date,
    count: Number(count),
  }));

const DAY_MS = 86_400_000;

/**
 * The admin dashboard's figures, one statement per section (each section has its own permission,
 * see `admin-data.routes.ts`). None counts the messages table: message figures come from
 * message_daily_counts, kept by triggers (migration 0009).
 */
export function dashboardAdminRepository(db: Db) {
  return {
    /**
     * User, number and message figures, and users and messages per UTC day from `fromDay` to
     * `toDay` (users on users_created_idx).
     */
    async users(now: Date, fromDay: string, toDay: string): Promise<DashboardUsersRow> {
      const weekAgo = new Date(now.getTime() - 7 * DAY_MS).toISOString();
      const today = now.toISOString().slice(0, 10);
      const res = await db.execute(sql`select
        (select count(*) from users)::int as total_users,
        (select count(*) from users where created_at >= ${weekAgo}::timestamptz)::int
          as recent_signups,
        (select coalesce(sum(total), 0) from number_counts)::int as total_numbers,
        (select count(distinct user_id) from sessions
          where last_seen_at >= ${weekAgo}::timestamptz)::int as active_users,
        (select coalesce(sum(total), 0) from message_daily_counts)::bigint as total_messages,
        (select coalesce(sum(total), 0) from message_daily_counts
          where day = ${today}::date)::bigint as messages_today,
        (select coalesce(json_agg(json_build_array(d, n) order by d), '[]') from (
          select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as d,
            count(*)::int as n
          from users where created_at >= (${fromDay}::date)::timestamp at time zone 'UTC'
            and created_at < (${toDay}::date + 1)::timestamp at time zone 'UTC'
          group by 1) g) as user_growth,
        (select coalesce(json_agg(json_build_array(to_char(day, 'YYYY-MM-DD'), total::bigint)
            order by day), '[]')
          from message_daily_counts
          where day >= ${fromDay}::date and day <= ${toDay}::date) as message_volume`);
      const r = rowsOf<Record<string, unknown>>(res)[0]!;
      return {
        totalUsers: Number(r.total_users),
        recentSignups: Number(r.recent_signups),
        totalNumbers: Number(r.total_numbers),
        activeUsers: Number(r.active_users),
        totalMessages: Number(r.total_messages),
        messagesToday: Number(r.messages_today),
        userGrowth: series(r.user_growth),
        messageVolume: series(r.message_volume),
      };
    },

    /** Published posts: their number, per category, and the 5 most viewed. */
    async blog(): Promise<DashboardBlogRow> {
      const res = await db.execute(sql`select
        (select count(*) from blog_posts where published)::int as total_blog_posts,
        (select coalesce(json_agg(json_build_array(category, n) order by n desc, category), '[]')
          from (select category, count(*)::int as n from blog_posts where published
            group by 1) c) as top_categories,
        (select coalesce(json_agg(json_build_array(id, slug, title, category, read_time,
            view_count, like_count) order by view_count desc, created_at desc), '[]')
          from (select id, slug, title, category, read_time, view_count, like_count, created_at
            from blog_posts where published
            order by view_count desc, created_at desc limit 5) p) as popular_posts`);
      const r = rowsOf<Record<string, unknown>>(res)[0]!;
      return {
        totalBlogPosts: Number(r.total_blog_posts),
        topCategories: fromJson<[string, number][]>(r.top_categories).map(([category, count]) => ({
          category,
          count,
        })),
        popularPosts: fromJson<[string, string, string, string, string, number, number][]>(
          r.popular_posts,
        ).map(([id, slug, title, category, readTime, viewCount, likeCount]) => ({
          id,
          slug,
          title,
          category,
          readTime,
          viewCount,
          likeCount,
        })),
      };
    },

    /** The 10 newest analytics events. */
    async recentEvents(): Promise<DashboardEventRow[]> {
      const res = await db.execute(sql`
        select id, event_type, user_id, page_url, created_at from analytics_events
        order by created_at desc, id desc limit 10`);
      return rowsOf<{
        id: string;
        event_type: string;
        user_id: string | null;
        page_url: string | null;
        created_at: string | Date;
      }>(res).map((e) => ({
        id: e.id,
        type: e.event_type,
        userId: e.user_id,
        pageUrl: e.page_url,
        createdAt: e.created_at instanceof Date ? e.created_at : new Date(e.created_at),
      }));
    },
  };
}
export type DashboardAdminRepository = ReturnType<typeof dashboardAdminRepository>;

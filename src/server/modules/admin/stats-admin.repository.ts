import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export type AdminStatCounts = {
  totalUsers: number;
  recentSignups: number;
  totalNumbers: number;
  activeUsers: number;
  totalMessages: number;
  messagesToday: number;
  totalBlogPosts: number;
};
const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

const DAY_MS = 86_400_000;

/** The admin dashboard's stat cards: one statement of aggregates, none counting messages. */
export function statsAdminRepository(db: Db) {
  return {
    async counts(now: Date): Promise<AdminStatCounts> {
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
        (select count(*) from blog_posts where published)::int as total_blog_posts`);
      const r = rowsOf<Record<string, number | string>>(res)[0]!;
      return {
        totalUsers: Number(r.total_users),
        recentSignups: Number(r.recent_signups),
        totalNumbers: Number(r.total_numbers),
        activeUsers: Number(r.active_users),
        totalMessages: Number(r.total_messages),
        messagesToday: Number(r.messages_today),
        totalBlogPosts: Number(r.total_blog_posts),
      };
    },
  };
}
export type StatsAdminRepository = ReturnType<typeof statsAdminRepository>;

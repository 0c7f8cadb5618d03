import { and, desc, lt, or, sql, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { likeEscape, type KeysetCursor } from '../../db/paging.ts';
import { newsletterSubscribers } from '../blog/blog.table.ts';

export type SubscriberRow = { id: string; email: string; createdAt: Date };

type RawRow = { total: number; id: string | null; email: string; created_at: string | Date };
const toDate = (v: string | Date) => (v instanceof Date ? v : new Date(v));

/** The 'Stay Updated' subscriptions (newsletter_subscribers: one row per lower-cased email). */
export function newsletterRepository(db: Db) {
  return {
    /** Stores `email` unless it is there already; true when this call added it. */
    async subscribe(email: string, at: Date): Promise<boolean> {
      const added = await db
        .insert(newsletterSubscribers)
        .values({ email, createdAt: at })
        .onConflictDoNothing({ target: newsletterSubscribers.email })
        .returning({ id: newsletterSubscribers.id });
      return added.length > 0;
    },

    /**
     * One page of `limit` subscribers after `cursor` (newest first, keyset on
     * newsletter_subscribers_created_idx) whose email contains `q` (ILIKE, metacharacters
     * literal), and the number of all matches, in one statement. Up to `limit + 1` rows: the
     * extra one says a next page exists.
     */
    async list(q: string | undefined, cursor: KeysetCursor | undefined, limit: number) {
      const where = q ? sql`s.email ilike ${`%${likeEscape(q)}%`}` : sql`true`;
      const after = cursor
        ? sql`and (s.created_at, s.id) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`
        : sql``;
      const res = await db.execute(sql`
        with page as (
          select s.id, s.email, s.created_at
          from newsletter_subscribers s
          where ${where} ${after}
          order by s.created_at desc, s.id desc
          limit ${limit + 1}
        )
        select t.total, p.id, p.email, p.created_at
        from (select count(*)::int as total from newsletter_subscribers s where ${where}) t
        left join page p on true
        order by p.created_at desc, p.id desc`);
      const raw = rowsOf<RawRow>(res);
      const total = raw[0]!.total;
      const items: SubscriberRow[] = raw
        .filter((r) => r.id !== null)
        .map((r) => ({ id: r.id!, email: r.email, createdAt: toDate(r.created_at) }));
      return { items, total };
    },

    /** Up to `limit` subscribers after `cursor`, newest first (the export reads in batches). */
    async batch(cursor: KeysetCursor | undefined, limit: number): Promise<SubscriberRow[]> {
      const s = newsletterSubscribers;
      return db
        .select({ id: s.id, email: s.email, createdAt: s.createdAt })
        .from(s)
        .where(
          cursor
            ? or(lt(s.createdAt, cursor.at), and(eq(s.createdAt, cursor.at), lt(s.id, cursor.id)))
            : undefined,
        )
        .orderBy(desc(s.createdAt), desc(s.id))
        .limit(limit);
    },
  };
}
export type NewsletterRepository = ReturnType<typeof newsletterRepository>;

import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import type { KeysetCursor } from '../../db/paging.ts';
import { recordAudit } from './audit.repository.ts';

export type ContactStatusFilter = 'all' | 'open' | 'handled';
export type ContactMessageRow = {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: Date;
  handledAt: Date | null;
  handledBy: string | null;
};
type RawRow = {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: string | Date;
  handled_at: string | Date | null;
  handled_by: string | null;
};
const toDate = (v: string | Date) => (v instanceof Date ? v : new Date(v));
const toRow = (r: RawRow): ContactMessageRow => ({
  id: r.id,
  name: r.name,
  email: r.email,
  subject: r.subject,
  message: r.message,
  createdAt: toDate(r.created_at),
  handledAt: r.handled_at === null ? null : toDate(r.handled_at),
  handledBy: r.handled_by,
});

const statusCondition = (s: ContactStatusFilter) =>
  s === 'open'
    ? sql`c.handled_at is null`
    : s === 'handled'
      ? sql`c.handled_at is not null`
      : sql`true`;

/** The contact form's messages for the admins (newest first, keyset paged), and their handling. */
export function contactAdminRepository(db: Db) {
  async function byId(id: string) {
    const res = await db.execute(sql`
      select c.id, c.name, c.email, c.subject, c.message, c.created_at, c.handled_at,
        h.email as handled_by
      from contact_messages c left join users h on h.id = c.handled_by
      where c.id = ${id}::uuid`);
    const r = rowsOf<RawRow>(res)[0];
    return r && toRow(r);
  }

  return {
    /** Up to `limit + 1` messages after `cursor` (created_at desc, id desc) and the open count. */
    async list(status: ContactStatusFilter, cursor: KeysetCursor | undefined, limit: number) {
      const after = cursor
        ? sql`and (c.created_at, c.id) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`
        : sql``;
      const res = await db.execute(sql`
        with page as (
          select c.id, c.name, c.email, c.subject, c.message, c.created_at, c.handled_at,
            c.handled_by
          from contact_messages c
          where ${statusCondition(status)} ${after}
          order by c.created_at desc, c.id desc
          limit ${limit + 1}
        )
        select t.open, p.id, p.name, p.email, p.subject, p.message, p.created_at, p.handled_at,
          h.email as handled_by
        from (select count(*)::int as open from contact_messages where handled_at is null) t
        left join page p on true
        left join users h on h.id = p.handled_by
        order by p.created_at desc, p.id desc`);
      const raw = rowsOf<RawRow & { open: number }>(res);
      return {
        open: raw[0]!.open,
        items: raw.filter((r) => r.id !== null).map(toRow),
      };
    },

    /**
     * Marks a message handled by `actor` (or open again) and writes the audit entry, in one
     * transaction. A message already in that state is left as it is (its first handler and time
     * kept) and nothing is audited. Undefined when there is no such message.
     */
    async setHandled(
      id: string,
      handled: boolean,
      actor: { id: string; email: string },
      at: Date,
    ): Promise<ContactMessageRow | undefined> {
      await db.transaction(async (tx) => {
        const res = await tx.execute(sql`
          update contact_messages c set
            handled_at = ${handled ? sql`${at.toISOString()}::timestamptz` : sql`null`},
            handled_by = ${handled ? sql`${actor.id}::uuid` : sql`null`}
          where c.id = ${id}::uuid
            and ${handled ? sql`c.handled_at is null` : sql`c.handled_at is not null`}
          returning c.id`);
        if (rowsOf(res).length === 0) return;
        await recordAudit(tx, {
          actorId: actor.id,
          actor: actor.email,
          action: handled ? 'contact_message_handled' : 'contact_message_reopened',
          target: id,
          at,
        });
      });
      return byId(id);
    },
  };
}
export type ContactAdminRepository = ReturnType<typeof contactAdminRepository>;

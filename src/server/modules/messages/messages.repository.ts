import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { voipNumbers } from '../numbers/numbers.table.ts';
import { users } from '../users/users.table.ts';
import { messages } from './messages.table.ts';

export type MessageRow = typeof messages.$inferSelect;
export type ClaimedNumber = {
  id: string;
  userId: string;
  phoneNumber: string;
  apiLinkEnc: string;
  apiHost: string;
  failures: number;
  watched: boolean;
};
export type NewMessage = {
  sender: string;
  content: string;
  code: string | null;
  receivedAt: Date;
  dedupeKey: string;
};
export type StoredMessage = MessageRow & { phoneNumber: string; userId: string };
export type MessageFilters = {
  numberId?: string;
  q?: string;
  from?: Date;
  to?: Date;
};
export type MessageCursor = { receivedAt: Date; id: string };

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);

type RawClaim = {
  id: string;
  user_id: string;
  phone_number: string;
  api_link_enc: string;
  api_host: string;
  failures: number;
  watched: boolean;
};

/** Rows from db.execute: node-postgres returns a result object, PGlite too; both have `rows`. */
const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

export function messagesRepository(db: Db) {
  return {
    /**
     * Claims up to `limit` due active numbers for this worker: FOR UPDATE SKIP LOCKED, so concurrent
     * workers never claim the same row, and a lease, so a worker that dies mid-poll releases its
     * numbers when the lease runs out.
     */
    async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedNumber[]> {
      const res = await db.execute(sql`
        with due as (
          select id from voip_numbers
          where is_active and next_poll_at <= ${now.toISOString()}::timestamptz
            and (lease_until is null or lease_until <= ${now.toISOString()}::timestamptz)
          order by next_poll_at
          limit ${limit}
          for update skip locked
        )
        update voip_numbers v set lease_until = ${leaseUntil.toISOString()}::timestamptz
        from due, users u
        where v.id = due.id and u.id = v.user_id
        returning v.id, v.user_id, v.phone_number, v.api_link_enc, v.api_host, v.failures,
          coalesce(u.watched_until > ${now.toISOString()}::timestamptz, false) as watched`);
      return rowsOf<RawClaim>(res).map((r) => ({
        id: r.id,
        userId: r.user_id,
        phoneNumber: r.phone_number,
        apiLinkEnc: r.api_link_enc,
        apiHost: r.api_host,
        failures: Number(r.failures),
        watched: !!r.watched,
      }));
    },

    /** Claims one number of this user now, unless another poll of it is running. */
    async claimOne(userId: string, id: string, now: Date, leaseUntil: Date) {
      const res = await db.execute(sql`
        update voip_numbers v set lease_until = ${leaseUntil.toISOString()}::timestamptz
        from users u
        where v.id = ${id} and v.user_id = ${userId} and u.id = v.user_id
          and (v.lease_until is null or v.lease_until <= ${now.toISOString()}::timestamptz)
        returning v.id, v.user_id, v.phone_number, v.api_link_enc, v.api_host, v.failures,
          coalesce(u.watched_until > ${now.toISOString()}::timestamptz, false) as watched`);
      const r = rowsOf<RawClaim>(res)[0];
      return r
        ? {
            id: r.id,
            userId: r.user_id,
            phoneNumber: r.phone_number,
            apiLinkEnc: r.api_link_enc,
            apiHost: r.api_host,
            failures: Number(r.failures),
            watched: !!r.watched,
          }
        : undefined;
    },

    /**
     * Stores a successful poll in one transaction: new messages once each (insert-or-ignore on the
     * dedupe key), the schedule and error state, last_used, a found end date, and trims the number
     * to its newest `keep` messages. Returns the messages that were new. A number deleted meanwhile
     * stores nothing.
     */
    async recordSuccess(
      n: { id: string; phoneNumber: string; userId: string },
      found: NewMessage[],
      endDate: Date | null,
      now: Date,
      nextPollAt: Date,
      keep: number,
    ): Promise<StoredMessage[]> {
      return db.transaction(async (tx) => {
        const [alive] = await tx
          .update(voipNumbers)
          .set({
            lastPolledAt: now,
            nextPollAt,
            leaseUntil: null,
            failures: 0,
            lastError: null,
            ...(endDate ? { endDate } : {}),
          })
          .where(eq(voipNumbers.id, n.id))
          .returning({ id: voipNumbers.id });
        if (!alive || found.length === 0) return [];
        const inserted = await tx
          .insert(messages)
          .values(found.map((m) => ({ ...m, voipNumberId: n.id })))
          .onConflictDoNothing({ target: [messages.voipNumberId, messages.dedupeKey] })
          .returning();
        if (inserted.length === 0) return [];
        await tx.update(voipNumbers).set({ lastUsed: now }).where(eq(voipNumbers.id, n.id));
        await tx.execute(sql`
          delete from messages where id in (
            select id from messages where voip_number_id = ${n.id}
            order by received_at desc, created_at desc offset ${keep})`);
        return inserted.map((m) => ({ ...m, phoneNumber: n.phoneNumber, userId: n.userId }));
      });
    },

    async recordFailure(id: string, error: string, now: Date, nextPollAt: Date) {
      await db
        .update(voipNumbers)
        .set({
          lastPolledAt: now,
          nextPollAt,
          leaseUntil: null,
          lastError: error.slice(0, 500),
          failures: sql`${voipNumbers.failures} + 1`,
        })
        .where(eq(voipNumbers.id, id));
    },

    /** Gives a claimed number back unpolled (its host was saturated), due again at `nextPollAt`. */
    async release(id: string, nextPollAt: Date) {
      await db
        .update(voipNumbers)
        .set({ leaseUntil: null, nextPollAt })
        .where(eq(voipNumbers.id, id));
    },

    /**
     * Marks the user as watching until `until`; when `pullForwardTo` is given, their active numbers
     * due later than it are brought forward to it.
     */
    async watch(userId: string, until: Date, pullForwardTo?: Date) {
      await db.update(users).set({ watchedUntil: until }).where(eq(users.id, userId));
      if (pullForwardTo) {
        await db
          .update(voipNumbers)
          .set({ nextPollAt: pullForwardTo })
          .where(
            and(
              eq(voipNumbers.userId, userId),
              eq(voipNumbers.isActive, true),
              sql`${voipNumbers.nextPollAt} > ${pullForwardTo.toISOString()}::timestamptz`,
            ),
          );
      }
    },

    async unwatch(userId: string) {
      await db.update(users).set({ watchedUntil: null }).where(eq(users.id, userId));
    },

    /** The user's messages, newest first, with the number each arrived on. */
    async list(
      userId: string,
      f: MessageFilters,
      cursor: MessageCursor | undefined,
      limit: number,
    ) {
      const conds: SQL[] = [eq(voipNumbers.userId, userId)];
      if (f.numberId) conds.push(eq(messages.voipNumberId, f.numberId));
      if (f.from) conds.push(gte(messages.receivedAt, f.from));
      if (f.to) conds.push(lt(messages.receivedAt, f.to));
      if (f.q) {
        const pattern = `%${likeEscape(f.q)}%`;
        const any: SQL[] = [ilike(messages.content, pattern), ilike(messages.sender, pattern)];
        const digits = f.q.replace(/\D/g, '');
        if (digits) any.push(sql`${voipNumbers.phoneNumber} like ${`%${digits}%`}`);
        conds.push(or(...any)!);
      }
      if (cursor) {
        conds.push(
          sql`(${messages.receivedAt}, ${messages.id}) < (${cursor.receivedAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`,
        );
      }
      const rows = await db
        .select({ m: messages, phoneNumber: voipNumbers.phoneNumber })
        .from(messages)
        .innerJoin(voipNumbers, eq(voipNumbers.id, messages.voipNumberId))
        .where(and(...conds))
        .orderBy(desc(messages.receivedAt), desc(messages.id))
        .limit(limit + 1);
      return {
        rows: rows.slice(0, limit).map((r) => ({ ...r.m, phoneNumber: r.phoneNumber, userId })),
        more: rows.length > limit,
      };
    },

    /** Messages of the user stored at or after `since` (event replay), oldest first, capped. */
    async since(userId: string, since: Date, limit: number): Promise<StoredMessage[]> {
      const rows = await db
        .select({ m: messages, phoneNumber: voipNumbers.phoneNumber })
        .from(messages)
        .innerJoin(voipNumbers, eq(voipNumbers.id, messages.voipNumberId))
        .where(and(eq(voipNumbers.userId, userId), gte(messages.createdAt, since)))
        .orderBy(messages.createdAt, messages.id)
        .limit(limit);
      return rows.map((r) => ({ ...r.m, phoneNumber: r.phoneNumber, userId }));
    },

    async byId(id: string): Promise<StoredMessage | undefined> {
      const [r] = await db
        .select({ m: messages, phoneNumber: voipNumbers.phoneNumber, userId: voipNumbers.userId })
        .from(messages)
        .innerJoin(voipNumbers, eq(voipNumbers.id, messages.voipNumberId))
        .where(eq(messages.id, id));
      return r && { ...r.m, phoneNumber: r.phoneNumber, userId: r.userId };
    },

    /** Saves a date check's result on the number. */
    async saveEndDate(userId: string, id: string, endDate: Date | null, now: Date) {
      await db
        .update(voipNumbers)
        .set({ dateLastChecked: now, ...(endDate ? { endDate } : {}) })
        .where(and(eq(voipNumbers.id, id), eq(voipNumbers.userId, userId)));
    },
  };
}
export type MessagesRepository = ReturnType<typeof messagesRepository>;

import { createHash } from 'node:crypto';
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

type RawMessage = {
  id: string;
  voip_number_id: string;
  sender: string;
  content: string;
  code: string | null;
  received_at: string | Date;
  dedupe_key: string;
  created_at: string | Date;
};

/** A timestamptz as the drivers return it from db.execute, read the way drizzle's column does. */
const toDate = (v: string | Date) => (typeof v === 'string' ? new Date(v) : v);

const toClaim = (r: RawClaim): ClaimedNumber => ({
  id: r.id,
  userId: r.user_id,
  phoneNumber: r.phone_number,
  apiLinkEnc: r.api_link_enc,
  apiHost: r.api_host,
  failures: Number(r.failures),
  watched: !!r.watched,
});

/** Rows from db.execute: node-postgres returns a result object, PGlite too; both have `rows`. */
const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/** Most numbers remembered by {@link messagesRepository}'s settled-keys hint before it starts over. */
const SETTLED_KEYS_MAX = 100_000;

export function messagesRepository(db: Db) {
  /**
   * A hint only, never trusted: per number, a digest of the last set of found dedupe keys that
   * was entirely stored after a poll. A poll bringing the same set again most likely stores
   * nothing, so recordSuccess tries the cheap guarded UPDATE before the full statement.
   */
  const settledKeys = new Map<string, string>();

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
      return rowsOf<RawClaim>(res).map(toClaim);
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
      return r && toClaim(r);
    },

    /**
     * Stores a successful poll atomically: new messages once each (insert-or-ignore on the dedupe
     * key), the schedule and error state, last_used, a found end date, and trims the number to its
     * newest `keep` messages. Returns the messages that were new (a new one that falls outside the
     * newest `keep` at once is returned but not kept). A number deleted meanwhile stores nothing.
     *
     * Single statements (atomic on their own) instead of a transaction of up to six round trips: a
     * poll that found no verification message is a plain UPDATE. Otherwise a data-modifying CTE
     * locks the number (as the UPDATE did), works out which found messages are new and which stored
     * ones the trim drops, and does the insert, the delete and the UPDATE together. That statement
     * takes some planning, so when the found dedupe keys are the set this number had all stored
     * last time (the usual poll: nothing new), an UPDATE guarded by "every found key is stored"
     * goes first and settles it alone; if a key turns out new, the CTE follows.
     */
    async recordSuccess(
      n: { id: string; phoneNumber: string; userId: string },
      found: NewMessage[],
      endDate: Date | null,
      now: Date,
      nextPollAt: Date,
      keep: number,
    ): Promise<StoredMessage[]> {
      const schedule = {
        lastPolledAt: now,
        nextPollAt,
        leaseUntil: null,
        failures: 0,
        lastError: null,
        ...(endDate ? { endDate } : {}),
      };
      if (found.length === 0) {
        await db.update(voipNumbers).set(schedule).where(eq(voipNumbers.id, n.id));
        return [];
      }
      // Strings go through UTF-8 as a text parameter would, so a lone surrogate becomes U+FFFD
      // instead of invalid JSON.
      const text = (v: string) => Buffer.from(v, 'utf8').toString('utf8');
      const keys = JSON.stringify(found.map((m) => text(m.dedupeKey)));
      const digest = createHash('sha1').update(keys).digest('base64');
      if (settledKeys.get(n.id) === digest) {
        // Likely nothing new (most polls): the schedule update, if every found key is stored.
        const settled = await db
          .update(voipNumbers)
          .set(schedule)
          .where(
            and(
              eq(voipNumbers.id, n.id),
              sql`not exists (select 1 from jsonb_array_elements_text(${keys}::jsonb) k(key)
                where not exists (select 1 from messages m
                  where m.voip_number_id = ${n.id} and m.dedupe_key = k.key))`,
            ),
          )
          .returning({ id: voipNumbers.id });
        if (settled.length) return [];
      }
      settledKeys.delete(n.id);
      // Something is new (or the number is gone): the found messages as one JSON parameter
      // (`ord` keeps their order).
      const payload = JSON.stringify(
        found.map((m, ord) => ({
          ord,
          sender: text(m.sender),
          content: text(m.content),
          code: m.code === null ? null : text(m.code),
          received_at: m.receivedAt.toISOString(),
          dedupe_key: text(m.dedupeKey),
        })),
      );
      const t = now.toISOString();
      const res = await db.execute(sql`
        with num as (
          select id from voip_numbers where id = ${n.id} for update
        ), found as (
          select f.* from num, jsonb_to_recordset(${payload}::jsonb) as f(ord int, sender text,
            content text, code text, received_at timestamptz, dedupe_key text)
        ), fresh as (
          -- What INSERT ... ON CONFLICT DO NOTHING adds: the first of each dedupe key not stored yet.
          select distinct on (f.dedupe_key) f.* from found f
          where not exists (select 1 from messages m
            where m.voip_number_id = ${n.id} and m.dedupe_key = f.dedupe_key)
          order by f.dedupe_key, f.ord
        ), ranked as (
          -- Stored and fresh messages, newest first (fresh ones get created_at = now(), as the
          -- column default gives them); the trim keeps the first 'keep'.
          select id, ord, row_number() over (order by received_at desc, created_at desc) as rn
          from (
            select m.id, null::int as ord, m.received_at, m.created_at from messages m
            where m.voip_number_id = ${n.id}
            union all
            select null::uuid, f.ord, f.received_at, now() from fresh f
          ) a
        ), ins as (
          insert into messages (voip_number_id, sender, content, code, received_at, dedupe_key)
          select ${n.id}::uuid, f.sender, f.content, f.code, f.received_at, f.dedupe_key
          from fresh f join ranked r on r.ord = f.ord
          where r.rn <= ${keep}
          order by f.ord
          on conflict (voip_number_id, dedupe_key) do nothing
          returning *
        ), dropped as (
          select f.* from fresh f join ranked r on r.ord = f.ord where r.rn > ${keep}
        ), del as (
          delete from messages
          where id in (select id from ranked where rn > ${keep} and id is not null)
            and exists (select 1 from fresh)
        ), upd as (
          update voip_numbers v set
            last_polled_at = ${t}::timestamptz,
            next_poll_at = ${nextPollAt.toISOString()}::timestamptz,
            lease_until = null,
            failures = 0,
            last_error = null,
            end_date = coalesce(${endDate ? endDate.toISOString() : null}::timestamptz, v.end_date),
            last_used = case when exists (select 1 from ins) or exists (select 1 from dropped)
              then ${t}::timestamptz else v.last_used end
          from num where v.id = num.id
        )
        select id, voip_number_id, sender, content, code, received_at, dedupe_key, created_at, kept
        from (
          select i.*, f.ord, true as kept from ins i join fresh f on f.dedupe_key = i.dedupe_key
          union all
          select gen_random_uuid(), ${n.id}::uuid, d.sender, d.content, d.code, d.received_at,
            d.dedupe_key, now(), d.ord, false
          from dropped d
        ) x
        order by ord`);
      const rows = rowsOf<RawMessage & { kept: boolean }>(res);
      if (rows.every((r) => r.kept)) {
        if (settledKeys.size >= SETTLED_KEYS_MAX) settledKeys.clear();
        settledKeys.set(n.id, digest);
      }
      return rows.map((r) => ({
        id: r.id,
        voipNumberId: r.voip_number_id,
        sender: r.sender,
        content: r.content,
        code: r.code,
        receivedAt: toDate(r.received_at),
        dedupeKey: r.dedupe_key,
        createdAt: toDate(r.created_at),
        phoneNumber: n.phoneNumber,
        userId: n.userId,
      }));
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
        if (digits) {
          // The code as extracted (a code shown as 123-456 is stored as 123456), and the number.
          any.push(sql`${messages.code} like ${`%${digits}%`}`);
          any.push(sql`${voipNumbers.phoneNumber} like ${`%${digits}%`}`);
        }
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

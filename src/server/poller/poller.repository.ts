import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';
import { withRetries } from '../db/errors.ts';
import type { StoredMessage } from '../modules/messages/messages.repository.ts';
import { voipNumbers } from '../modules/numbers/numbers.table.ts';
import { users } from '../modules/users/users.table.ts';

/**
 * How often a number is polled, chosen when it is claimed: `expecting` a code (its
 * `expecting_until` is ahead: it was copied, or a script waits for a code), else `watched` (its
 * owner has the app open, `users.watched_until`, or a public viewer its page, the number's
 * `watched_until`), else `unwatched`.
 */
export type PollTier = 'expecting' | 'watched' | 'unwatched';

/** A number claimed for one poll. */
export type ClaimedNumber = {
  id: string;
  userId: string;
  phoneNumber: string;
  apiLinkEnc: string;
  apiHost: string;
  failures: number;
  tier: PollTier;
};
export type NewMessage = {
  sender: string;
  content: string;
  code: string | null;
  receivedAt: Date;
  dedupeKey: string;
};
/** A finished poll of one number: what it found, or why it failed, and when it is due next. */
export type PollOutcome = {
  number: { id: string; phoneNumber: string; userId: string };
  polledAt: Date;
  nextPollAt: Date;
} & (
  | {
      ok: true;
      found: NewMessage[];
      endDate: Date | null;
      /**
       * Whatever tier the number was claimed in, if it expects a code when the poll is stored
       * (marked while the poll was in flight), it is due by `nextPollAt` (its slot of the
       * expecting interval); and a new message with a code ends its expecting at `untilAfterCode`
       * at the latest.
       */
      expecting?: { nextPollAt: Date; untilAfterCode: Date };
    }
  | { ok: false; error: string }
);

type RawClaim = {
  id: string;
  user_id: string;
  phone_number: string;
  api_link_enc: string;
  api_host: string;
  failures: number;
  tier: PollTier;
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
  backlog: boolean;
};

/** A timestamptz as the drivers return it from db.execute, read the way drizzle's column does. */
/** A number's link failing this many polls in a row makes a `number.failing` webhook event. */
export const FAILING_AFTER = 3;
const FAILING_AFTER_SQL = sql.raw(String(FAILING_AFTER));

/** An ISO 8601 UTC time with milliseconds, as `Date.toISOString()` writes it (SQL). */
const ISO_FORMAT = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);

const toDate = (v: string | Date) => (typeof v === 'string' ? new Date(v) : v);

const toClaim = (r: RawClaim): ClaimedNumber => ({
  id: r.id,
  userId: r.user_id,
  phoneNumber: r.phone_number,
  apiLinkEnc: r.api_link_enc,
  apiHost: r.api_host,
  failures: Number(r.failures),
  tier: r.tier,
});

/** Rows from db.execute: node-postgres returns a result object, PGlite too; both have `rows`. */

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The `PollTier` of number `v` (owned by user `u`) at `at`, as column `tier`. */
const tierAt = (at: string) => sql`case
  when v.expecting_until > ${at}::timestamptz then 'expecting'
  when u.watched_until > ${at}::timestamptz or v.watched_until > ${at}::timestamptz
    then 'watched'
  else 'unwatched' end as tier`;

/** Numbers of a paused host deferred per statement. */
export const DEFER_CHUNK = 250;

/** The poller's statements: claims and leases, the batched write of finished polls, watching. */
export function pollerRepository(db: Db) {
  return {
    /**
     * Claims up to `limit` due active numbers for this worker: FOR UPDATE SKIP LOCKED, so concurrent
     * workers never claim the same row, and a lease, so a worker that dies mid-poll releases its
     * numbers when the lease runs out. Per host at most `hosts.room[host]` (`hosts.fresh` for a
     * host not listed, none of `hosts.skip`), oldest due first: a saturated or paused host's due
     * numbers stay in the table, unclaimed, instead of being claimed and given back. Candidates
     * are the `limit` oldest due numbers of the hosts not skipped, locked (SKIP LOCKED) for the
     * statement, so a concurrent claim looks past them; those beyond their host's room are not
     * written and are free again when the statement ends. Within a host's room, candidates
     * expecting a code go first. Each claimed number comes with its tier (`PollTier`).
     */
    async claimDue(
      now: Date,
      leaseUntil: Date,
      limit: number,
      hosts: { skip: string[]; room: Record<string, number>; fresh: number } = {
        skip: [],
        room: {},
        fresh: limit,
      },
    ): Promise<ClaimedNumber[]> {
      const at = now.toISOString();
      const res = await db.execute(sql`
        with candidate as (
          select id, api_host, next_poll_at, expecting_until from voip_numbers
          where is_active and next_poll_at <= ${at}::timestamptz
            and (lease_until is null or lease_until <= ${at}::timestamptz)
            ${hosts.skip.length ? sql`and api_host <> all(array(select jsonb_array_elements_text(${JSON.stringify(hosts.skip)}::jsonb)))` : sql``}
          order by next_poll_at
          limit ${limit}
          for update skip locked
        ), ranked as (
          select c.id, c.next_poll_at, row_number() over (partition by c.api_host
            order by coalesce(c.expecting_until > ${at}::timestamptz, false) desc,
              c.next_poll_at, c.id) as rn,
            coalesce((${JSON.stringify(hosts.room)}::jsonb ->> c.api_host)::int, ${hosts.fresh}) as room
          from candidate c
        ), due as (
          select id from ranked where rn <= room
        )
        update voip_numbers v set lease_until = ${leaseUntil.toISOString()}::timestamptz
        from due, users u
        where v.id = due.id and u.id = v.user_id
        returning v.id, v.user_id, v.phone_number, v.api_link_enc, v.api_host, v.failures,
          ${tierAt(at)}`);
      return rowsOf<RawClaim>(res).map(toClaim);
    },

    /**
     * Extends the leases this worker holds (numbers in flight, waiting for their host or for the
     * writer), so a short lease never runs out under a live worker. A number already stored has
     * no lease and gets none.
     */
    async renewLeases(ids: string[], leaseUntil: Date) {
      if (ids.length === 0) return;
      await db.execute(sql`
        update voip_numbers set lease_until = ${leaseUntil.toISOString()}::timestamptz
        where id = any(${`{${ids.join(',')}}`}::uuid[]) and lease_until is not null`);
    },

    /** Claims one number of this user now, unless another poll of it is running. */
    async claimOne(userId: string, id: string, now: Date, leaseUntil: Date) {
      const res = await db.execute(sql`
        update voip_numbers v set lease_until = ${leaseUntil.toISOString()}::timestamptz
        from users u
        where v.id = ${id} and v.user_id = ${userId} and u.id = v.user_id
          and (v.lease_until is null or v.lease_until <= ${now.toISOString()}::timestamptz)
        returning v.id, v.user_id, v.phone_number, v.api_link_enc, v.api_host, v.failures,
          ${tierAt(now.toISOString())}`);
      const r = rowsOf<RawClaim>(res)[0];
      return r && toClaim(r);
    },

    /**
     * Stores a batch of finished polls in one statement, whatever the batch size (atomic, and one
     * round trip). For every number still there (locked, as an UPDATE would; a number deleted
     * meanwhile stores nothing):
     * - its schedule and error state: a success clears the failures and keeps a found end date, a
     *   failure counts one more and keeps its error;
     * - the found messages of a success that are new: not stored yet (by dedupe key) and among the
     *   newest `keep` of the stored and found ones together. So a message trimmed before, or older
     *   than the newest `keep` of a first poll, is not new; on equal times a stored one stays;
     * - the number trimmed to its newest `keep` messages, and last_used set when any was new;
     * - for a number expecting a code as the batch is stored, a success's `expecting`: due by its
     *   `nextPollAt` at the latest, and, when one of the new messages has a code (not on the
     *   number's first poll), `expecting_until` cut to `untilAfterCode` (never lengthened).
     * Returns, per outcome, the new messages in the order the provider listed them. A deadlock
     * with a user's bulk change of the same numbers is retried.
     */
    async recordPolls(outcomes: PollOutcome[], keep: number): Promise<StoredMessage[][]> {
      if (outcomes.length === 0) return [];
      // Strings go through UTF-8 as a text parameter would, so a lone surrogate becomes U+FFFD
      // instead of invalid JSON; NUL, which PostgreSQL text cannot hold, is dropped (the parser
      // already strips control characters: this is the last line of defence for the batch).
      const text = (v: string) => Buffer.from(v.replaceAll('\u0000', ''), 'utf8').toString('utf8');
      const schedules = JSON.stringify(
        outcomes.map((o) => ({
          id: o.number.id,
          polled_at: o.polledAt.toISOString(),
          next_poll_at: o.nextPollAt.toISOString(),
          error: o.ok ? null : text(o.error.slice(0, 500)),
          end_date: o.ok ? (o.endDate?.toISOString() ?? null) : null,
          expecting_next: o.ok ? (o.expecting?.nextPollAt.toISOString() ?? null) : null,
          expecting_cut: o.ok ? (o.expecting?.untilAfterCode.toISOString() ?? null) : null,
        })),
      );
      const found = outcomes.flatMap((o) =>
        o.ok
          ? o.found.map((m, ord) => ({
              number_id: o.number.id,
              ord,
              sender: text(m.sender),
              content: text(m.content),
              code: m.code === null ? null : text(m.code),
              received_at: m.receivedAt.toISOString(),
              dedupe_key: text(m.dedupeKey),
            }))
          : [],
      );
      const write = async () =>
        rowsOf<RawMessage & { ord: number }>(
          await db.execute(sql`
            with sched as (
              select * from jsonb_to_recordset(${schedules}::jsonb) as u(id uuid,
                polled_at timestamptz, next_poll_at timestamptz, error text, end_date timestamptz,
                expecting_next timestamptz, expecting_cut timestamptz)
            ), locked as (
              select v.id from voip_numbers v where v.id = any(array(select id from sched))
              for no key update
            ), found as (
              select f.* from jsonb_to_recordset(${JSON.stringify(found)}::jsonb) as f(
                number_id uuid, ord int, sender text, content text, code text,
                received_at timestamptz, dedupe_key text)
              where f.number_id in (select id from locked)
            ), fresh as (
              -- The first of each dedupe key not stored yet (a lateral lookup: an index probe
              -- per found message, never a scan of all messages).
              select distinct on (f.number_id, f.dedupe_key) f.* from found f
              left join lateral (select true as hit from messages m
                where m.voip_number_id = f.number_id and m.dedupe_key = f.dedupe_key) s on true
              where s.hit is null
              order by f.number_id, f.dedupe_key, f.ord
            ), ranked as (
              -- Stored and fresh messages of each number with fresh ones, newest first; the
              -- first 'keep' stay.
              select number_id, id, ord, row_number() over (partition by number_id
                order by received_at desc, stored desc, created_at desc) as rn
              from (
                select m.voip_number_id as number_id, m.id, null::int as ord, m.received_at,
                  true as stored, m.created_at
                from messages m where m.voip_number_id in (select number_id from fresh)
                union all
                select f.number_id, null::uuid, f.ord, f.received_at, false, now() from fresh f
              ) a
            ), ins as (
              insert into messages (voip_number_id, sender, content, code, received_at,
                dedupe_key, backlog)
              -- A number's first poll stores its provider's backlog (the snapshot before 'upd').
              select f.number_id, f.sender, f.content, f.code, f.received_at, f.dedupe_key,
                bv.last_polled_at is null
              from fresh f join ranked r on r.number_id = f.number_id and r.ord = f.ord
              join voip_numbers bv on bv.id = f.number_id
              where r.rn <= ${keep}
              order by f.number_id, f.ord
              on conflict (voip_number_id, dedupe_key) do nothing
              returning id, voip_number_id, sender, content, code, received_at, dedupe_key,
                created_at, backlog
            ), hooked as (
              -- Webhook deliveries of the new messages, in this transaction (never for a first
              -- poll's backlog): one per enabled endpoint of the owner that takes the event and
              -- whose number and tag filters (empty: all) match.
              insert into deliveries (webhook_id, event, body, created_at, next_attempt_at)
              select w.id, ev.event, jsonb_build_object(
                  'type', ev.event,
                  'timestamp', to_char(u.polled_at at time zone 'UTC', ${ISO_FORMAT}),
                  'data', jsonb_build_object('numberId', i.voip_number_id,
                    'phoneNumber', hv.phone_number, 'messageId', i.id, 'code', i.code,
                    'content', i.content, 'sender', i.sender,
                    'receivedAt', to_char(i.received_at at time zone 'UTC', ${ISO_FORMAT})))::text,
                date_trunc('milliseconds', u.polled_at), u.polled_at
              from ins i
              join sched u on u.id = i.voip_number_id
              join voip_numbers hv on hv.id = i.voip_number_id
              join webhooks w on w.user_id = hv.user_id and w.enabled
              cross join (values ('code.received'), ('message.received')) ev(event)
              where not i.backlog and ev.event = any(w.events)
                and (ev.event <> 'code.received' or i.code is not null)
                and (cardinality(w.number_ids) = 0 or i.voip_number_id = any(w.number_ids))
                and (cardinality(w.tag_ids) = 0 or exists (select 1 from voip_number_tags t
                  where t.voip_number_id = i.voip_number_id and t.tag_id = any(w.tag_ids)))
            ), health_hooked as (
              -- number.failing when a number's link fails FAILING_AFTER polls in a row (unless
              -- already failing: its host was paused), number.recovered at its first success
              -- while failing (failing_since as before this poll).
              insert into deliveries (webhook_id, event, body, created_at, next_attempt_at)
              select w.id, ev.event, jsonb_build_object(
                  'type', ev.event,
                  'timestamp', to_char(u.polled_at at time zone 'UTC', ${ISO_FORMAT}),
                  'data', jsonb_build_object('numberId', hv.id, 'phoneNumber', hv.phone_number,
                    'error', u.error, 'failures',
                    case when u.error is null then 0 else hv.failures + 1 end))::text,
                date_trunc('milliseconds', u.polled_at), u.polled_at
              from sched u
              join voip_numbers hv on hv.id = u.id and hv.id = any(array(select id from locked))
              cross join lateral (select case
                  when u.error is not null and hv.failing_since is null
                    and hv.failures + 1 >= ${FAILING_AFTER_SQL} then 'number.failing'
                  when u.error is null and hv.failing_since is not null then 'number.recovered'
                end as event) ev
              join webhooks w on w.user_id = hv.user_id and w.enabled and ev.event = any(w.events)
              where (cardinality(w.number_ids) = 0 or hv.id = any(w.number_ids))
                and (cardinality(w.tag_ids) = 0 or exists (select 1 from voip_number_tags t
                  where t.voip_number_id = hv.id and t.tag_id = any(w.tag_ids)))
            ), trimmed as (
              delete from messages where id in (
                select r.id from ranked r where r.rn > ${keep} and r.id is not null)
            ), upd as (
              update voip_numbers v set
                last_polled_at = u.polled_at,
                -- Expecting a code now (perhaps marked while this poll was in flight): due on
                -- the expecting interval at the latest.
                next_poll_at = case when v.expecting_until > u.polled_at
                  then least(u.next_poll_at, coalesce(u.expecting_next, u.next_poll_at))
                  else u.next_poll_at end,
                -- A new code arrived for a number expecting one: it expects until shortly
                -- after (never longer than it did). Not on a number's first poll, whose new
                -- messages are its provider's backlog, not the code awaited.
                expecting_until = case when v.expecting_until > u.polled_at
                    and v.last_polled_at is not null and u.expecting_cut is not null
                    and exists (select 1 from ins where ins.voip_number_id = v.id
                      and ins.code is not null)
                  then least(v.expecting_until, u.expecting_cut)
                  else v.expecting_until end,
                lease_until = null,
                failures = case when u.error is null then 0 else v.failures + 1 end,
                failing_since = case when u.error is null then null
                  when v.failures + 1 >= ${FAILING_AFTER_SQL}
                    then coalesce(v.failing_since, u.polled_at)
                  else v.failing_since end,
                last_error = u.error,
                end_date = coalesce(u.end_date, v.end_date),
                last_used = case when v.id in (select voip_number_id from ins)
                  then u.polled_at else v.last_used end
              from sched u
              where v.id = u.id and v.id = any(array(select id from locked))
            )
            select i.*, f.ord from ins i
            join fresh f on f.number_id = i.voip_number_id and f.dedupe_key = i.dedupe_key
            order by i.voip_number_id, f.ord`),
        );
      const inserted = await withRetries(write);
      // Back to their polls (rows come grouped by number, in the order the provider listed them).
      const numbers = new Map(outcomes.map((o) => [o.number.id, o.number]));
      const byNumber = new Map<string, StoredMessage[]>();
      for (const r of inserted) {
        const n = numbers.get(r.voip_number_id)!;
        const list = byNumber.get(n.id) ?? [];
        list.push({
          id: r.id,
          voipNumberId: r.voip_number_id,
          sender: r.sender,
          content: r.content,
          code: r.code,
          receivedAt: toDate(r.received_at),
          dedupeKey: r.dedupe_key,
          createdAt: toDate(r.created_at),
          backlog: r.backlog,
          phoneNumber: n.phoneNumber,
          userId: n.userId,
        });
        byNumber.set(n.id, list);
      }
      return outcomes.map((o) => {
        const stored = o.ok ? (byNumber.get(o.number.id) ?? []) : [];
        byNumber.delete(o.number.id);
        return stored;
      });
    },

    /** Gives claimed numbers back unpolled (the poller stopping): due as they were, no lease. */
    async release(ids: string[]) {
      if (ids.length === 0) return;
      await db.execute(sql`
        update voip_numbers set lease_until = null
        where id = any(${`{${ids.join(',')}}`}::uuid[])`);
    },

    /**
     * Pauses a provider host that keeps failing at connection level: its active numbers due
     * before `until` are due at `until` instead (when the poller probes the host again) and show
     * `error`; the leases of `release` (numbers this worker held for the host) are given back, while
     * leases of polls still in flight stay. A few statements for the whole host (chunks of
     * `DEFER_CHUNK`, so none holds the embedded database's one thread for long), however many
     * numbers it has. Numbers not yet failing become failing (`number.failing` webhooks, made at
     * `now`). Returns how many numbers were deferred.
     */
    async deferHost(host: string, until: Date, error: string, release: string[], now: Date) {
      const at = until.toISOString();
      const ids = `{${release.join(',')}}`;
      let total = 0;
      for (;;) {
        // A paused host's numbers are failing: each not failing yet is from now, with its
        // number.failing deliveries made in the same statement; its first successful poll
        // after the pause makes number.recovered. Its failures (its own backoff) are not touched.
        const res = await db.execute(sql`
          with moved as (
            update voip_numbers v set next_poll_at = ${at}::timestamptz, last_error = ${error},
              lease_until = case when v.id = any(${ids}::uuid[]) then null else v.lease_until end,
              failing_since = coalesce(v.failing_since, ${now.toISOString()}::timestamptz)
            from (select id, failing_since from voip_numbers
              where api_host = ${host} and is_active and next_poll_at < ${at}::timestamptz
              limit ${DEFER_CHUNK}) c
            where v.id = c.id
            returning v.id, v.user_id, v.phone_number, v.failures,
              c.failing_since is not null as was_failing
          ), hooked as (
            insert into deliveries (webhook_id, event, body, created_at, next_attempt_at)
            select w.id, 'number.failing', jsonb_build_object(
                'type', 'number.failing',
                'timestamp', to_char(${now.toISOString()}::timestamptz at time zone 'UTC', ${ISO_FORMAT}),
                'data', jsonb_build_object('numberId', m.id, 'phoneNumber', m.phone_number,
                  'error', ${error}::text, 'failures', m.failures))::text,
              ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
            from moved m
            join webhooks w on w.user_id = m.user_id and w.enabled
              and 'number.failing' = any(w.events)
            where not m.was_failing
              and (cardinality(w.number_ids) = 0 or m.id = any(w.number_ids))
              and (cardinality(w.tag_ids) = 0 or exists (select 1 from voip_number_tags t
                where t.voip_number_id = m.id and t.tag_id = any(w.tag_ids)))
          )
          select count(*)::int as n from moved`);
        const n = rowsOf<{ n: number }>(res)[0]!.n;
        total += n;
        if (n < DEFER_CHUNK) return total;
        // Let other work in between: the embedded database runs each statement on this thread
        // and would otherwise run the chunks back to back, answering no request meanwhile.
        await yieldToEventLoop();
      }
    },

    /**
     * Marks numbers (ids already checked by the caller) as watched (a public viewer) and/or
     * expecting a code until the given times (a later mark never shortens an earlier one); when
     * `pullForwardTo` is given, those active, not failing, due later than it are brought forward to
     * it. Returns how many numbers were marked.
     */
    async markNumbers(
      ids: string[],
      mark: { watchedUntil?: Date; expectingUntil?: Date; pullForwardTo?: Date },
    ) {
      if (ids.length === 0) return 0;
      const list = `{${ids.join(',')}}`;
      const ts = (d?: Date) => (d ? d.toISOString() : null);
      const res = await db.execute(sql`
        update voip_numbers set
          watched_until = greatest(watched_until, ${ts(mark.watchedUntil)}::timestamptz),
          expecting_until = greatest(expecting_until, ${ts(mark.expectingUntil)}::timestamptz),
          next_poll_at = case
            when ${ts(mark.pullForwardTo)}::timestamptz is not null and is_active and failures = 0
              and next_poll_at > ${ts(mark.pullForwardTo)}::timestamptz
            then ${ts(mark.pullForwardTo)}::timestamptz else next_poll_at end
        where id = any(${list}::uuid[])`);
      return (res as { rowCount?: number | null }).rowCount ?? 0;
    },

    /**
     * Marks the user as watching until `until`; when `pullForwardTo` is given, their active numbers
     * due later than it and not backing off after failures are brought forward to it.
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
              eq(voipNumbers.failures, 0),
              sql`${voipNumbers.nextPollAt} > ${pullForwardTo.toISOString()}::timestamptz`,
            ),
          );
      }
    },
  };
}
export type PollerRepository = ReturnType<typeof pollerRepository>;

import { and, count, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { QuietHours } from '../../../shared/channels.ts';
import type { Locale } from '../../../shared/i18n/locales.ts';
import type { DeliveryDto, WebhookDto, WebhookEvent } from '../../../shared/webhooks.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import type { KeysetCursor } from '../../db/paging.ts';
import { voipNumbers } from '../numbers/numbers.table.ts';
import { tags } from '../tags/tags.table.ts';
import { users } from '../users/users.table.ts';
import { deliveries, webhooks } from './webhooks.table.ts';
import { messageText } from '../../../shared/validation-message.ts';

const webhookColumns = {
  id: webhooks.id,
  url: webhooks.url,
  events: webhooks.events,
  numberIds: webhooks.numberIds,
  tagIds: webhooks.tagIds,
  enabled: webhooks.enabled,
  // A webhook's one reminder threshold.
  expiringDays: sql<number>`${webhooks.reminderDays}[1]`.mapWith(Number),
  disabledReason: webhooks.disabledReason,
  failingSince: webhooks.failingSince,
  createdAt: webhooks.createdAt,
};
type WebhookRow = Omit<WebhookDto, 'failingSince' | 'createdAt' | 'events'> & {
  events: string[];
  failingSince: Date | null;
  createdAt: Date;
};
const toWebhookDto = (r: WebhookRow): WebhookDto => ({
  ...r,
  events: r.events as WebhookDto['events'],
  failingSince: r.failingSince?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

const deliveryColumns = {
  id: deliveries.id,
  event: deliveries.event,
  status: deliveries.status,
  attempts: deliveries.attempts,
  responseStatus: deliveries.responseStatus,
  latencyMs: deliveries.latencyMs,
  responseExcerpt: deliveries.responseExcerpt,
  error: deliveries.error,
  createdAt: deliveries.createdAt,
  lastAttemptAt: deliveries.lastAttemptAt,
  nextAttemptAt: deliveries.nextAttemptAt,
};
type DeliveryRow = Omit<DeliveryDto, 'createdAt' | 'lastAttemptAt' | 'nextAttemptAt'> & {
  createdAt: Date;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date;
};
const toDeliveryDto = (r: DeliveryRow): DeliveryDto => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  lastAttemptAt: r.lastAttemptAt?.toISOString() ?? null,
  nextAttemptAt: r.status === 'pending' ? r.nextAttemptAt.toISOString() : null,
});

export type WebhookInput = {
  url: string;
  events: string[];
  numberIds: string[];
  tagIds: string[];
  enabled: boolean;
  expiringDays: number;
};
/** A webhook's input as stored: its `expiringDays` is its one reminder threshold. */
const stored = <T extends Partial<WebhookInput>>({ expiringDays, ...rest }: T) => ({
  ...rest,
  ...(expiringDays === undefined ? {} : { reminderDays: [expiringDays] }),
});

export type EndpointKind = (typeof webhooks.kind.enumValues)[number];

/** A delivery claimed for one attempt. */
export type ClaimedDelivery = {
  id: string;
  event: string;
  body: string;
  attempts: number;
  createdAt: Date;
};

/** An endpoint leased by a claim, with what sending to it needs and its due deliveries, oldest first. */
export type ClaimedEndpoint = {
  webhookId: string;
  kind: EndpointKind;
  host: string;
  url: string;
  quietHours: QuietHours | null;
  /** The owner's language: a channel's notifications are written in it. */
  locale: Locale;
  secretEnc: string;
  previousSecretEnc: string | null;
  previousUntil: Date | null;
  deliveries: ClaimedDelivery[];
};

/** The outcome of one attempt, as the worker decided it. */
export type AttemptResult = {
  at: Date;
  latencyMs: number;
  responseStatus: number | null;
  responseExcerpt: string | null;
  error: string | null;
} & (
  | { outcome: 'delivered' }
  | { outcome: 'retry'; nextAttemptAt: Date }
  /** Given up; `gone`: the endpoint is gone for good and is turned off with this reason. */
  | { outcome: 'failed'; gone?: string }
);

/**
 * What became of a claimed delivery: its attempt's result, or null when it was not attempted (given
 * back, its attempt not counted; due again at `dueAt` when given, as quiet hours defer it).
 */
export type FinishedDelivery = {
  webhookId: string;
  deliveryId: string;
  r: AttemptResult | null;
  dueAt?: Date;
};

/** What the next claim may bring per host (the worker's host limiter, see host-limiter.ts). */
export type HostRoom = { skip: string[]; room: Record<string, number>; fresh: number };

/** The endpoints `/v1/webhooks` shows (the others are notification channels). */
const isWebhook = eq(webhooks.kind, 'webhook');

const ISO_FORMAT = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);

export function webhooksRepository(db: Db) {
  /** The filters naming a number or a tag that is not the user's (none: all are). */
  async function unknownIds(userId: string, numberIds: string[], tagIds: string[]) {
    const bad: { numberIds?: true; tagIds?: true } = {};
    if (numberIds.length) {
      const own = await db
        .select({ id: voipNumbers.id })
        .from(voipNumbers)
        .where(and(eq(voipNumbers.userId, userId), inArray(voipNumbers.id, numberIds)));
      if (own.length !== numberIds.length) bad.numberIds = true;
    }
    if (tagIds.length) {
      const own = await db
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.userId, userId), inArray(tags.id, tagIds)));
      if (own.length !== tagIds.length) bad.tagIds = true;
    }
    return bad;
  }

  return {
    unknownIds,

    list: async (userId: string) =>
      (
        await db
          .select(webhookColumns)
          .from(webhooks)
          .where(and(eq(webhooks.userId, userId), isWebhook))
          .orderBy(webhooks.createdAt, webhooks.id)
      ).map(toWebhookDto),

    async get(userId: string, id: string) {
      const [row] = await db
        .select(webhookColumns)
        .from(webhooks)
        .where(and(eq(webhooks.userId, userId), eq(webhooks.id, id), isWebhook));
      return row && toWebhookDto(row);
    },

    /** Undefined when the user holds `max` already (counted under a lock on the user's row). */
    create: (userId: string, input: WebhookInput, secretEnc: string, max: number, now: Date) =>
      db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [held] = await tx
          .select({ n: count() })
          .from(webhooks)
          .where(and(eq(webhooks.userId, userId), isWebhook));
        if (held!.n >= max) return undefined;
        const [row] = await tx
          .insert(webhooks)
          .values({ userId, ...stored(input), secretEnc, createdAt: now })
          .returning(webhookColumns);
        return toWebhookDto(row!);
      }),

    /** Re-enabling clears why the server disabled it and its failing time. */
    async update(userId: string, id: string, patch: Partial<WebhookInput>) {
      const [row] = await db
        .update(webhooks)
        .set({
          ...stored(patch),
          ...(patch.enabled ? { disabledReason: null, failingSince: null } : {}),
        })
        .where(and(eq(webhooks.userId, userId), eq(webhooks.id, id), isWebhook))
        .returning(webhookColumns);
      return row && toWebhookDto(row);
    },

    delete: async (userId: string, id: string) =>
      (
        await db
          .delete(webhooks)
          .where(and(eq(webhooks.userId, userId), eq(webhooks.id, id), isWebhook))
          .returning({ id: webhooks.id })
      ).length > 0,

    /** The new secret signs from now; the old one too until `previousUntil`. */
    async rotate(userId: string, id: string, secretEnc: string, previousUntil: Date) {
      const [row] = await db
        .update(webhooks)
        .set({
          previousSecretEnc: webhooks.secretEnc,
          previousUntil,
          secretEnc,
        })
        .where(and(eq(webhooks.userId, userId), eq(webhooks.id, id), isWebhook))
        .returning(webhookColumns);
      return row && toWebhookDto(row);
    },

    /** A delivery for one endpoint (Send test event), due now. */
    async enqueue(
      webhookId: string,
      event: WebhookEvent | 'channel.test' | 'channel.linked',
      body: string,
      now: Date,
    ) {
      const [row] = await db
        .insert(deliveries)
        .values({ webhookId, event, body, createdAt: now, nextAttemptAt: now })
        .returning(deliveryColumns);
      return toDeliveryDto(row!);
    },

    /** The endpoint's deliveries, newest first, after `cursor`. */
    async deliveries(webhookId: string, limit: number, cursor?: KeysetCursor) {
      const rows = await db
        .select(deliveryColumns)
        .from(deliveries)
        .where(
          and(
            eq(deliveries.webhookId, webhookId),
            cursor
              ? or(
                  lt(deliveries.createdAt, cursor.at),
                  and(eq(deliveries.createdAt, cursor.at), lt(deliveries.id, cursor.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
        .limit(limit + 1);
      return { items: rows.slice(0, limit).map(toDeliveryDto), more: rows.length > limit };
    },

    /** Sends a delivery again (same id and body), due now; undefined if not the endpoint's. */
    async redeliver(webhookId: string, deliveryId: string, now: Date) {
      const [row] = await db
        .update(deliveries)
        .set({ status: 'pending', nextAttemptAt: now, createdAt: now })
        .where(and(eq(deliveries.webhookId, webhookId), eq(deliveries.id, deliveryId)))
        .returning(deliveryColumns);
      return row && toDeliveryDto(row);
    },

    /**
     * Queues `number.expiring` reminders for up to `batch` (endpoint, number, end date) that are
     * due: an enabled endpoint taking the event, an active number of its owner that its filters
     * keep, and a threshold of the endpoint's `reminder_days` passed that is nearer than any
     * reminded of for that end date. A threshold of d > 0 days is passed when the end date is at
     * most d days away; 0 when it has come (within the last day). Only the nearest threshold
     * passed is sent: a number first seen 2 days before its end gets the 3-day reminder once,
     * never the 7-day one, nor the 3-day one again. The mark (the nearest threshold sent, per end
     * date: a renewal is a new one) and the delivery are written by one statement, and the mark
     * only moves nearer, so concurrent runs (several workers) queue each reminder once. Answers
     * how many were queued.
     */
    async queueExpiring(now: Date, batch: number): Promise<number> {
      const at = now.toISOString();
      const made = await db.execute(sql`
        with cand as (
          select w.id as webhook_id, n.id as number_id, n.phone_number, n.end_date,
            case when n.end_date > ${at}::timestamptz then
              (select min(d) from unnest(w.reminder_days) d
                where d > 0 and n.end_date <= ${at}::timestamptz + make_interval(days => d))
            when 0 = any(w.reminder_days) then 0 end as days
          from webhooks w
          join voip_numbers n on n.user_id = w.user_id and n.is_active
            and n.end_date > ${at}::timestamptz - interval '1 day'
            and n.end_date <= ${at}::timestamptz
              + make_interval(days => (select max(d) from unnest(w.reminder_days) d))
          where w.enabled and 'number.expiring' = any(w.events)
            and (cardinality(w.number_ids) = 0 or n.id = any(w.number_ids))
            and (cardinality(w.tag_ids) = 0 or exists (select 1 from voip_number_tags t
              where t.voip_number_id = n.id and t.tag_id = any(w.tag_ids)))
        ), due as (
          select c.* from cand c
          where c.days is not null and not exists (select 1 from webhook_expiry_marks m
            where m.webhook_id = c.webhook_id and m.number_id = c.number_id
              and m.end_date = c.end_date and m.days <= c.days)
          limit ${batch}
        ), marked as (
          insert into webhook_expiry_marks (webhook_id, number_id, end_date, days)
          select webhook_id, number_id, end_date, days from due
          on conflict (webhook_id, number_id, end_date) do update set days = excluded.days
            where webhook_expiry_marks.days > excluded.days
          returning webhook_id, number_id, end_date
        )
        insert into deliveries (webhook_id, event, body, created_at, next_attempt_at)
        select m.webhook_id, 'number.expiring', jsonb_build_object(
            'type', 'number.expiring',
            'timestamp', ${at}::text,
            'data', jsonb_build_object('numberId', m.number_id, 'phoneNumber', d.phone_number,
              'endDate', to_char(m.end_date at time zone 'UTC', ${ISO_FORMAT}),
              'daysLeft', greatest(0,
                ceil(extract(epoch from m.end_date - ${at}::timestamptz) / 86400))::int))::text,
          ${at}::timestamptz, ${at}::timestamptz
        from marked m
        join due d on d.webhook_id = m.webhook_id and d.number_id = m.number_id
        returning 1`);
      return rowsOf(made).length;
    },

    /**
     * Queues `number.dead` for up to `batch` active numbers failing since `cut` or before whose
     * owner was not told of this failing spell yet (`dead_told_for`), to each enabled endpoint of
     * the owner taking the event whose filters keep the number; marks them told in the same
     * statement. Numbers locked by a poll in flight are skipped (the next run takes them), so
     * several workers tell of each spell once. Answers how many numbers were marked.
     */
    async queueDead(now: Date, cut: Date, batch: number): Promise<number> {
      const at = now.toISOString();
      const res = await db.execute(sql`
        with due as (
          select v.id, v.user_id, v.phone_number, v.failing_since, v.last_error
          from voip_numbers v
          where v.is_active and v.failing_since <= ${cut.toISOString()}::timestamptz
            and v.dead_told_for is distinct from v.failing_since
          order by v.failing_since
          limit ${batch}
          for no key update skip locked
        ), told as (
          update voip_numbers v set dead_told_for = d.failing_since
          from due d where v.id = d.id
          returning v.id
        ), hooked as (
          insert into deliveries (webhook_id, event, body, created_at, next_attempt_at)
          select w.id, 'number.dead', jsonb_build_object(
              'type', 'number.dead',
              'timestamp', ${at}::text,
              'data', jsonb_build_object('numberId', d.id, 'phoneNumber', d.phone_number,
                'failingSince', to_char(d.failing_since at time zone 'UTC', ${ISO_FORMAT}),
                'error', d.last_error))::text,
            ${at}::timestamptz, ${at}::timestamptz
          from due d
          join webhooks w on w.user_id = d.user_id and w.enabled and 'number.dead' = any(w.events)
          where (cardinality(w.number_ids) = 0 or d.id = any(w.number_ids))
            and (cardinality(w.tag_ids) = 0 or exists (select 1 from voip_number_tags t
              where t.voip_number_id = d.id and t.tag_id = any(w.tag_ids)))
        )
        select count(*)::int as n from told`);
      return rowsOf<{ n: number }>(res)[0]!.n;
    },

    /**
     * Queues the weekly expiry digest (`expiry.digest`) of up to `batch` enabled channels taking it
     * that have none for `now`'s week (Monday, UTC) yet: the owner's active numbers their filters
     * keep that end within `days`, soonest first; none, no digest. The week is marked in the same
     * statement (channels locked by a claim are skipped until the next run), so several workers
     * queue each week's digest once. Answers how many channels were marked.
     */
    async queueDigests(now: Date, days: number, batch: number): Promise<number> {
      const at = now.toISOString();
      const res = await db.execute(sql`
        with due as (
          select w.id, w.user_id, w.number_ids, w.tag_ids from webhooks w
          where w.kind <> 'webhook' and w.enabled and 'expiry.digest' = any(w.events)
            and (w.digest_week is null
              or w.digest_week < date_trunc('week', ${at}::timestamptz at time zone 'UTC')::date)
          limit ${batch}
          for no key update skip locked
        ), marked as (
          update webhooks x
          set digest_week = date_trunc('week', ${at}::timestamptz at time zone 'UTC')::date
          from due d where x.id = d.id
          returning x.id
        ), lists as (
          select d.id, jsonb_agg(jsonb_build_object('numberId', n.id,
              'phoneNumber', n.phone_number,
              'endDate', to_char(n.end_date at time zone 'UTC', ${ISO_FORMAT}),
              'daysLeft', ceil(extract(epoch from n.end_date - ${at}::timestamptz) / 86400)::int)
            order by n.end_date, n.id) as items
          from due d
          join voip_numbers n on n.user_id = d.user_id and n.is_active
            and n.end_date > ${at}::timestamptz
            and n.end_date <= ${at}::timestamptz + make_interval(days => ${days})
          where (cardinality(d.number_ids) = 0 or n.id = any(d.number_ids))
            and (cardinality(d.tag_ids) = 0 or exists (select 1 from voip_number_tags t
              where t.voip_number_id = n.id and t.tag_id = any(d.tag_ids)))
          group by d.id
        ), queued as (
          insert into deliveries (webhook_id, event, body, created_at, next_attempt_at)
          select l.id, 'expiry.digest', jsonb_build_object('type', 'expiry.digest',
              'timestamp', ${at}::text,
              'data', jsonb_build_object('days', ${days}::int, 'numbers', l.items))::text,
            ${at}::timestamptz, ${at}::timestamptz
          from lists l
        )
        select count(*)::int as n from marked`);
      return rowsOf<{ n: number }>(res)[0]!.n;
    },

    /**
     * Deletes up to `batch` expiry marks of end dates over a day before `now` (no reminder is due
     * for them any more: the one on the end date is made within its first day).
     */
    async pruneExpiryMarks(now: Date, batch: number): Promise<number> {
      const gone = await db.execute(sql`
        delete from webhook_expiry_marks where ctid in (
          select ctid from webhook_expiry_marks
          where end_date < ${now.toISOString()}::timestamptz - interval '1 day' limit ${batch})
        returning 1`);
      return rowsOf(gone).length;
    },
    /** Deletes up to `batch` finished deliveries made before `before` (the log's retention). */
    async pruneDeliveries(before: Date, batch: number): Promise<number> {
      const gone = await db.execute(sql`
        delete from deliveries where id in (
          select id from deliveries
          where status <> 'pending' and created_at < ${before.toISOString()}::timestamptz
          limit ${batch})
        returning 1`);
      return rowsOf(gone).length;
    },

    /**
     * Claims up to `limit` endpoints with a due delivery (enabled, not leased, least recently
     * leased first), leases each for `leaseMs`, and returns each one with up to `perEndpoint` of its
     * due deliveries (one while it is failing), oldest first, their attempts counted: an endpoint
     * is sent to by one worker at a time, in order, so a slow receiver holds one worker slot,
     * never the others'.
     * Per host at most `hosts.room[host]` endpoints (`hosts.fresh` for a host not listed, none of
     * `hosts.skip`): a host that is paused or has its slots taken stays in the table, unclaimed.
     * Endpoints are locked with SKIP LOCKED, so workers in several processes never claim the same;
     * candidates beyond their host's room are not leased and are free when the statement ends.
     * Each step is an index probe per endpoint (deliveries_due_idx), whatever the backlog.
     */
    async claim(
      now: Date,
      limit: number,
      leaseMs: number,
      hosts: HostRoom = { skip: [], room: {}, fresh: limit },
      perEndpoint = 1,
    ): Promise<ClaimedEndpoint[]> {
      const at = now.toISOString();
      const until = new Date(now.getTime() + leaseMs).toISOString();
      const rows = rowsOf<
        Omit<ClaimedEndpoint, 'deliveries'> & ClaimedDelivery & { deliveryId: string; seq: number }
      >(
        await db.execute(sql`
          with candidate as (
            select w.id, w.host, w.lease_until from webhooks w
            where w.enabled and (w.lease_until is null or w.lease_until <= ${at}::timestamptz)
              ${hosts.skip.length ? sql`and w.host <> all(array(select jsonb_array_elements_text(${JSON.stringify(hosts.skip)}::jsonb)))` : sql``}
              and exists (select 1 from deliveries d where d.webhook_id = w.id
                and d.status = 'pending' and d.next_attempt_at <= ${at}::timestamptz)
            order by w.lease_until nulls first
            limit ${limit}
            -- Not FOR UPDATE: that would wait on (and deadlock with) the key-share locks that
            -- inserting deliveries takes on their endpoint.
            for no key update skip locked
          ), ep as (
            select id from (
              select c.id, row_number() over (partition by c.host
                  order by c.lease_until nulls first, c.id) as rn,
                coalesce((${JSON.stringify(hosts.room)}::jsonb ->> c.host)::int, ${hosts.fresh}) as room
              from candidate c) r
            where rn <= room
          ), leased as (
            update webhooks w set lease_until = ${until}::timestamptz
            from ep where w.id = ep.id
            returning w.id, w.kind, w.url, w.host, w.quiet_hours, w.secret_enc,
              w.previous_secret_enc, w.previous_until, w.failing_since,
              (select u.locale from users u where u.id = w.user_id) as locale
          ), picked as (
            -- A failing endpoint gets one delivery per claim (its probe), not a batch.
            select l.*, due.id as delivery_id, due.seq
            from leased l cross join lateral (select d.id, row_number() over (
                order by d.next_attempt_at, d.created_at, d.id) as seq
              from deliveries d
              where d.webhook_id = l.id and d.status = 'pending'
                and d.next_attempt_at <= ${at}::timestamptz
              order by d.next_attempt_at, d.created_at, d.id
              limit case when l.failing_since is null then ${perEndpoint} else 1 end) due
          )
          update deliveries d set attempts = d.attempts + 1
          from picked p
          where d.id = p.delivery_id
          returning d.id as "deliveryId", d.webhook_id as "webhookId", d.event, d.body, d.attempts,
            d.created_at as "createdAt", p.seq::int as seq, p.kind, p.url, p.host,
            p.quiet_hours as "quietHours", p.locale,
            p.secret_enc as "secretEnc", p.previous_secret_enc as "previousSecretEnc",
            p.previous_until as "previousUntil"`),
      );
      // The statement's rows come in no order: each endpoint's deliveries in the claim's order.
      rows.sort((x, y) => x.seq - y.seq);
      const endpoints = new Map<string, ClaimedEndpoint>();
      for (const r of rows) {
        let e = endpoints.get(r.webhookId);
        if (!e) {
          e = {
            webhookId: r.webhookId,
            kind: r.kind,
            host: r.host,
            url: r.url,
            quietHours: r.quietHours,
            locale: r.locale,
            secretEnc: r.secretEnc,
            previousSecretEnc: r.previousSecretEnc,
            previousUntil: r.previousUntil ? new Date(r.previousUntil) : null,
            deliveries: [],
          };
          endpoints.set(r.webhookId, e);
        }
        e.deliveries.push({
          id: r.deliveryId,
          event: r.event,
          body: r.body,
          attempts: r.attempts,
          createdAt: new Date(r.createdAt),
        });
      }
      return [...endpoints.values()];
    },

    /**
     * Records what became of claimed deliveries, in one transaction of three or four statements
     * whatever their number (the worker batches them). Each endpoint's lease ends, and its failing
     * time is set by a failed attempt (kept from before unless one of these attempts succeeded) or
     * cleared by a success; each attempted delivery's state is written, and one left unsent (`r`
     * null) is given back, its attempt not counted; an endpoint failing for `disableAfterMs` is
     * disabled. An endpoint's attempts stop at its first failure, so a failure is its last
     * attempt here. Endpoints first, then deliveries: the order a claim and a deleted endpoint's
     * cascade lock them in, so none can deadlock with another. Answers the endpoints just disabled,
     * with their owner's email.
     */
    finishMany: (done: FinishedDelivery[], disableAfterMs: number) =>
      db.transaction(async (tx) => {
        const rows = JSON.stringify(
          done.map(({ webhookId, deliveryId, r, dueAt }) => ({
            webhook_id: webhookId,
            delivery_id: deliveryId,
            sent: r !== null,
            status: r && (r.outcome === 'retry' ? 'pending' : r.outcome),
            delivered: r?.outcome === 'delivered',
            at: r?.at.toISOString(),
            latency_ms: r?.latencyMs,
            response_status: r?.responseStatus,
            response_excerpt: r?.responseExcerpt,
            error: r?.error,
            next_attempt_at:
              r?.outcome === 'retry'
                ? r.nextAttemptAt.toISOString()
                : (dueAt?.toISOString() ?? null),
            gone: r?.outcome === 'failed' ? (r.gone ?? null) : null,
          })),
        );
        const recordset = sql`jsonb_to_recordset(${rows}::jsonb) as r(webhook_id uuid,
          delivery_id uuid, sent boolean, status text, delivered boolean, at timestamptz,
          latency_ms int, response_status int, response_excerpt text, error text,
          next_attempt_at timestamptz, gone text)`;
        const failing = rowsOf<{
          id: string;
          kind: EndpointKind;
          url: string;
          email: string;
          locale: Locale;
        }>(
          await tx.execute(sql`
            with per as (
              select r.webhook_id, bool_or(r.delivered) as delivered,
                max(r.at) filter (where r.sent and not r.delivered) as failed_at
              from ${recordset}
              group by r.webhook_id
            ), ended as (
              update webhooks w set lease_until = null,
                failing_since = case
                  when p.failed_at is null then
                    case when p.delivered then null else w.failing_since end
                  when p.delivered then p.failed_at
                  else coalesce(w.failing_since, p.failed_at) end
              from per p
              where w.id = p.webhook_id
              returning w.id, w.kind, w.url, w.user_id, w.enabled, w.failing_since, p.failed_at
            )
            select e.id, e.kind, e.url, u.email, u.locale from ended e join users u on u.id = e.user_id
            where e.enabled and e.failing_since is not null
              and e.failed_at - e.failing_since >= make_interval(secs => ${disableAfterMs / 1000})`),
        );
        await tx.execute(sql`
          update deliveries d set status = r.status, last_attempt_at = r.at,
            latency_ms = r.latency_ms, response_status = r.response_status,
            response_excerpt = r.response_excerpt, error = r.error,
            next_attempt_at = coalesce(r.next_attempt_at, d.next_attempt_at)
          from ${recordset}
          where d.id = r.delivery_id and r.sent`);
        // Gone for good (a push subscription ended): off now, with why; no email, nothing to fix.
        if (done.some((x) => x.r?.outcome === 'failed' && x.r.gone))
          await tx.execute(sql`
            update webhooks w set enabled = false, disabled_reason = r.gone
            from ${recordset}
            where w.id = r.webhook_id and r.gone is not null and w.enabled`);
        if (done.some((x) => x.r === null))
          await tx.execute(sql`
            update deliveries d set attempts = d.attempts - 1,
              next_attempt_at = coalesce(r.next_attempt_at, d.next_attempt_at)
            from ${recordset}
            where d.id = r.delivery_id and not r.sent`);
        if (failing.length === 0) return [];
        await tx
          .update(webhooks)
          .set({ enabled: false, disabledReason: messageText('server.disabled.failedDay') })
          .where(
            inArray(
              webhooks.id,
              failing.map((f) => f.id),
            ),
          );
        return failing.map(({ email, locale, kind, url }) => ({ email, locale, kind, url }));
      }),
  };
}
export type WebhooksRepository = ReturnType<typeof webhooksRepository>;

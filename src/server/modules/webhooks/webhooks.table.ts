import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { voipNumbers } from '../numbers/numbers.table.ts';
import { users } from '../users/users.table.ts';
import type { QuietHours } from '../../../shared/channels.ts';

/**
 * A user's delivery endpoints: webhooks, and notification channels (email, Telegram, ntfy,
 * Discord, Slack, Web Push), one `kind` each (ADR 0017). The secret is kept encrypted (it must be
 * used, not only checked): a webhook's signing secret (after a rotation the previous one still
 * signs until `previous_until`), an ntfy access token, a push subscription's keys; empty when the
 * kind has none.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['webhook', 'email', 'telegram', 'ntfy', 'discord', 'slack', 'webpush'],
    })
      .notNull()
      .default('webhook'),
    /**
     * Where requests go: the webhook, ntfy topic, Discord or Slack URL, the push service endpoint;
     * `mailto:<address>` for email, `tg:<chat id>` for Telegram (`tg:` until the chat is linked).
     */
    url: text('url').notNull(),
    /**
     * The URL's host (and port, lower case, without credentials), or the scheme of a URL without
     * one (`mailto`, `tg`): the delivery worker's per-host limits and breaker go by it. Kept by
     * the database, so no writer can leave it out.
     */
    host: text('host')
      .notNull()
      .generatedAlwaysAs(
        sql`coalesce(lower(substring(url from '^[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^@/?#]*@)?([^/?#]+)')), lower(substring(url from '^([a-zA-Z][a-zA-Z0-9+.-]*):')), '')`,
      ),
    /** A kind's settings that are not secret (a Telegram chat's name, an ntfy topic). */
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * No delivery during these hours of the owner's day (`start` to `end`, "HH:MM", in
     * `timeZone`): they wait for the window's end; codes are sent anyway when `codes` is set.
     */
    quietHours: jsonb('quiet_hours').$type<QuietHours>(),
    events: text('events').array().notNull(),
    numberIds: uuid('number_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    tagIds: uuid('tag_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    enabled: boolean('enabled').notNull().default(true),
    /**
     * Reminders before a number's end date (`number.expiring`): once per threshold this many
     * days before it; 0 is the end date itself. A webhook has one (its `expiringDays`).
     */
    reminderDays: integer('reminder_days')
      .array()
      .notNull()
      .default(sql`'{7,3,1,0}'`),
    secretEnc: text('secret_enc').notNull(),
    previousSecretEnc: text('previous_secret_enc'),
    previousUntil: timestamp('previous_until', { withTimezone: true }),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /**
     * Held while a batch of its deliveries is being sent (claimed): one attempt per endpoint at a
     * time, in every process; a crashed worker's lease runs out and its deliveries are sent again.
     */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    /** The week (its Monday, UTC) of the last weekly expiry digest queued for this channel. */
    digestWeek: date('digest_week', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_user_idx').on(t.userId, t.kind, t.createdAt)],
);

/**
 * What must reach a webhook: a row written in the same transaction as its cause, claimed by a
 * delivery worker under its endpoint's lease, retried until delivered or given up. Its id is the `webhook-id`
 * every attempt carries, and `body` is sent byte for byte on each.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    responseStatus: integer('response_status'),
    latencyMs: integer('latency_ms'),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  },
  (t) => [
    // An endpoint's due deliveries (the claim), and its log (newest first).
    index('deliveries_due_idx')
      .on(t.webhookId, t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('deliveries_webhook_idx').on(t.webhookId, t.createdAt),
    // Finished deliveries, oldest first (the log retention job).
    index('deliveries_done_idx')
      .on(t.createdAt)
      .where(sql`${t.status} <> 'pending'`),
  ],
);

/**
 * A `number.expiring` event made for an endpoint, a number and its end date: made once (the key),
 * in the statement that queues the delivery, so no worker, run or restart makes it twice; a later
 * end date (a renewal) is a new key.
 */
export const webhookExpiryMarks = pgTable(
  'webhook_expiry_marks',
  {
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    numberId: uuid('number_id')
      .notNull()
      .references(() => voipNumbers.id, { onDelete: 'cascade' }),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    /** The nearest threshold already sent: a reminder is due only for a nearer one. */
    days: integer('days').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.webhookId, t.numberId, t.endDate] })],
);

import {
  bigint,
  boolean,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { voipNumbers } from '../numbers/numbers.table.ts';

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    voipNumberId: uuid('voip_number_id')
      .notNull()
      .references(() => voipNumbers.id, { onDelete: 'cascade' }),
    sender: text('sender').notNull(),
    content: text('content').notNull(),
    code: text('code'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    /** Stored by the number's first poll: its provider's backlog, never a code a script awaits. */
    backlog: boolean('backlog').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_number_dedupe_uq').on(t.voipNumberId, t.dedupeKey),
    index('messages_number_received_idx').on(t.voipNumberId, t.receivedAt),
    // Event replay (Last-Event-ID) and history ordering by arrival.
    index('messages_number_created_idx').on(t.voipNumberId, t.createdAt),
  ],
);

/**
 * Messages stored per day (UTC, by created_at), kept by statement-level triggers on messages
 * (migration 0009), so the admin's totals and 30-day volume never count the messages table.
 */
export const messageDailyCounts = pgTable('message_daily_counts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  total: bigint('total', { mode: 'number' }).notNull().default(0),
});

/**
 * Codes handed out in claim mode (`GET /v1/numbers/{id}/code?claim=true`): one row per message, so
 * the primary key makes a claim exclusive across requests and processes. `request_key` (a hash of
 * the user and the caller's Idempotency-Key) lets a retried request get its code again.
 */
export const codeClaims = pgTable(
  'code_claims',
  {
    messageId: uuid('message_id')
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    voipNumberId: uuid('voip_number_id')
      .notNull()
      .references(() => voipNumbers.id, { onDelete: 'cascade' }),
    requestKey: text('request_key'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('code_claims_request_uq').on(t.requestKey),
    index('code_claims_number_idx').on(t.voipNumberId),
  ],
);

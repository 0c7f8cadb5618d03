import {
  bigint,
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

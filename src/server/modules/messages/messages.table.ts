import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

import { bigint, smallint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The site bot's reading of Telegram updates (`getUpdates`): the next update to ask for, and the
 * lease of the one process that reads them (Telegram refuses two readers at once). One row.
 */
export const telegramBotState = pgTable('telegram_bot_state', {
  id: smallint('id').primaryKey(),
  updateOffset: bigint('update_offset', { mode: 'number' }).notNull().default(0),
  leaseOwner: text('lease_owner'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
});

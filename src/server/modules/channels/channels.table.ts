import { bigint, smallint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The site bot's reading of Telegram updates (`getUpdates`): the next update to ask for, and the
 * lease of the one process that reads them (Telegram refuses two readers at once), and the token
 * an admin saved. One row.
 */
export const telegramBotState = pgTable('telegram_bot_state', {
  id: smallint('id').primaryKey(),
  updateOffset: bigint('update_offset', { mode: 'number' }).notNull().default(0),
  leaseOwner: text('lease_owner'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  /** The bot token an admin saved (encrypted); TELEGRAM_BOT_TOKEN, when set, is used instead. */
  tokenEnc: text('token_enc'),
});

import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/**
 * A user's rented number. The provider link is stored encrypted (api_link_enc); its host is kept in
 * clear for search and per-host limits, and its host and path without secrets (api_host_path,
 * `linkSearchText`) for search. Poll-state columns are used by the poller.
 */
export const voipNumbers = pgTable(
  'voip_numbers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    apiLinkEnc: text('api_link_enc').notNull(),
    apiHost: text('api_host').notNull(),
    /**
     * `linkSearchText` of the link: searched by queries with a '/'. Null until the backfill job
     * fills it for numbers added before migration 0019.
     */
    apiHostPath: text('api_host_path'),
    isActive: boolean('is_active').notNull().default(true),
    isFavorite: boolean('is_favorite').notNull().default(false),
    notes: text('notes').notNull().default(''),
    lastUsed: timestamp('last_used', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    dateLastChecked: timestamp('date_last_checked', { withTimezone: true }),
    nextPollAt: timestamp('next_poll_at', { withTimezone: true }).notNull().defaultNow(),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    failures: integer('failures').notNull().default(0),
    /**
     * Failing since then (its link failed FAILING_AFTER polls in a row, or its provider host was
     * paused): number.failing was sent; its next successful poll sends number.recovered.
     */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /**
     * The `failing_since` its owner was told the link may be dead for (number.dead, once per
     * failing spell): the card shows "Link may be dead" while the two are equal.
     */
    deadToldFor: timestamp('dead_told_for', { withTimezone: true }),
    /** Someone views a public page or endpoint with this number: polled at the watched interval. */
    watchedUntil: timestamp('watched_until', { withTimezone: true }),
    /** A code is about to be sent (the number was copied, a script waits): polled fastest. */
    expectingUntil: timestamp('expecting_until', { withTimezone: true }),
    // To the millisecond, as the list's cursor carries it (a JS Date): with PostgreSQL's microseconds,
    // numbers imported together (one now()) fell after their own page's cursor.
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('voip_numbers_user_phone_uq').on(t.userId, t.phoneNumber),
    // Ascending columns: a backward scan serves ORDER BY created_at DESC, id DESC (NULLS FIRST) with no sort.
    index('voip_numbers_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('voip_numbers_due_idx')
      .on(t.nextPollAt)
      .where(sql`${t.isActive}`),
    // Numbers failing, oldest spell first (the dead-link events).
    index('voip_numbers_failing_idx')
      .on(t.failingSince)
      .where(sql`${t.isActive} and ${t.failingSince} is not null`),
    // A paused provider host's numbers are deferred together (poller deferHost).
    index('voip_numbers_host_idx')
      .on(t.apiHost)
      .where(sql`${t.isActive}`),
    // Search (`?q=`): the user's distinct hosts (a skip scan), then the numbers on the matching
    // hosts, newest first for one host (migration 0007).
    // A user's numbers by end date (expiry events and reminders).
    index('voip_numbers_user_end_idx')
      .on(t.userId, t.endDate)
      .where(sql`${t.endDate} is not null`),
    index('voip_numbers_user_host_idx').on(t.userId, t.apiHost, t.createdAt, t.id),
    // Search (`?q=`): substring LIKE on the host and the phone digits (pg_trgm, migration 0005).
    index('voip_numbers_host_trgm_idx').using('gin', t.apiHost.op('gin_trgm_ops')),
    index('voip_numbers_phone_trgm_idx').using('gin', t.phoneNumber.op('gin_trgm_ops')),
    // Search by a link's path (queries with a '/', migration 0019), and the numbers the backfill
    // job has still to fill.
    index('voip_numbers_host_path_trgm_idx').using('gin', t.apiHostPath.op('gin_trgm_ops')),
    index('voip_numbers_host_path_missing_idx')
      .on(t.id)
      .where(sql`${t.apiHostPath} is null`),
  ],
);

/**
 * How many numbers each user has, kept by statement-level triggers on voip_numbers (migration
 * 0002), so the dashboard's total costs one row read instead of a count over the collection. Write
 * paths lock the user's row first (`lockCount`), which also serialises a user's bulk writes.
 */
export const numberCounts = pgTable('number_counts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
});

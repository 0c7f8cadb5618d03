import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { voipNumbers } from '../numbers/numbers.table.ts';
import { users } from '../users/users.table.ts';

/**
 * A public page (/api/{hash}): a named set of the owner's numbers that anyone with the link can
 * watch, without the provider links. `hash` is 128 random bits, base64url (22 characters).
 * `views` and `last_accessed` are written in batches, not per request.
 */
export const publicPages = pgTable(
  'public_pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hash: text('hash').notNull(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    views: integer('views').notNull().default(0),
    lastAccessed: timestamp('last_accessed', { withTimezone: true }),
    // Milliseconds, as the list cursor carries them (rows made by one statement share a time).
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('public_pages_hash_uq').on(t.hash),
    index('public_pages_user_created_idx').on(t.userId, t.createdAt, t.id),
  ],
);

/** The numbers of a public page; deleting a number (or the page) removes its rows. */
export const publicPageNumbers = pgTable(
  'public_page_numbers',
  {
    pageId: uuid('page_id')
      .notNull()
      .references(() => publicPages.id, { onDelete: 'cascade' }),
    voipNumberId: uuid('voip_number_id')
      .notNull()
      .references(() => voipNumbers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.pageId, t.voipNumberId] }),
    index('public_page_numbers_number_idx').on(t.voipNumberId),
  ],
);

/**
 * A single endpoint (/single/{hash}; 'Single API' in the UI) of one of the owner's numbers;
 * deleting the number deletes its endpoints. `remark` groups them for the owner (default 'none').
 */
export const singleEndpoints = pgTable(
  'single_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    voipNumberId: uuid('voip_number_id')
      .notNull()
      .references(() => voipNumbers.id, { onDelete: 'cascade' }),
    hash: text('hash').notNull(),
    name: text('name').notNull(),
    remark: text('remark').notNull().default('none'),
    isActive: boolean('is_active').notNull().default(true),
    views: integer('views').notNull().default(0),
    lastAccessed: timestamp('last_accessed', { withTimezone: true }),
    // Milliseconds, as the list cursor carries them (rows made by one statement share a time).
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('single_endpoints_hash_uq').on(t.hash),
    index('single_endpoints_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('single_endpoints_number_idx').on(t.voipNumberId),
    index('single_endpoints_user_remark_idx').on(t.userId, t.remark),
  ],
);

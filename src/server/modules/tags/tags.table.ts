import { sql } from 'drizzle-orm';
import {
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { voipNumbers } from '../numbers/numbers.table.ts';
import { users } from '../users/users.table.ts';

/** A user's tags; names are unique per user case-insensitively. */
export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tags_user_name_uq').on(t.userId, sql`lower(${t.name})`),
    // Search (`?q=`): substring ILIKE on tag names (pg_trgm, migration 0005).
    index('tags_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

export const voipNumberTags = pgTable(
  'voip_number_tags',
  {
    voipNumberId: uuid('voip_number_id')
      .notNull()
      .references(() => voipNumbers.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.voipNumberId, t.tagId] }),
    index('voip_number_tags_tag_idx').on(t.tagId),
  ],
);

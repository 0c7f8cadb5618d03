import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/**
 * One analytics event (product rules): page views and the tracked events. The address is stored
 * truncated (IPv4 /24, IPv6 /48). Rows older than the `analytics_retention_days` setting are pruned.
 * Events recorded by the server itself (admin writes) have no session.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventType: text('event_type').notNull(),
    eventData: jsonb('event_data').$type<Record<string, unknown>>().notNull().default({}),
    /** Null = Anonymous; set null when the user is deleted. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    sessionId: text('session_id'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** Path and query of the page (no origin). */
    pageUrl: text('page_url'),
    referrer: text('referrer'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('analytics_events_created_idx').on(t.createdAt),
    index('analytics_events_type_created_idx').on(t.eventType, t.createdAt),
    index('analytics_events_user_idx').on(t.userId),
  ],
);

import { sql } from 'drizzle-orm';
import {
  check,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AdminPermissions, AdminRole } from '../../../shared/admin-access.ts';
import { users } from '../users/users.table.ts';

/**
 * An administrator: a user with a role and per-section permissions. The email is the user's
 * (users.email), never copied here. A super_admin has every permission whatever is stored.
 */
export const adminUsers = pgTable(
  'admin_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<AdminRole>().notNull().default('admin'),
    permissions: jsonb('permissions')
      .$type<AdminPermissions>()
      .notNull()
      .default({ blog: true, users: true, analytics: true, settings: true }),
    isActive: boolean('is_active').notNull().default(true),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('admin_users_user_uq').on(t.userId),
    check('admin_users_role_ck', sql`${t.role} in ('editor', 'admin', 'super_admin')`),
  ],
);

/** Who did what to what, and when: every admin write (administrators, settings, contact, …). */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The acting user; null for the CLI and the ADMIN_EMAILS bootstrap, or once that user is deleted. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's email at the time (kept when the user is deleted), or 'cli' / 'ADMIN_EMAILS'. */
    actor: text('actor').notNull(),
    /** e.g. admin_user_created, admin_user_updated, admin_user_deleted, site_setting_updated. */
    action: text('action').notNull(),
    /** What it acted on: an email, a setting key, a message id. */
    target: text('target').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_log_created_idx').on(t.createdAt, t.id)],
);

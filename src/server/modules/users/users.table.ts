import { sql } from 'drizzle-orm';
import { THEMES } from '../../../shared/theme.ts';
import { LOCALES } from '../../../shared/i18n/locales.ts';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The single identity table. Emails are stored lower-case (enforced), so unique(email) is case-insensitive. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    // Milliseconds, as the admin list's cursor carries them.
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** Set while the user has the app open (a live event stream); their numbers poll faster until then. */
    watchedUntil: timestamp('watched_until', { withTimezone: true }),
    /** Show a toast when a new code arrives (Settings → Preferences). */
    codeToasts: boolean('code_toasts').notNull().default(true),
    /** The colour theme: 'system' (follow the device), 'light' or 'dark' (Settings → Preferences). */
    theme: text('theme', { enum: THEMES }).notNull().default('system'),
    /**
     * The language the user reads the product in: the one they signed up in, then their choice
     * (the switcher). Mails and notifications to them use it too.
     */
    locale: text('locale', { enum: LOCALES }).notNull().default('en'),
  },
  (t) => [
    check('users_email_lower_ck', sql`${t.email} = lower(${t.email})`),
    check('users_theme_ck', sql`${t.theme} in ('system', 'light', 'dark')`),
    check('users_locale_ck', sql`${t.locale} in ('en', 'zh', 'ru', 'es')`),
    // The admin users list: newest first, keyset paged.
    index('users_created_idx').on(t.createdAt, t.id),
  ],
);

import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A blog post (docs/product-rules.md). Only published posts count in stats and appear on /blog. */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    excerpt: text('excerpt').notNull(),
    /** Markdown as written. */
    content: text('content').notNull(),
    /** The content rendered to sanitised HTML at write time (never re-rendered on read). */
    contentHtml: text('content_html').notNull().default(''),
    author: text('author').notNull().default('VOIP Manager Team'),
    category: text('category').notNull().default('General'),
    featured: boolean('featured').notNull().default(false),
    published: boolean('published').notNull().default(true),
    readTime: text('read_time').notNull().default('5 min read'),
    metaDescription: text('meta_description'),
    metaKeywords: text('meta_keywords'),
    viewCount: integer('view_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blog_posts_slug_uq').on(t.slug),
    index('blog_posts_published_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.published}`),
    index('blog_posts_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * Who has viewed a post on a day: a view counts once per visitor per day. `visitor` is an HMAC of
 * the address and user agent (no cookie, nothing reversible). Rows older than two days are pruned.
 */
export const blogPostViews = pgTable(
  'blog_post_views',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.visitor, t.day] }),
    index('blog_post_views_day_idx').on(t.day),
  ],
);

/** 'Stay Updated' subscriptions: one row per email (stored lower-cased). */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_uq').on(t.email),
    index('newsletter_subscribers_created_idx').on(t.createdAt, t.id),
  ],
);

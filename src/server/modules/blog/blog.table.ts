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

/** A blog post (spec section 3). Only published posts count in stats and appear on /blog. */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    excerpt: text('excerpt').notNull(),
    content: text('content').notNull(),
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
  ],
);

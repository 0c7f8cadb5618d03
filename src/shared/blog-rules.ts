/**
 * Blog constants and the slug rule, without zod (the public blog pages import only this).
 * The rules: docs/product-rules.md, Blog.
 */
import type { MessageId } from './i18n/namespaces.ts';

export const BLOG_CATEGORIES = [
  'General',
  'Security',
  'Technical',
  'Industry',
  'Strategy',
  'Business',
] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];
/** Each category's name in the catalogue (the stored value stays English). */
export const CATEGORY_NAMES = {
  General: 'public.blog.category.general',
  Security: 'public.blog.category.security',
  Technical: 'public.blog.category.technical',
  Industry: 'public.blog.category.industry',
  Strategy: 'public.blog.category.strategy',
  Business: 'public.blog.category.business',
} as const satisfies Record<BlogCategory, MessageId>;
/** The public blog's category buttons (after 'All'): General is omitted. */
export const PUBLIC_BLOG_CATEGORIES = BLOG_CATEGORIES.filter((c) => c !== 'General');

export const BLOG_DEFAULTS = {
  author: 'VOIP Manager Team',
  category: 'General' as BlogCategory,
  readTime: '5 min read',
  published: true,
  featured: false,
};

export const BLOG_LIMITS = {
  title: 200,
  slug: 120,
  excerpt: 500,
  /** Characters of Markdown: a 200 KB post fits with room to spare. */
  content: 250_000,
  author: 100,
  readTime: 40,
  metaDescription: 300,
  metaKeywords: 300,
};

/** /blog's cards per page (Load more adds a page); the featured strip shows one page of 3. */
export const BLOG_PAGE_SIZE = 12;
export const BLOG_FEATURED_LIMIT = 3;

/** `?category=`'s value when it is a public category, else null (all). */
export const publicCategoryOf = (v: string | null | undefined): BlogCategory | null =>
  v && (PUBLIC_BLOG_CATEGORIES as readonly string[]).includes(v) ? (v as BlogCategory) : null;

/** Related articles under a post, and how much of their excerpt shows. */
export const RELATED_POSTS = 2;
export const RELATED_EXCERPT_CHARS = 120;

/** A valid slug: lower-case ASCII letters and digits in hyphen-separated runs. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The slug generated from a title (product rules): lower-cased; characters other than letters,
 * digits, spaces and hyphens removed; whitespace runs become one hyphen; repeated hyphens
 * collapsed; hyphens trimmed from both ends. Letters are ASCII (accents are dropped to their base
 * letter first), so every slug is URL-safe as is. Cut to the slug limit.
 */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, BLOG_LIMITS.slug)
    .replace(/-+$/, '');
}

/** An excerpt cut for a related-article card: 120 characters plus '...'. */
export const cutExcerpt = (s: string, n = RELATED_EXCERPT_CHARS) =>
  s.length > n ? `${s.slice(0, n)}...` : s;

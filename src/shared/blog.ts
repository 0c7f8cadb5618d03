import { z } from 'zod';
import { mustBeBoolean, type ValidationMessageId } from './validation-message.ts';
import {
  BLOG_CATEGORIES,
  BLOG_DEFAULTS,
  BLOG_LIMITS,
  SLUG_PATTERN,
  type BlogCategory,
} from './blog-rules.ts';

/** Blog posts: admin API (/v1/admin/posts, permission blog) and public API (/v1/blog). */
export * from './blog-rules.ts';

/** A required text: its messages when it is missing or blank, and when longer than `max`. */
const text = (required: ValidationMessageId, tooLong: ValidationMessageId, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);
/** Optional meta text: empty or blank means none (null). */
const optionalText = (tooLong: ValidationMessageId, max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : null));

export const blogCategorySchema = z.enum(BLOG_CATEGORIES, { error: 'validation.blog.category' });
export const slugSchema = z
  .string({ error: 'validation.blog.slugRequired' })
  .trim()
  .min(1, 'validation.blog.slugRequired')
  .max(BLOG_LIMITS.slug, 'validation.blog.slugTooLong')
  .regex(SLUG_PATTERN, 'validation.blog.slugFormat');

const postFields = {
  title: text('validation.blog.titleRequired', 'validation.blog.titleTooLong', BLOG_LIMITS.title),
  slug: slugSchema,
  excerpt: text(
    'validation.blog.excerptRequired',
    'validation.blog.excerptTooLong',
    BLOG_LIMITS.excerpt,
  ),
  content: z
    .string({ error: 'validation.blog.contentRequired' })
    .min(1, 'validation.blog.contentRequired')
    .max(BLOG_LIMITS.content, 'validation.blog.contentTooLong')
    .refine((s) => s.trim().length > 0, 'validation.blog.contentRequired'),
  author: text(
    'validation.blog.authorRequired',
    'validation.blog.authorTooLong',
    BLOG_LIMITS.author,
  ),
  category: blogCategorySchema,
  featured: z.boolean({ error: mustBeBoolean('featured') }),
  published: z.boolean({ error: mustBeBoolean('published') }),
  readTime: text(
    'validation.blog.readTimeRequired',
    'validation.blog.readTimeTooLong',
    BLOG_LIMITS.readTime,
  ),
  metaDescription: optionalText(
    'validation.blog.metaDescriptionTooLong',
    BLOG_LIMITS.metaDescription,
  ),
  metaKeywords: optionalText('validation.blog.metaKeywordsTooLong', BLOG_LIMITS.metaKeywords),
};

/** Create: title, slug, excerpt and content required; the rest default (product rules). */
export const createPostBody = z.strictObject({
  ...postFields,
  author: postFields.author.default(BLOG_DEFAULTS.author),
  category: postFields.category.default(BLOG_DEFAULTS.category),
  featured: postFields.featured.default(BLOG_DEFAULTS.featured),
  published: postFields.published.default(BLOG_DEFAULTS.published),
  readTime: postFields.readTime.default(BLOG_DEFAULTS.readTime),
  metaDescription: postFields.metaDescription.default(null),
  metaKeywords: postFields.metaKeywords.default(null),
});
export type CreatePost = z.input<typeof createPostBody>;

/** Update: any of the fields, at least one (the publish and star buttons send one flag). */
export const updatePostBody = z
  .strictObject({
    title: postFields.title.optional(),
    slug: postFields.slug.optional(),
    excerpt: postFields.excerpt.optional(),
    content: postFields.content.optional(),
    author: postFields.author.optional(),
    category: postFields.category.optional(),
    featured: postFields.featured.optional(),
    published: postFields.published.optional(),
    readTime: postFields.readTime.optional(),
    metaDescription: postFields.metaDescription.optional(),
    metaKeywords: postFields.metaKeywords.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'validation.nothingToUpdate');
export type UpdatePost = z.input<typeof updatePostBody>;

export const POST_STATUS_FILTERS = ['all', 'published', 'drafts', 'featured'] as const;
export const adminPostListQuery = z.object({
  /** Title, excerpt or author, case-insensitive substring. */
  q: z.string().trim().max(200).optional(),
  category: z.union([z.literal('all'), blogCategorySchema]).default('all'),
  status: z.enum(POST_STATUS_FILTERS).default('all'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** A post in the admin list (no content: posts can be 200 KB). Newest first. */
export const adminPostListItem = z.object({
  id: z.uuid(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  author: z.string(),
  category: blogCategorySchema,
  featured: z.boolean(),
  published: z.boolean(),
  readTime: z.string(),
  viewCount: z.number().int(),
  likeCount: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AdminPostListItem = z.infer<typeof adminPostListItem>;
export const adminPostListResponse = z.object({
  items: z.array(adminPostListItem),
  /** Posts matching the search and filters (all pages). */
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
/** One post for the edit form (GET /v1/admin/posts/:id; also what create and update return). */
export const adminPostDto = adminPostListItem.extend({
  content: z.string(),
  metaDescription: z.string().nullable(),
  metaKeywords: z.string().nullable(),
});
export type AdminPostDto = z.infer<typeof adminPostDto>;

/** POST /v1/admin/posts/preview: the Markdown rendered exactly as the post will be. */
export const previewBody = z.strictObject({
  content: z.string().max(BLOG_LIMITS.content, 'validation.blog.contentTooLong'),
});
export const previewResponse = z.object({ html: z.string() });

// ---- Public blog (/v1/blog, 404 when blog_enabled is off) ----

export const publicPostListQuery = z.object({
  category: blogCategorySchema.optional(),
  featured: z.enum(['true', 'false']).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(24),
});
/** A published post's card. */
export const publicPostCard = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  author: z.string(),
  category: blogCategorySchema,
  featured: z.boolean(),
  readTime: z.string(),
  createdAt: z.iso.datetime(),
});
export type PublicPostCard = z.infer<typeof publicPostCard>;
export const publicPostListResponse = z.object({
  items: z.array(publicPostCard),
  nextCursor: z.string().nullable(),
});
export type PublicPostList = z.infer<typeof publicPostListResponse>;

/**
 * What the server renders /blog from and writes into it as JSON (`#blog-list`) for its island
 * (ADR 0019): the category of `?category=` (null: all, or not a public category), the featured
 * posts' first page and the category's first page, as GET /v1/blog/posts answers them.
 */
export type BlogListState = {
  category: BlogCategory | null;
  featured: PublicPostList;
  posts: PublicPostList;
};
/** GET /v1/blog/posts/:slug: a published post, its sanitised HTML, and up to 2 related posts. */
export const publicPostDto = publicPostCard.extend({
  contentHtml: z.string(),
  metaDescription: z.string().nullable(),
  metaKeywords: z.string().nullable(),
  updatedAt: z.iso.datetime(),
  viewCount: z.number().int(),
  likeCount: z.number().int(),
  related: z.array(publicPostCard),
});
export type PublicPostDto = z.infer<typeof publicPostDto>;
/** POST /v1/blog/posts/:slug/views: counted once per visitor per day. */
export const postViewBody = z.strictObject({
  sessionId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});
export const postViewResponse = z.object({ counted: z.boolean() });

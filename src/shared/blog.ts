import { z } from 'zod';
import { BLOG_CATEGORIES, BLOG_DEFAULTS, BLOG_LIMITS, SLUG_PATTERN } from './blog-rules.ts';

/** Blog posts: admin API (/v1/admin/posts, permission blog) and public API (/v1/blog). */
export * from './blog-rules.ts';

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);
/** Optional meta text: empty or blank means none (null). */
const optionalText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const blogCategorySchema = z.enum(BLOG_CATEGORIES, {
  error: `Category must be one of ${BLOG_CATEGORIES.join(', ')}`,
});
export const slugSchema = z
  .string({ error: 'Slug is required' })
  .trim()
  .min(1, 'Slug is required')
  .max(BLOG_LIMITS.slug, `Slug must be at most ${BLOG_LIMITS.slug} characters`)
  .regex(SLUG_PATTERN, 'Slug may contain only lower-case letters, digits and single hyphens');

const postFields = {
  title: text('Title', BLOG_LIMITS.title),
  slug: slugSchema,
  excerpt: text('Excerpt', BLOG_LIMITS.excerpt),
  content: z
    .string({ error: 'Content is required' })
    .min(1, 'Content is required')
    .max(BLOG_LIMITS.content, `Content must be at most ${BLOG_LIMITS.content} characters`)
    .refine((s) => s.trim().length > 0, 'Content is required'),
  author: text('Author', BLOG_LIMITS.author),
  category: blogCategorySchema,
  featured: z.boolean({ error: 'featured must be true or false' }),
  published: z.boolean({ error: 'published must be true or false' }),
  readTime: text('Read time', BLOG_LIMITS.readTime),
  metaDescription: optionalText('Meta description', BLOG_LIMITS.metaDescription),
  metaKeywords: optionalText('Meta keywords', BLOG_LIMITS.metaKeywords),
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
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to update');
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
  content: z
    .string()
    .max(BLOG_LIMITS.content, `Content must be at most ${BLOG_LIMITS.content} characters`),
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

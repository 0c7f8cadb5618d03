import type { z } from 'zod';
import {
  BLOG_DEFAULTS,
  type AdminPostDto,
  type createPostBody,
  type UpdatePost,
} from '../../../shared/blog.ts';

/* The post form's values: a stored post (or the defaults) in, the PATCH's changes out. */

export type PostFormInput = z.input<typeof createPostBody>;
export type PostFormOutput = z.output<typeof createPostBody>;

/** The form's fields in screen order (server errors focus the first one named). */
export const FIELDS = [
  'title',
  'slug',
  'excerpt',
  'content',
  'author',
  'category',
  'featured',
  'published',
  'readTime',
  'metaDescription',
  'metaKeywords',
] as const satisfies ReadonlyArray<keyof PostFormOutput>;
export type Field = (typeof FIELDS)[number];

export const valuesOf = (post: AdminPostDto | null): PostFormInput =>
  post
    ? {
        title: post.title,
        slug: post.slug,
        excerpt: post.excerpt,
        content: post.content,
        author: post.author,
        category: post.category,
        featured: post.featured,
        published: post.published,
        readTime: post.readTime,
        metaDescription: post.metaDescription ?? '',
        metaKeywords: post.metaKeywords ?? '',
      }
    : {
        title: '',
        slug: '',
        excerpt: '',
        content: '',
        author: BLOG_DEFAULTS.author,
        category: BLOG_DEFAULTS.category,
        featured: BLOG_DEFAULTS.featured,
        published: BLOG_DEFAULTS.published,
        readTime: BLOG_DEFAULTS.readTime,
        metaDescription: '',
        metaKeywords: '',
      };

/**
 * The fields that differ from the stored post (values as the schema outputs them: trimmed, empty
 * meta text as null). The old client sent every non-empty field; sending only the changed ones is
 * stricter and keeps a 200 KB post off the wire when only its title changed.
 */
export function changedFields(post: AdminPostDto, values: PostFormOutput): UpdatePost {
  const changes: Record<string, unknown> = {};
  for (const field of FIELDS) {
    if (values[field] !== post[field]) changes[field] = values[field];
  }
  return changes as UpdatePost;
}

import type { BlogCategory } from '../../shared/blog-rules.ts';
import type { MessageId } from '../../shared/i18n/namespaces.ts';
import type { Translate } from './i18n.tsx';

/** Each blog category's name in the admin area (the stored value stays English). */
export const BLOG_CATEGORY_LABELS = {
  General: 'admin.blogCategories.general',
  Security: 'admin.blogCategories.security',
  Technical: 'admin.blogCategories.technical',
  Industry: 'admin.blogCategories.industry',
  Strategy: 'admin.blogCategories.strategy',
  Business: 'admin.blogCategories.business',
} as const satisfies Record<BlogCategory, MessageId>;

/** A category in words: its name in the catalogue, or the stored value when it is not one of ours. */
export const blogCategoryLabel = (t: Translate, category: string): string =>
  Object.hasOwn(BLOG_CATEGORY_LABELS, category)
    ? t(BLOG_CATEGORY_LABELS[category as BlogCategory])
    : category;

import type { BlogCategory, POST_STATUS_FILTERS } from '../../../../shared/blog.ts';
import { ADMIN_ROOT } from '../../../lib/query-roots.ts';

export type PostStatusFilter = (typeof POST_STATUS_FILTERS)[number];
export type PostCategoryFilter = 'all' | BlogCategory;
export type PostFilters = { q: string; category: PostCategoryFilter; status: PostStatusFilter };

/** Query keys of Blog Management, all under the admin root (the header's 'Last updated'). */
export const adminBlogKeys = {
  all: [...ADMIN_ROOT, 'blog'] as const,
  lists: () => [...ADMIN_ROOT, 'blog', 'list'] as const,
  list: (filters: PostFilters) => [...ADMIN_ROOT, 'blog', 'list', filters] as const,
  detail: (id: string) => [...ADMIN_ROOT, 'blog', 'post', id] as const,
};

/** Create, update and delete share this key, so the dialog knows a save is in flight. */
export const SAVE_POST_KEY = [...adminBlogKeys.all, 'save'] as const;
/** The featured and publish toggles. */
export const TOGGLE_POST_KEY = [...adminBlogKeys.all, 'toggle'] as const;

export const postPath = (id: string) => `/v1/admin/posts/${encodeURIComponent(id)}`;

import { BLOG_CATEGORIES } from '../../../../shared/blog-rules.ts';
import type { MessageId } from '../../../../shared/i18n/namespaces.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import type { PostCategoryFilter, PostStatusFilter } from '../api/keys.ts';

/** The Status select's options and words (the API's POST_STATUS_FILTERS, held by the type). */
export const STATUS_OPTIONS = {
  all: 'admin.blog.statusAll',
  published: 'admin.blog.statusPublished',
  drafts: 'admin.blog.statusDrafts',
  featured: 'admin.blog.statusFeatured',
} as const satisfies Record<PostStatusFilter, MessageId>;

const STATUSES = Object.keys(STATUS_OPTIONS) as PostStatusFilter[];
const CATEGORIES: readonly PostCategoryFilter[] = ['all', ...BLOG_CATEGORIES];

const pick = <T extends string>(options: readonly T[], value: string | null, fallback: T): T =>
  options.includes(value as T) ? (value as T) : fallback;

/**
 * Blog Management's filters in the URL (?q=&category=&status=), so reloads, the back button and
 * shared links keep them; an unknown value reads as the default.
 */
export function useBlogFilters() {
  const { params, set, clear } = useUrlFilters<'q' | 'category' | 'status'>();
  const q = params.get('q') ?? '';
  const category = pick(CATEGORIES, params.get('category'), 'all');
  const status = pick(STATUSES, params.get('status'), 'all');
  const activeCount =
    (q.trim() ? 1 : 0) + (category !== 'all' ? 1 : 0) + (status !== 'all' ? 1 : 0);
  return {
    q,
    category,
    status,
    activeCount,
    setQ: (value: string) => set('q', value),
    setCategory: (value: string) => set('category', value === 'all' ? undefined : value),
    setStatus: (value: string) => set('status', value === 'all' ? undefined : value),
    clear,
  };
}

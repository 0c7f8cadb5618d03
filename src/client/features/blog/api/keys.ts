import type { BlogCategory } from '../../../../shared/blog-rules.ts';

/** Query keys of the public blog: lists by filter, one post by slug. */
export const blogKeys = {
  all: ['blog'] as const,
  lists: () => [...blogKeys.all, 'list'] as const,
  list: (filter: { category: BlogCategory | null; featured: boolean }) =>
    [...blogKeys.lists(), filter] as const,
  post: (slug: string) => [...blogKeys.all, 'post', slug] as const,
};

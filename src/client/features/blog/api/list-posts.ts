import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { BlogCategory, PublicPostCard } from '../../../../shared/blog.ts';
import { apiGet } from '../../../lib/api.ts';
import { blogKeys } from './keys.ts';

/** One page of GET /v1/blog/posts (publicPostListResponse in shared/blog.ts). */
export type PostPage = { items: PublicPostCard[]; nextCursor: string | null };

/** Cards per page; the featured strip shows one page only. */
export const POSTS_PAGE_SIZE = 12;
export const FEATURED_LIMIT = 3;

const postsQuery = (filter: { category: BlogCategory | null; featured: boolean }) =>
  infiniteQueryOptions({
    queryKey: blogKeys.list(filter),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({
        limit: String(filter.featured ? FEATURED_LIMIT : POSTS_PAGE_SIZE),
      });
      if (filter.category) params.set('category', filter.category);
      if (filter.featured) params.set('featured', 'true');
      if (pageParam) params.set('cursor', pageParam);
      return apiGet<PostPage>(`/v1/blog/posts?${params.toString()}`, signal);
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Published posts, newest first, in `category` (null: all), paged by cursor. */
export const usePosts = (category: BlogCategory | null) =>
  useInfiniteQuery(postsQuery({ category, featured: false }));

/** The newest featured posts (one page). */
export const useFeaturedPosts = () =>
  useInfiniteQuery(postsQuery({ category: null, featured: true }));

import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminPostListResponse } from '../../../../shared/blog.ts';
import { apiGet } from '../../../lib/api.ts';
import { adminBlogKeys, type PostFilters } from './keys.ts';

export type PostList = z.infer<typeof adminPostListResponse>;
export type PostListData = InfiniteData<PostList, string | undefined>;

/** GET /v1/admin/posts: posts matching the search and filters, newest first, 50 a page. */
export const postListOptions = (filters: PostFilters) =>
  infiniteQueryOptions({
    queryKey: adminBlogKeys.list(filters),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ category: filters.category, status: filters.status });
      if (filters.q) params.set('q', filters.q);
      if (pageParam) params.set('cursor', pageParam);
      return apiGet<PostList>(`/v1/admin/posts?${params.toString()}`, signal);
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const usePostList = (filters: PostFilters) => useInfiniteQuery(postListOptions(filters));

import { useCallback, useEffect, useRef, useState } from 'react';
import type { PublicPostCard } from '../../../../shared/blog.ts';
import {
  BLOG_FEATURED_LIMIT,
  BLOG_PAGE_SIZE,
  type BlogCategory,
} from '../../../../shared/blog-rules.ts';
import { apiGet } from '../../../lib/api.ts';
import { withRetries } from '../../../lib/retry.ts';
import { useRead } from '../../../lib/use-read.ts';

/** One page of GET /v1/blog/posts (publicPostListResponse in shared/blog.ts). */
export type PostPage = { items: PublicPostCard[]; nextCursor: string | null };

export type PostFilter = { category: BlogCategory | null; featured: boolean };

/** GET /v1/blog/posts: one page of the filter's posts, newest first, after `cursor`. */
export function readPostPage(filter: PostFilter, cursor?: string, signal?: AbortSignal) {
  const params = new URLSearchParams({
    limit: String(filter.featured ? BLOG_FEATURED_LIMIT : BLOG_PAGE_SIZE),
  });
  if (filter.category) params.set('category', filter.category);
  if (filter.featured) params.set('featured', 'true');
  if (cursor) params.set('cursor', cursor);
  return apiGet<PostPage>(`/v1/blog/posts?${params.toString()}`, signal);
}

/**
 * Published posts of `filter`, paged by cursor, without the query client (the blog's island, ADR
 * 0019): the first page read on mount unless `start` is it (the server's), then 'Load more'
 * (`fetchNextPage`) adds the next. The paging state LoadMore and the list views read, as
 * TanStack Query's infinite query had it. Mount it afresh for another filter (a `key`).
 */
export function usePostPages(filter: PostFilter, start?: PostPage) {
  const first = useRead(
    (signal) => readPostPage(filter, undefined, signal),
    start ? { data: start } : undefined,
  );
  const [more, setMore] = useState<PostPage[]>([]);
  const [next, setNext] = useState<{ fetching: boolean; error: unknown }>({
    fetching: false,
    error: null,
  });
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const last = more.at(-1) ?? first.data;
  const cursor = last?.nextCursor ?? null;
  const { category, featured } = filter;
  const fetchNextPage = useCallback(async () => {
    if (!cursor) return;
    setNext({ fetching: true, error: null });
    try {
      const page = await withRetries(() => readPostPage({ category, featured }, cursor));
      if (!alive.current) return;
      setMore((pages) => [...pages, page]);
      setNext({ fetching: false, error: null });
    } catch (error) {
      if (alive.current) setNext({ fetching: false, error });
    }
  }, [cursor, category, featured]);

  return {
    data: first.data ? { pages: [first.data, ...more] } : undefined,
    isPending: first.isPending,
    isError: first.isError || !!next.error,
    error: first.error ?? next.error,
    isFetching: first.isFetching || next.fetching,
    refetch: first.refetch,
    hasNextPage: !!cursor,
    isFetchingNextPage: next.fetching,
    fetchNextPage,
  };
}

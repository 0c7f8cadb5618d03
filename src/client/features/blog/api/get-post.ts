import { useQuery } from '@tanstack/react-query';
import type { PublicPostDto } from '../../../../shared/blog.ts';
import { apiGet } from '../../../lib/api.ts';
import { blogKeys } from './keys.ts';
import { postFromPage } from './page-post.ts';

/**
 * GET /v1/blog/posts/:slug: a published post with its sanitised HTML and related posts (404
 * POST_NOT_FOUND for a draft or an unknown slug). Starts from the copy in the page when it is this
 * slug's.
 */
export function usePost(slug: string) {
  const initial = postFromPage(slug);
  return useQuery({
    queryKey: blogKeys.post(slug),
    queryFn: ({ signal }) =>
      apiGet<PublicPostDto>(`/v1/blog/posts/${encodeURIComponent(slug)}`, signal),
    ...(initial ? { initialData: initial.post, initialDataUpdatedAt: initial.updatedAt } : {}),
  });
}

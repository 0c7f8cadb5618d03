import type { PublicPostDto } from '../../../../shared/blog.ts';
import { apiGet } from '../../../lib/api.ts';
import { useRead } from '../../../lib/use-read.ts';
import { postFromPage } from './page-post.ts';

/**
 * GET /v1/blog/posts/:slug: a published post with its sanitised HTML and related posts (404
 * POST_NOT_FOUND for a draft or an unknown slug). Starts from `start` (the server's), else from the
 * copy in the page when it is this slug's (no read then). Mount it afresh for another slug (the route keys it by slug).
 */
export function usePost(slug: string, start?: PublicPostDto) {
  const initial = start ?? postFromPage(slug)?.post;
  return useRead(
    (signal) => apiGet<PublicPostDto>(`/v1/blog/posts/${encodeURIComponent(slug)}`, signal),
    initial ? { data: initial } : undefined,
  );
}

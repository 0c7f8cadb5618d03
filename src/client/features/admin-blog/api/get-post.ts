import { useQuery } from '@tanstack/react-query';
import type { AdminPostDto } from '../../../../shared/blog.ts';
import { apiGet } from '../../../lib/api.ts';
import { adminBlogKeys, postPath } from './keys.ts';

/**
 * GET /v1/admin/posts/:id: the whole post for the edit form (list items carry no content).
 * Always fetched afresh when the form opens, so it never edits a stale copy.
 */
export const usePost = (id: string | null) =>
  useQuery({
    queryKey: adminBlogKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiGet<AdminPostDto>(postPath(id!), signal),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

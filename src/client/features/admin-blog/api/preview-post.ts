import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { previewResponse } from '../../../../shared/blog.ts';
import { apiFetch } from '../../../lib/api.ts';

type Preview = z.infer<typeof previewResponse>;

/**
 * POST /v1/admin/posts/preview {content} → {html}: the Markdown rendered and sanitised exactly
 * as saving will. Keyed by the content itself (exact; a 200 KB key hashes in well under a
 * millisecond). Not under the admin root: a preview is not site data (the header's
 * 'Last updated' ignores it). The previous answer stays on screen while the next one loads.
 */
export const usePreview = (content: string, enabled: boolean) =>
  useQuery({
    queryKey: ['admin-blog-preview', content],
    queryFn: ({ signal }) =>
      apiFetch<Preview>('/v1/admin/posts/preview', { method: 'POST', body: { content }, signal }),
    enabled,
    staleTime: Infinity,
    gcTime: 60_000,
    placeholderData: keepPreviousData,
    retry: false,
  });

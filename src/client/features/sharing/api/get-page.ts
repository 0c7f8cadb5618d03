import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageDetail } from '../../../../shared/sharing.ts';
import { apiGet } from '../../../lib/api.ts';
import { pageKeys } from './keys.ts';

/** GET /v1/pages/:id: one page with every number id it holds, in page order (the edit dialog). */
const pageQuery = (id: string) =>
  queryOptions({
    queryKey: pageKeys.detail(id),
    queryFn: ({ signal }) => apiGet<PageDetail>(`/v1/pages/${encodeURIComponent(id)}`, signal),
    staleTime: 0,
  });

export const usePage = (id: string | null) =>
  useQuery({ ...pageQuery(id ?? ''), enabled: id !== null });

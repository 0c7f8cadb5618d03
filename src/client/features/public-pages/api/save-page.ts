import {
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { Page, PageDetail, PageList } from '../../../../shared/sharing.ts';
import { apiFetch, apiPost } from '../../../lib/api.ts';
import { pageKeys } from './keys.ts';

export type PageChanges = { name?: string; numberIds?: string[]; isActive?: boolean };

const pagePath = (id: string) => `/v1/pages/${encodeURIComponent(id)}`;

/** Puts the server's answer for a page into the cached lists (without the detail's id list). */
function putInLists(qc: QueryClient, saved: PageDetail) {
  const { numberIds: _ids, ...page } = saved;
  qc.setQueryData<InfiniteData<PageList>>(pageKeys.lists(), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            items: p.items.map((x): Page => (x.id === page.id ? page : x)),
          })),
        }
      : data,
  );
  qc.setQueryData(pageKeys.detail(saved.id), saved);
}

/** POST /v1/pages: a new page (201, with its hash). */
export function useCreatePage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; numberIds: string[] }) =>
      apiPost<PageDetail>('/v1/pages', body),
    onSettled: () => qc.invalidateQueries({ queryKey: pageKeys.lists() }),
  });
}

/** PATCH /v1/pages/:id (name, numbers in order, active). */
export function useUpdatePage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: PageChanges }) =>
      apiFetch<PageDetail>(pagePath(id), { method: 'PATCH', body: changes }),
    onSuccess: (saved) => putInLists(qc, saved),
    onSettled: () => qc.invalidateQueries({ queryKey: pageKeys.all }),
  });
}

/** POST /v1/pages/:id/regenerate: a new hash; the old link stops working at once. */
export function useRegeneratePage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<PageDetail>(`${pagePath(id)}/regenerate`),
    onSuccess: (saved) => putInLists(qc, saved),
    onSettled: () => qc.invalidateQueries({ queryKey: pageKeys.lists() }),
  });
}

/** DELETE /v1/pages/:id. */
export function useDeletePage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(pagePath(id), { method: 'DELETE' }),
    onSuccess: (_res, id) => qc.removeQueries({ queryKey: pageKeys.detail(id) }),
    onSettled: () => qc.invalidateQueries({ queryKey: pageKeys.lists() }),
  });
}

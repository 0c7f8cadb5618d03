import {
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  CreateEndpointsResult,
  Endpoint,
  Page,
  PageDetail,
} from '../../../../shared/sharing.ts';
import { apiFetch, apiPost } from '../../../lib/api.ts';
import { endpointKeys, itemPath, pageKeys, shareApi, type ShareKind } from './keys.ts';

export type PageChanges = { name?: string; numberIds?: string[]; isActive?: boolean };
export type EndpointChanges = { name?: string; remark?: string; isActive?: boolean };

/** What the server answers for a saved item, and what a PATCH may change, per kind. */
type Saved = { page: PageDetail; single: Endpoint };
type Changes = { page: PageChanges; single: EndpointChanges };

/** Puts the server's answer into every cached list (a page without its id list, and its detail). */
function putInLists(qc: QueryClient, kind: ShareKind, saved: PageDetail | Endpoint) {
  let item: Page | Endpoint = saved;
  if ('numberIds' in saved) {
    const { numberIds: _ids, ...page } = saved;
    item = page;
    qc.setQueryData(pageKeys.detail(saved.id), saved);
  }
  qc.setQueriesData<InfiniteData<{ items: (Page | Endpoint)[] }>>(
    { queryKey: shareApi[kind].keys.lists() },
    (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((p) => ({
              ...p,
              items: p.items.map((x) => (x.id === item.id ? item : x)),
            })),
          }
        : data,
  );
}

/** Every list (and the single-API remark counts) is fetched again after a change. */
const refetchLists = (qc: QueryClient, kind: ShareKind) =>
  qc.invalidateQueries({ queryKey: shareApi[kind].keys.lists() });

/** PATCH /v1/pages/:id (name, numbers in order, active) or /v1/single-endpoints/:id (name, remark, active). */
export function useUpdateShare<K extends ShareKind>(kind: K) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: Changes[K] }) =>
      apiFetch<Saved[K]>(itemPath(kind, id), { method: 'PATCH', body: changes }),
    onSuccess: (saved) => putInLists(qc, kind, saved),
    onSettled: () => qc.invalidateQueries({ queryKey: shareApi[kind].keys.all }),
  });
}

/** POST …/:id/regenerate: a new hash; the old link stops working at once. */
export function useRegenerateShare(kind: ShareKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<PageDetail | Endpoint>(`${itemPath(kind, id)}/regenerate`),
    onSuccess: (saved) => putInLists(qc, kind, saved),
    onSettled: () => refetchLists(qc, kind),
  });
}

/** DELETE …/:id. */
export function useDeleteShare(kind: ShareKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(itemPath(kind, id), { method: 'DELETE' }),
    onSuccess: (_res, id) => {
      if (kind === 'page') qc.removeQueries({ queryKey: pageKeys.detail(id) });
    },
    onSettled: () => refetchLists(qc, kind),
  });
}

/** POST /v1/pages: a new page (201, with its hash). */
export function useCreatePage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; numberIds: string[] }) =>
      apiPost<PageDetail>('/v1/pages', body),
    onSettled: () => refetchLists(qc, 'page'),
  });
}

/** POST /v1/single-endpoints {numberId, name?, remark}: 201 Endpoint. */
export function useCreateEndpoint() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { numberId: string; name?: string; remark: string }) =>
      apiPost<Endpoint>('/v1/single-endpoints', body),
    onSettled: () => refetchLists(qc, 'single'),
  });
}

/** POST /v1/single-endpoints/lines {lines, remark}: endpoints for the pasted numbers, and errors. */
export function useCreateEndpointsFromLines() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { lines: string; remark: string }) =>
      apiPost<CreateEndpointsResult>('/v1/single-endpoints/lines', body),
    onSettled: () => refetchLists(qc, 'single'),
  });
}

/** POST /v1/single-endpoints/bulk-delete {ids}: all of them or none. */
export function useBulkDeleteEndpoints() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      apiPost<{ deleted: number }>('/v1/single-endpoints/bulk-delete', { ids }),
    onSettled: () => qc.invalidateQueries({ queryKey: endpointKeys.lists() }),
  });
}

import {
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { CreateEntriesResult, Entry, EntryList } from '../../../../shared/sharing.ts';
import { apiFetch, apiPost } from '../../../lib/api.ts';
import { entryKeys } from './keys.ts';

export type EntryChanges = { name?: string; remark?: string; isActive?: boolean };

const entryPath = (id: string) => `/v1/single-endpoints/${encodeURIComponent(id)}`;

/** Puts the server's answer for an entry into every cached list. */
function putInLists(qc: QueryClient, saved: Entry) {
  qc.setQueriesData<InfiniteData<EntryList>>({ queryKey: entryKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            items: p.items.map((x) => (x.id === saved.id ? saved : x)),
          })),
        }
      : data,
  );
}

/** Every list (and its remark counts) is fetched again after a change. */
const refetchLists = (qc: QueryClient) => qc.invalidateQueries({ queryKey: entryKeys.lists() });

/** POST /v1/single-endpoints {numberId, name?, remark}: 201 Entry. */
export function useCreateEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { numberId: string; name?: string; remark: string }) =>
      apiPost<Entry>('/v1/single-endpoints', body),
    onSettled: () => refetchLists(qc),
  });
}

/** POST /v1/single-endpoints/lines {lines, remark}: entries for the pasted numbers, and errors. */
export function useCreateEntriesFromLines() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { lines: string; remark: string }) =>
      apiPost<CreateEntriesResult>('/v1/single-endpoints/lines', body),
    onSettled: () => refetchLists(qc),
  });
}

/** PATCH /v1/single-endpoints/:id (name, remark, active). */
export function useUpdateEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: EntryChanges }) =>
      apiFetch<Entry>(entryPath(id), { method: 'PATCH', body: changes }),
    onSuccess: (saved) => putInLists(qc, saved),
    onSettled: () => refetchLists(qc),
  });
}

/** POST /v1/single-endpoints/:id/regenerate: a new hash; the old link stops working at once. */
export function useRegenerateEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<Entry>(`${entryPath(id)}/regenerate`),
    onSuccess: (saved) => putInLists(qc, saved),
    onSettled: () => refetchLists(qc),
  });
}

/** DELETE /v1/single-endpoints/:id. */
export function useDeleteEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(entryPath(id), { method: 'DELETE' }),
    onSettled: () => refetchLists(qc),
  });
}

/** POST /v1/single-endpoints/bulk-delete {ids}: all of them or none. */
export function useBulkDeleteEntries() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      apiPost<{ deleted: number }>('/v1/single-endpoints/bulk-delete', { ids }),
    onSettled: () => refetchLists(qc),
  });
}

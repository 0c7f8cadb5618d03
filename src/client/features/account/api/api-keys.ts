import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyDto, CreateApiKeyBody, CreatedApiKeyDto } from '../../../../shared/api-keys.ts';
import { apiFetch, apiGet, apiPost } from '../../../lib/api.ts';
import { accountKeys } from './keys.ts';

const apiKeysQueryOptions = queryOptions({
  queryKey: accountKeys.apiKeys,
  queryFn: ({ signal }) => apiGet<{ items: ApiKeyDto[] }>('/v1/api-keys', signal),
  select: (data) => data.items,
});

export const useApiKeys = () => useQuery(apiKeysQueryOptions);

/** Creates a key; the answer (with the key itself) is kept by the caller only, never cached. */
export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => apiPost<CreatedApiKeyDto>('/v1/api-keys', body),
    onSettled: () => qc.invalidateQueries({ queryKey: accountKeys.apiKeys }),
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`/v1/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: accountKeys.apiKeys }),
  });
}

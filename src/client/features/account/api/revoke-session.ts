import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { accountKeys } from './keys.ts';

export const revokeSession = (id: string) =>
  apiFetch<{ ok: true }>(`/v1/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useRevokeSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => qc.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

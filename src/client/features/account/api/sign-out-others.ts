import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';
import { accountKeys } from './keys.ts';

export const signOutOthers = () =>
  apiPost<{ signedOut: number }>('/v1/me/sessions/sign-out-others');

export function useSignOutOthers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: signOutOthers,
    onSettled: () => qc.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

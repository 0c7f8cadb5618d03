import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiPost } from '../../../lib/api.ts';
import { ME_QUERY_KEY } from '../../../lib/me.ts';

export const signOut = () => apiPost<{ ok: true }>('/v1/auth/signout');

/** Signs out, forgets every cached query and goes to /auth. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(ME_QUERY_KEY, null);
      navigate('/auth', { replace: true });
    },
  });
}

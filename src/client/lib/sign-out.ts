import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiPost } from './api.ts';
import { ME_QUERY_KEY } from './me.ts';

export const signOut = () => apiPost<{ ok: true }>('/v1/auth/signout');

/**
 * Signs out, forgets every cached query and goes to `to` (the user area goes to /auth, the admin
 * area to /). Shared by the dashboard's user menu and the admin layout.
 */
export function useSignOut(to = '/auth') {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(ME_QUERY_KEY, null);
      navigate(to, { replace: true });
    },
  });
}

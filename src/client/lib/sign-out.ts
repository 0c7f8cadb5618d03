import { useMutation } from '@tanstack/react-query';
import { apiPost } from './api.ts';

export const signOut = () => apiPost<{ ok: true }>('/v1/auth/signout');

/**
 * Signs out, then loads `to` afresh (the user area goes to /auth, the admin area to /). A full load
 * drops every cached query with the page: clearing the cache while the signed-in screens were still
 * mounted made their queries ask again and get 401. Shared by the dashboard's user menu and the
 * admin layout.
 */
export function useSignOut(to = '/auth') {
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => window.location.replace(to),
  });
}

import { onlineManager, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from './api.ts';

export const signOut = () => apiPost<{ ok: true }>('/v1/auth/signout');

/**
 * Signs out, then loads `to` afresh (the user area goes to /auth, the admin area to /). A full load
 * drops every cached query with the page: clearing the cache while the signed-in screens were still
 * mounted made their queries ask again and get 401. From the moment sign-out starts until the page
 * leaves, queries are held (the query client is told it is offline, requests in flight are
 * cancelled): one started meanwhile (a debounced search) would only get a 401. If sign-out fails,
 * they go on. Shared by the dashboard's user menu and the admin layout.
 */
export function useSignOut(to = '/auth') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    // The sign-out request itself is not held.
    networkMode: 'always',
    onMutate: async () => {
      onlineManager.setOnline(false);
      await qc.cancelQueries();
    },
    onSuccess: () => window.location.replace(to),
    onError: () => onlineManager.setOnline(true),
  });
}

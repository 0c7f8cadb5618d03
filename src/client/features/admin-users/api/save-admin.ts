import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminDto, CreateAdmin, UpdateAdmin } from '../../../../shared/admin.ts';
import { apiFetch, apiPost } from '../../../lib/api.ts';
import { adminUsersKeys } from './keys.ts';

/** Create and update share this key, so the dialog knows a save is in flight. */
export const SAVE_ADMIN_KEY = [...adminUsersKeys.admins, 'save'] as const;

const adminPath = (id: string) => `/v1/admin/admins/${encodeURIComponent(id)}`;

/** After any change: the admins lists and the users lists (their Admin badge and filter). */
function useRefreshLists() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: adminUsersKeys.admins }),
      qc.invalidateQueries({ queryKey: adminUsersKeys.users }),
    ]);
}

/** POST /v1/admin/admins (super_admin): creates the account too when the email has none. */
export function useCreateAdmin() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationKey: SAVE_ADMIN_KEY,
    mutationFn: (body: CreateAdmin) => apiPost<AdminDto>('/v1/admin/admins', body),
    onSettled: refresh,
  });
}

/** PATCH /v1/admin/admins/:id (super_admin): role, permissions, active. */
export function useUpdateAdmin() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationKey: SAVE_ADMIN_KEY,
    mutationFn: ({ id, changes }: { id: string; changes: UpdateAdmin }) =>
      apiFetch<AdminDto>(adminPath(id), { method: 'PATCH', body: changes }),
    onSettled: refresh,
  });
}

/** DELETE /v1/admin/admins/:id (super_admin): the account stays, its admin rights go. */
export function useDeleteAdmin() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(adminPath(id), { method: 'DELETE' }),
    onSettled: refresh,
  });
}

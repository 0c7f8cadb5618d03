import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiFetch } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.tsx';
import { ME_QUERY_KEY } from '../../../lib/me.ts';

export const deleteAccount = (email: string) =>
  apiFetch<{ ok: true }>('/v1/me', { method: 'DELETE', body: { email } });

/** Deletes the account, forgets every cached query and goes to the landing page with a notice. */
export function useDeleteAccount() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      qc.clear();
      qc.setQueryData(ME_QUERY_KEY, null);
      navigate('/', { replace: true, state: { notice: t('settings.deleteAccount.deleted') } });
    },
  });
}

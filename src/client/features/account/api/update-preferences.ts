import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, UpdateMe } from '../../../../shared/auth.ts';
import { apiFetch } from '../../../lib/api.ts';
import { ME_QUERY_KEY } from '../../../lib/me.ts';

const MUTATION_KEY = ['account', 'preferences'] as const;

export const updatePreferences = (body: UpdateMe) =>
  apiFetch<Me>('/v1/me', { method: 'PATCH', body });

/**
 * Saves preferences, showing them at once: the cached user is updated before the server answers
 * and, if the save fails, put back and fetched again.
 */
export function useUpdatePreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: MUTATION_KEY,
    mutationFn: updatePreferences,
    onMutate: async (body) => {
      await qc.cancelQueries({ queryKey: ME_QUERY_KEY });
      const previous = qc.getQueryData<Me | null>(ME_QUERY_KEY);
      if (previous) qc.setQueryData<Me>(ME_QUERY_KEY, { ...previous, ...body });
      return { previous };
    },
    onError: (_err, _body, context) => {
      // Put the value back at once, unless a later change is on its way (this snapshot would undo
      // it); then ask the server what is stored either way.
      if (context?.previous && qc.isMutating({ mutationKey: MUTATION_KEY }) <= 1) {
        qc.setQueryData<Me>(ME_QUERY_KEY, context.previous);
      }
      void qc.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
    onSuccess: (me) => {
      // A later change still on its way wins: only the last answer is taken as the truth.
      // PATCH /v1/me answers without the admin access: keep what the session said.
      if (qc.isMutating({ mutationKey: MUTATION_KEY }) <= 1) {
        qc.setQueryData<Me>(ME_QUERY_KEY, (prev) => ({ ...prev, ...me }));
      }
    },
  });
}

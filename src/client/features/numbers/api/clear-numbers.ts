import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';
import { numberKeys, tagKeys } from './keys.ts';

export const clearNumbers = () => apiPost<{ deleted: number }>('/v1/numbers/clear');

export function useClearNumbers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: clearNumbers,
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: numberKeys.all });
      void qc.invalidateQueries({ queryKey: tagKeys.all });
    },
  });
}

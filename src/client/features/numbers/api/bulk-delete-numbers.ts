import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';
import { numberKeys } from './keys.ts';

export const bulkDeleteNumbers = (ids: string[]) =>
  apiPost<{ deleted: number }>('/v1/numbers/bulk-delete', { ids });

export function useBulkDeleteNumbers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteNumbers,
    onSettled: () => qc.invalidateQueries({ queryKey: numberKeys.all }),
  });
}

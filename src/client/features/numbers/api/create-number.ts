import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateNumberInput, VoipNumber } from '../../../../shared/numbers.ts';
import { apiPost } from '../../../lib/api.ts';
import { numberKeys, tagKeys } from './keys.ts';

export const createNumber = (body: CreateNumberInput) => apiPost<VoipNumber>('/v1/numbers', body);

export function useCreateNumber() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createNumber,
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: numberKeys.all });
      void qc.invalidateQueries({ queryKey: tagKeys.all });
    },
  });
}

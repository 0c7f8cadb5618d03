import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '../../../../shared/numbers.ts';
import { apiPost } from '../../../lib/api.ts';
import { numberKeys, tagKeys } from './keys.ts';

export type ImportInput = { text: string; tagIds?: string[] };

/** Bulk lines (six formats), `number|API link` lines or the voip_numbers.json export. */
export const importNumbers = (body: ImportInput) =>
  apiPost<ImportResult>('/v1/numbers/import', body);

export function useImportNumbers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: importNumbers,
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: numberKeys.all });
      void qc.invalidateQueries({ queryKey: tagKeys.all });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportFormat, ImportResult } from '../../../../shared/numbers.ts';
import { apiPost } from '../../../lib/api.ts';
import { numberKeys, tagKeys } from './keys.ts';

export type ImportInput = {
  text: string;
  format: ImportFormat;
  tagIds?: string[];
  tagNames?: string[];
};

/**
 * 'bulk': lines in the six bulk formats (or the JSON export); 'settings': the voip_numbers.json
 * export or `number|API link` lines.
 */
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

/** The errors of an import that need fixing: not the numbers that were already stored. */
export const failedOf = (res: ImportResult) => res.errors.filter((e) => !e.duplicate);

/**
 * What is left to import after `res`: only the lines (or JSON entries) of `text` that failed, in
 * their order, by the line numbers the server reports. Imported and duplicate ones are done.
 */
export function remainingInput(text: string, res: ImportResult): string {
  const failed = new Set(failedOf(res).map((e) => e.line));
  if (failed.size === 0) return '';
  if (res.input === 'json') {
    const entries = JSON.parse(text) as unknown[]; // the server read the same text as this array
    return JSON.stringify(
      entries.filter((_, i) => failed.has(i + 1)),
      null,
      2,
    );
  }
  return text
    .split(/\r?\n/)
    .filter((_, i) => failed.has(i + 1))
    .join('\n');
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DateCheckResult } from '../../../../shared/checks.ts';
import { apiStream } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.tsx';
import { numberKeys } from './keys.ts';

/**
 * Runs a date check for one number (POST /v1/date-checks, NDJSON) and returns its result. The
 * server saves a found end date on the number.
 */
export async function checkNumberDate(id: string): Promise<DateCheckResult> {
  let result: DateCheckResult | undefined;
  let failure: string | undefined;
  await apiStream<DateCheckResult | { error: string; status?: undefined }>(
    '/v1/date-checks',
    { method: 'POST', body: { numberIds: [id] } },
    (item) => {
      if (item.status) result = item;
      else failure = item.error;
    },
  );
  if (result) return result;
  throw new Error(failure ?? t('app.card.unknownError'));
}

export function useCheckNumberDate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: checkNumberDate,
    onSettled: () => qc.invalidateQueries({ queryKey: numberKeys.all }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefreshAllResult } from '../../../../shared/checks.ts';
import { apiPost } from '../../../lib/api.ts';
import { NUMBERS_ROOT } from '../../../lib/query-roots.ts';
import { messageKeys } from './keys.ts';

/** Polls every active number of the user now. */
export const refreshMessages = () => apiPost<RefreshAllResult>('/v1/messages/refresh');

export function useRefreshMessages() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: refreshMessages,
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: messageKeys.all });
      // Cards show the newest messages and the last poll error.
      void qc.invalidateQueries({ queryKey: NUMBERS_ROOT });
    },
  });
}

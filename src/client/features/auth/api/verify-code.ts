import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me } from '../../../../shared/auth.ts';
import { apiPost } from '../../../lib/api.ts';
import { ME_QUERY_KEY } from '../../../lib/me.ts';

export const verifyCode = (body: { email: string; code: string }) =>
  apiPost<Me>('/v1/auth/verify', body);

/** Verifies the code; on success the new user is written straight into the ['me'] cache. */
export const useVerifyCode = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyCode,
    onSuccess: (me) => queryClient.setQueryData(ME_QUERY_KEY, me),
  });
};

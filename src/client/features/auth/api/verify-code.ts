import type { Me } from '../../../../shared/auth.ts';
import { apiPost } from '../../../lib/api.ts';

/** POST /v1/auth/verify: the signed-in user on success (the session cookie is set). */
export const verifyCode = (body: { email: string; code: string }) =>
  apiPost<Me>('/v1/auth/verify', body);

import type { SendCodeResponse } from '../../../../shared/auth.ts';
import { apiPost } from '../../../lib/api.ts';

/**
 * POST /v1/auth/code. `next`: the /auth page's ?next=, the page the emailed link opens after
 * sign-in (the server keeps only app pages).
 */
export const sendCode = ({ email, next }: { email: string; next: string | null }) =>
  apiPost<SendCodeResponse>('/v1/auth/code', next ? { email, next } : { email });

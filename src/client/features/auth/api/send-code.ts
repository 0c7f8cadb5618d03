import { apiPost } from '../../../lib/api.ts';

export type SendCodeResponse = { sent: true; resendAfterSeconds: number; expiresInSeconds: number };

/**
 * POST /v1/auth/code. `next`: the /auth page's ?next=, the page the emailed link opens after
 * sign-in (the server keeps only app pages).
 */
export const sendCode = ({ email, next }: { email: string; next: string | null }) =>
  apiPost<SendCodeResponse>('/v1/auth/code', next ? { email, next } : { email });

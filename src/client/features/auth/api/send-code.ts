import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';

export type SendCodeResponse = { sent: true; resendAfterSeconds: number; expiresInSeconds: number };

export const sendCode = (email: string) => apiPost<SendCodeResponse>('/v1/auth/code', { email });

export const useSendCode = () => useMutation({ mutationFn: sendCode });

import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { apiPost } from '../../../lib/api.ts';

export type SendCodeResponse = { sent: true; resendAfterSeconds: number; expiresInSeconds: number };

/** `next`: the page the emailed link opens after sign-in (the server keeps only app pages). */
export const sendCode = (email: string, next: string | null) =>
  apiPost<SendCodeResponse>('/v1/auth/code', next ? { email, next } : { email });

/** Sends the code for an email; the link in the mail leads back to the /auth page's ?next=. */
export const useSendCode = () => {
  const next = useSearchParams()[0].get('next');
  return useMutation({ mutationFn: (email: string) => sendCode(email, next) });
};

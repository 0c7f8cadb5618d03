import { useMutation } from '@tanstack/react-query';
import type { ContactInput } from '../../../../shared/contact.ts';
import { apiPost } from '../../../lib/api.ts';

export type ContactResponse = { id: string; message: string };

export const sendContactMessage = (body: ContactInput) =>
  apiPost<ContactResponse>('/v1/contact', body);

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });

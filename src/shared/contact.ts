import { z } from 'zod';
import { emailSchema } from './auth.ts';

export const CONTACT_SUBJECTS = [
  { value: 'general', label: 'General Inquiry' },
  { value: 'technical', label: 'Technical Support' },
  { value: 'billing', label: 'Billing Question' },
  { value: 'feature', label: 'Feature Request' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'other', label: 'Other' },
] as const;

type Subject = (typeof CONTACT_SUBJECTS)[number]['value'];
const subjectValues = CONTACT_SUBJECTS.map((s) => s.value) as [Subject, ...Subject[]];

/** The longest message (its error says it: 'Message is too long (5,000 characters at most)'). */
export const MAX_CONTACT_MESSAGE_LENGTH = 5000;

export const contactBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'validation.contact.nameRequired')
    .max(200, 'validation.contact.nameTooLong'),
  email: emailSchema,
  subject: z.enum(subjectValues, { error: 'validation.contact.subject' }),
  message: z
    .string()
    .trim()
    .min(1, 'validation.contact.messageRequired')
    .max(MAX_CONTACT_MESSAGE_LENGTH, 'validation.contact.messageTooLong'),
});
export type ContactInput = z.input<typeof contactBody>;

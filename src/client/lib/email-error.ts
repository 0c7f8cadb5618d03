import { EMAIL_INVALID, EMAIL_REQUIRED, EMAIL_TOO_LONG } from '../../shared/auth-rules.ts';
import type { MessageId } from '../../shared/i18n/namespaces.ts';
import type { Translate } from './i18n.tsx';

/** `parseEmail`'s messages (shared/auth-rules.ts, the server's English) as the catalogue says them. */
const EMAIL_ERRORS: Record<string, MessageId> = {
  [EMAIL_REQUIRED]: 'public.email.required',
  [EMAIL_TOO_LONG]: 'public.email.tooLong',
  [EMAIL_INVALID]: 'public.email.invalid',
};

/** What is wrong with an email (sign-in, the newsletter box), in the reader's language. */
export function emailError(t: Translate, error: string): string {
  const id = EMAIL_ERRORS[error];
  return id ? t(id) : error;
}

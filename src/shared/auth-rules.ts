/**
 * Sign-in rules without zod, for the /auth page's island (src/client/islands/sign-in.tsx), which
 * loads no zod; `auth.ts` re-exports them next to its schemas. `parseEmail` gives what
 * `emailSchema` (auth.ts) gives: the same steps, messages and pattern (auth-rules.test.ts holds
 * the two to the same answers). The server still validates with the schema.
 */

import type { ValidationMessageId } from './validation-message.ts';

export const CODE_LENGTH = 6;

/** Keep only digits, at most CODE_LENGTH of them (what the code input accepts as you type). */
export const sanitizeCodeInput = (raw: string) => raw.replace(/\D/g, '').slice(0, CODE_LENGTH);

export const EMAIL_MAX_LENGTH = 254;
// Messages are keys of the catalogue's `validation` namespace (validation-message.ts): shown
// translated, `t(error)`.
export const EMAIL_REQUIRED = 'validation.email.required' satisfies ValidationMessageId;
export const EMAIL_TOO_LONG = 'validation.email.tooLong' satisfies ValidationMessageId;
export const EMAIL_INVALID = 'validation.email.invalid' satisfies ValidationMessageId;

/** zod 4's `z.email()` pattern ("practical email validation"). */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Trimmed, then required, at most 254 characters, an email; lower-cased. */
export function parseEmail(raw: string): { email: string } | { error: ValidationMessageId } {
  const email = raw.trim();
  if (!email) return { error: EMAIL_REQUIRED };
  if (email.length > EMAIL_MAX_LENGTH) return { error: EMAIL_TOO_LONG };
  if (!EMAIL_PATTERN.test(email)) return { error: EMAIL_INVALID };
  return { email: email.toLowerCase() };
}

import { z } from 'zod';

export const CODE_LENGTH = 6;
export const RESEND_COOLDOWN_SECONDS = 60;
export const CODE_TTL_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;
export const MAX_SENDS_PER_HOUR = 5;

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'))
  .transform((e) => e.toLowerCase());

export const codeSchema = z
  .string({ error: 'Code is required' })
  .regex(/^\d{6}$/, 'Code must be exactly 6 digits');

export const sendCodeBody = z.object({ email: emailSchema });
export const verifyCodeBody = z.object({ email: emailSchema, code: codeSchema });

export const sendCodeResponse = z.object({
  sent: z.literal(true),
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});

export const meResponse = z.object({
  id: z.uuid(),
  email: z.string(),
  emailVerified: z.boolean(),
});
export type Me = z.infer<typeof meResponse>;

/** Keep only digits, at most CODE_LENGTH of them (what the code input accepts as you type). */
export const sanitizeCodeInput = (raw: string) => raw.replace(/\D/g, '').slice(0, CODE_LENGTH);

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

export const sendCodeBody = z.object({
  email: emailSchema,
  /** The page the emailed link should open after sign-in (checked with safeNextPath). */
  next: z.string().max(2048).optional(),
});
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
  /** Whether a toast appears when a new code arrives (a per-user preference). */
  codeToasts: z.boolean(),
});
export type Me = z.infer<typeof meResponse>;

/** GET /v1/auth/session: the signed-in user, or null for a visitor (200 either way). */
export const sessionResponse = z.object({ user: meResponse.nullable() });

/** Keep only digits, at most CODE_LENGTH of them (what the code input accepts as you type). */
export const sanitizeCodeInput = (raw: string) => raw.replace(/\D/g, '').slice(0, CODE_LENGTH);

/** PATCH /v1/me: the user's preferences (only the keys named here; anything else is refused). */
export const updateMeBody = z.strictObject({
  codeToasts: z.boolean({ error: 'codeToasts must be true or false' }),
});
export type UpdateMe = z.infer<typeof updateMeBody>;

/** One signed-in session as its owner sees it: never the token or its hash, an opaque id instead. */
export const sessionDto = z.object({
  id: z.string(),
  current: z.boolean(),
  /** 'Chrome on Windows', from the user agent it signed in with. */
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type SessionInfo = z.infer<typeof sessionDto>;
export const sessionListResponse = z.object({ items: z.array(sessionDto) });
export const signOutOthersResponse = z.object({ signedOut: z.number().int() });

/** DELETE /v1/me: the account's email, typed again as the confirmation. */
export const deleteAccountBody = z.strictObject({
  email: z
    .string({ error: 'Type your email to confirm' })
    .trim()
    .min(1, 'Type your email to confirm')
    .max(254, 'Email is too long'),
});

/** Whether a typed confirmation names the account's email (spaces and case do not count). */
export const emailMatches = (typed: string, email: string) =>
  typed.trim().toLowerCase() === email.toLowerCase();

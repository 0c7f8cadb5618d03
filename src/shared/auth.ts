import { z } from 'zod';
import { THEMES } from './theme.ts';
import { LOCALES } from './i18n/locales.ts';
import { adminAccess } from './admin-access.ts';
import { EMAIL_INVALID, EMAIL_MAX_LENGTH, EMAIL_REQUIRED, EMAIL_TOO_LONG } from './auth-rules.ts';
import { mustBeBoolean } from './validation-message.ts';

export { CODE_LENGTH, sanitizeCodeInput } from './auth-rules.ts';
export const RESEND_COOLDOWN_SECONDS = 60;
export const CODE_TTL_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;
export const MAX_SENDS_PER_HOUR = 5;

/** The same rules as `parseEmail` (auth-rules.ts), which the sign-in page uses without zod. */
export const emailSchema = z
  .string({ error: EMAIL_REQUIRED })
  .trim()
  .min(1, EMAIL_REQUIRED)
  .max(EMAIL_MAX_LENGTH, EMAIL_TOO_LONG)
  .pipe(z.email(EMAIL_INVALID))
  .transform((e) => e.toLowerCase());

export const codeSchema = z
  .string({ error: 'validation.code.required' })
  .regex(/^\d{6}$/, 'validation.code.format');

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
  /**
   * Development only (the console mailer sends no mail): where the mail just "sent" can be read
   * from this machine. It is also printed in the server's log.
   */
  devOutbox: z.string().optional(),
});
export type SendCodeResponse = z.infer<typeof sendCodeResponse>;

export const themeSchema = z.enum(THEMES, { error: 'validation.me.theme' });
export const localeSchema = z.enum(LOCALES, { error: 'validation.me.locale' });

export const meResponse = z.object({
  id: z.uuid(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** Whether a toast appears when a new code arrives (a per-user preference). */
  codeToasts: z.boolean(),
  /** The colour theme (a per-user preference, also kept on the device for the first paint). */
  theme: themeSchema,
  /** The language the user reads the product in (and gets mails and notifications in). */
  locale: localeSchema,
  /** Only for an active administrator: role and effective permissions. */
  admin: adminAccess.optional(),
});
export type Me = z.infer<typeof meResponse>;

/** GET /v1/auth/session: the signed-in user, or null for a visitor (200 either way). */
export const sessionResponse = z.object({ user: meResponse.nullable() });

/** PATCH /v1/me: the user's preferences (only the keys named here, at least one; anything else is refused). */
export const updateMeBody = z
  .strictObject({
    codeToasts: z.boolean({ error: mustBeBoolean('codeToasts') }).optional(),
    theme: themeSchema.optional(),
    locale: localeSchema.optional(),
  })
  .refine((b) => b.codeToasts !== undefined || b.theme !== undefined || b.locale !== undefined, {
    error: 'validation.me.nothingToChange',
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
    .string({ error: 'validation.account.confirmEmail' })
    .trim()
    .min(1, 'validation.account.confirmEmail')
    .max(EMAIL_MAX_LENGTH, EMAIL_TOO_LONG),
});

/** Whether a typed confirmation names the account's email (spaces and case do not count). */
export const emailMatches = (typed: string, email: string) =>
  typed.trim().toLowerCase() === email.toLowerCase();

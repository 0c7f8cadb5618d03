import { z } from 'zod';
import { mustBeBoolean, withValues } from './validation-message.ts';

export * from './setting-definitions.ts';
import { SETTING_DEFINITIONS, type SettingKey } from './setting-definitions.ts';

/** The value schema of one key: a wrong type is a 400 naming the field. */
export function settingValueSchema(key: SettingKey): z.ZodType<boolean | number | string> {
  const d = SETTING_DEFINITIONS[key];
  switch (d.type) {
    case 'boolean':
      return z.boolean({ error: mustBeBoolean(key) });
    case 'number': {
      const whole = withValues('validation.settings.wholeNumber', { key });
      return z
        .number({ error: whole })
        .int(whole)
        .min(d.min, withValues('validation.settings.atLeast', { key, min: d.min }))
        .max(d.max, withValues('validation.settings.atMost', { key, max: d.max }));
    }
    case 'email':
      return z
        .string({ error: withValues('validation.settings.text', { key }) })
        .trim()
        .max(d.maxLength, withValues('validation.settings.tooLong', { key, max: d.maxLength }))
        .pipe(z.email(withValues('validation.settings.email', { key })));
    case 'text':
      return z
        .string({ error: withValues('validation.settings.text', { key }) })
        .trim()
        .min(1, withValues('validation.settings.empty', { key }))
        .max(d.maxLength, withValues('validation.settings.tooLong', { key, max: d.maxLength }));
  }
}

/** PUT /v1/admin/settings/:key */
export const updateSettingBody = z.strictObject({
  value: z.unknown().refine((v) => v !== undefined, 'validation.settings.valueRequired'),
});

export const settingDto = z.object({
  key: z.string(),
  value: z.union([z.boolean(), z.number(), z.string()]),
  isDefault: z.boolean(),
  updatedAt: z.iso.datetime().nullable(),
  /** Email of whoever changed it last (null for defaults or a deleted user). */
  updatedBy: z.string().nullable(),
});
export type SettingDto = z.infer<typeof settingDto>;

export const systemInfo = z.object({
  /** package.json's version. */
  version: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    status: z.enum(['connected', 'unreachable']),
  }),
  poller: z.object({
    /** Whether this process runs the poller (PROCESS_MODE all or worker). */
    running: z.boolean(),
    /** Active numbers whose next poll time has passed. */
    numbersDue: z.number().int(),
    /** Polls recorded in the last minute (from the numbers' last_polled_at). */
    pollsLastMinute: z.number().int(),
    /** Provider hosts whose numbers are failing (connection errors or open circuit). */
    failingHosts: z.array(z.object({ host: z.string(), numbers: z.number().int() })),
  }),
  notifications: z.object({
    /** How email goes out: real SMTP (SMTP_URL) or the console mailer (development). */
    mailer: z.enum(['smtp', 'console']),
    /**
     * Where the site's Telegram bot token comes from (TELEGRAM_BOT_TOKEN, or saved by an admin),
     * or null: Telegram channels need one.
     */
    telegram: z.enum(['env', 'settings']).nullable(),
    /** Whether the site has VAPID keys (Web Push channels need them). */
    webPush: z.boolean(),
    /** Deliveries made in the last hour, by kind of endpoint (webhook, email, telegram, …). */
    lastHour: z.array(
      z.object({
        kind: z.string(),
        delivered: z.number().int(),
        pending: z.number().int(),
        failed: z.number().int(),
      }),
    ),
  }),
  generatedAt: z.iso.datetime(),
});
export type SystemInfo = z.infer<typeof systemInfo>;

export const settingsResponse = z.object({ items: z.array(settingDto), system: systemInfo });

/** GET /v1/site: what every page may know (public). */
export const siteInfoResponse = z.object({
  siteName: z.string(),
  siteDescription: z.string(),
  contactEmail: z.string(),
  maintenance: z.boolean(),
  blogEnabled: z.boolean(),
});
export type SiteInfo = z.infer<typeof siteInfoResponse>;

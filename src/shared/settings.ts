import { z } from 'zod';

/**
 * Site settings: keys, types, defaults and bounds (spec section 3). A key with no stored row has
 * its default. The server validates every write against this table; the admin page draws from it.
 */
export const SETTING_DEFINITIONS = {
  site_name: {
    type: 'text',
    group: 'General',
    label: 'Site name',
    description: 'Shown in page titles and the header.',
    default: 'VOIP Manager',
    maxLength: 80,
  },
  site_description: {
    type: 'text',
    group: 'General',
    label: 'Site description',
    description: 'The meta description of the public pages.',
    default:
      'VOIP Manager keeps your rented virtual numbers in one place and shows verification codes the moment they arrive.',
    maxLength: 300,
  },
  contact_email: {
    type: 'email',
    group: 'General',
    label: 'Contact email',
    description: 'Shown on the contact page.',
    default: 'support@voipmanager.app',
    maxLength: 254,
  },
  maintenance_mode: {
    type: 'boolean',
    group: 'Features',
    label: 'Maintenance mode',
    description: 'Non-admins see a maintenance page and cannot save changes. Polling continues.',
    default: false,
  },
  blog_enabled: {
    type: 'boolean',
    group: 'Features',
    label: 'Blog',
    description: 'When off, the public blog answers 404.',
    default: true,
  },
  analytics_enabled: {
    type: 'boolean',
    group: 'Features',
    label: 'Analytics',
    description: 'When off, no analytics events are recorded.',
    default: true,
  },
  max_numbers_per_user: {
    type: 'number',
    group: 'Limits',
    label: 'Max numbers per user',
    description: 'Adding or importing past this many numbers is refused.',
    default: 10_000,
    min: 1,
    max: 1_000_000,
  },
  max_messages_per_number: {
    type: 'number',
    group: 'Limits',
    label: 'Max messages per number',
    description: 'The newest messages kept for each number; older ones are removed.',
    default: 100,
    min: 10,
    max: 10_000,
  },
} as const;

export type SettingKey = keyof typeof SETTING_DEFINITIONS;
export const SETTING_KEYS = Object.keys(SETTING_DEFINITIONS) as SettingKey[];
export const SETTING_GROUPS = ['General', 'Features', 'Limits'] as const;

export type SiteSettings = {
  [K in SettingKey]: (typeof SETTING_DEFINITIONS)[K]['type'] extends 'boolean'
    ? boolean
    : (typeof SETTING_DEFINITIONS)[K]['type'] extends 'number'
      ? number
      : string;
};
export const DEFAULT_SETTINGS = Object.fromEntries(
  SETTING_KEYS.map((k) => [k, SETTING_DEFINITIONS[k].default]),
) as SiteSettings;

export const isSettingKey = (k: string): k is SettingKey => Object.hasOwn(SETTING_DEFINITIONS, k);

/** The value schema of one key: a wrong type is a 400 naming the field. */
export function settingValueSchema(key: SettingKey): z.ZodType<boolean | number | string> {
  const d = SETTING_DEFINITIONS[key];
  switch (d.type) {
    case 'boolean':
      return z.boolean({ error: `${key} must be true or false` });
    case 'number':
      return z
        .number({ error: `${key} must be a whole number` })
        .int(`${key} must be a whole number`)
        .min(d.min, `${key} must be at least ${d.min}`)
        .max(d.max, `${key} must be at most ${d.max}`);
    case 'email':
      return z
        .string({ error: `${key} must be text` })
        .trim()
        .max(d.maxLength, `${key} must be at most ${d.maxLength} characters`)
        .pipe(z.email(`${key} must be an email address`));
    case 'text':
      return z
        .string({ error: `${key} must be text` })
        .trim()
        .min(1, `${key} must not be empty`)
        .max(d.maxLength, `${key} must be at most ${d.maxLength} characters`);
  }
}

/** PUT /v1/admin/settings/:key */
export const updateSettingBody = z.strictObject({
  value: z.unknown().refine((v) => v !== undefined, 'value is required'),
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

/** Maintenance mode: the 503 answer to a non-admin's write, and the maintenance screen's words. */
export const MAINTENANCE_MESSAGE = 'VOIP Manager is down for maintenance. Please try again later.';
export const MAINTENANCE_TITLE = 'Down for maintenance';
export const maintenanceText = (siteName: string) =>
  `${siteName} is down for maintenance. Please try again later.`;
export const MAINTENANCE_ADMIN_LINK = 'Administrator? Sign in';

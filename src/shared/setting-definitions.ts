/**
 * Site settings: keys, types, defaults and bounds (product rules). A key with no stored row has
 * its default. The server validates every write against this table; the admin page draws from it.
 * No zod here, so the admin page loads no schemas (settings.ts re-exports all of it).
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
  analytics_retention_days: {
    type: 'number',
    group: 'Limits',
    label: 'Analytics retention (days)',
    description: 'Analytics events older than this many days are deleted.',
    default: 90,
    min: 1,
    max: 3650,
  },
  dead_link_hours: {
    type: 'number',
    group: 'Limits',
    label: 'Dead link after (hours)',
    description:
      'A number whose provider link has not answered successfully for this many hours is flagged "Link may be dead" and its owner notified once (number.dead).',
    default: 24,
    min: 1,
    max: 720,
  },
  webhook_log_retention_days: {
    type: 'number',
    group: 'Limits',
    label: 'Webhook log retention (days)',
    description:
      'Finished webhook deliveries older than this many days leave the delivery logs. Pending ones stay until sent or given up.',
    default: 30,
    min: 1,
    max: 365,
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

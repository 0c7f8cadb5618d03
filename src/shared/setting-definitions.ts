/**
 * Site settings: keys, types, defaults and bounds (product rules). A key with no stored row has
 * its default. The server validates every write against this table; the admin page draws from it
 * (its words per key are in the catalogue: admin-settings/setting-labels.ts).
 * No zod here, so the admin page loads no schemas (settings.ts re-exports all of it).
 */
export const SETTING_DEFINITIONS = {
  site_name: {
    type: 'text',
    group: 'General',
    default: 'VOIP Manager',
    maxLength: 80,
  },
  site_description: {
    type: 'text',
    group: 'General',
    default:
      'VOIP Manager keeps your rented virtual numbers in one place and shows verification codes the moment they arrive.',
    maxLength: 300,
  },
  contact_email: {
    type: 'email',
    group: 'General',
    default: 'support@voipmanager.app',
    maxLength: 254,
  },
  maintenance_mode: {
    type: 'boolean',
    group: 'Features',
    default: false,
  },
  blog_enabled: {
    type: 'boolean',
    group: 'Features',
    default: true,
  },
  analytics_enabled: {
    type: 'boolean',
    group: 'Features',
    default: true,
  },
  max_numbers_per_user: {
    type: 'number',
    group: 'Limits',
    default: 10_000,
    min: 1,
    max: 1_000_000,
  },
  max_messages_per_number: {
    type: 'number',
    group: 'Limits',
    default: 100,
    min: 10,
    max: 10_000,
  },
  analytics_retention_days: {
    type: 'number',
    group: 'Limits',
    default: 90,
    min: 1,
    max: 3650,
  },
  dead_link_hours: {
    type: 'number',
    group: 'Limits',
    default: 24,
    min: 1,
    max: 720,
  },
  webhook_log_retention_days: {
    type: 'number',
    group: 'Limits',
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

import type { MessageId } from '../../../shared/i18n/namespaces.ts';
import type { SETTING_GROUPS, SettingKey } from '../../../shared/setting-definitions.ts';

/*
 * What the settings page shows for each setting and group, as catalogue keys: the shared
 * definitions (which the server validates against) hold only keys, types and bounds.
 */

export const SETTING_LABELS = {
  site_name: { label: 'admin.settings.siteName', help: 'admin.settings.siteNameHelp' },
  site_description: {
    label: 'admin.settings.siteDescription',
    help: 'admin.settings.siteDescriptionHelp',
  },
  contact_email: { label: 'admin.settings.contactEmail', help: 'admin.settings.contactEmailHelp' },
  maintenance_mode: {
    label: 'admin.settings.maintenanceMode',
    help: 'admin.settings.maintenanceModeHelp',
  },
  blog_enabled: { label: 'admin.settings.blogEnabled', help: 'admin.settings.blogEnabledHelp' },
  analytics_enabled: {
    label: 'admin.settings.analyticsEnabled',
    help: 'admin.settings.analyticsEnabledHelp',
  },
  max_numbers_per_user: {
    label: 'admin.settings.maxNumbersPerUser',
    help: 'admin.settings.maxNumbersPerUserHelp',
  },
  max_messages_per_number: {
    label: 'admin.settings.maxMessagesPerNumber',
    help: 'admin.settings.maxMessagesPerNumberHelp',
  },
  analytics_retention_days: {
    label: 'admin.settings.analyticsRetentionDays',
    help: 'admin.settings.analyticsRetentionDaysHelp',
  },
  dead_link_hours: {
    label: 'admin.settings.deadLinkHours',
    help: 'admin.settings.deadLinkHoursHelp',
  },
  webhook_log_retention_days: {
    label: 'admin.settings.webhookLogRetentionDays',
    help: 'admin.settings.webhookLogRetentionDaysHelp',
  },
} as const satisfies Record<SettingKey, { label: MessageId; help: MessageId }>;

export const GROUP_LABELS = {
  General: 'admin.settings.groupGeneral',
  Features: 'admin.settings.groupFeatures',
  Limits: 'admin.settings.groupLimits',
} as const satisfies Record<(typeof SETTING_GROUPS)[number], MessageId>;

import type { AnalyticsEventType } from '../../shared/analytics.ts';
import type { MessageId } from '../../shared/i18n/namespaces.ts';
import { prettifyEventType } from './event-format.ts';
import type { Translate } from './i18n.tsx';

/*
 * Each analytics event type's name in the admin area (the Event Type select, the charts and the
 * event lists). A record checked against the shared types (ANALYTICS_EVENT_TYPES in
 * shared/analytics.ts, not imported as a value: it would bring zod into the admin chunk).
 */
export const EVENT_TYPE_LABELS = {
  page_view: 'admin.events.pageView',
  blog_post_shared: 'admin.events.blogPostShared',
  admin_dashboard_viewed: 'admin.events.adminDashboardViewed',
  admin_analytics_viewed: 'admin.events.adminAnalyticsViewed',
  admin_settings_viewed: 'admin.events.adminSettingsViewed',
  blog_post_created: 'admin.events.blogPostCreated',
  blog_post_updated: 'admin.events.blogPostUpdated',
  blog_post_deleted: 'admin.events.blogPostDeleted',
  blog_post_status_changed: 'admin.events.blogPostStatusChanged',
  blog_post_featured_changed: 'admin.events.blogPostFeaturedChanged',
  blog_post_viewed: 'admin.events.blogPostViewed',
  admin_user_created: 'admin.events.adminUserCreated',
  admin_user_updated: 'admin.events.adminUserUpdated',
  admin_user_deleted: 'admin.events.adminUserDeleted',
  site_setting_updated: 'admin.events.siteSettingUpdated',
  newsletter_subscribed: 'admin.events.newsletterSubscribed',
} as const satisfies Record<AnalyticsEventType, MessageId>;

export const isEventType = (type: string): type is AnalyticsEventType =>
  Object.hasOwn(EVENT_TYPE_LABELS, type);

/** An event type in words: its name in the catalogue, or (a type no longer listed) prettified. */
export const eventTypeLabel = (t: Translate, type: string): string =>
  isEventType(type) ? t(EVENT_TYPE_LABELS[type]) : prettifyEventType(type);

import type { AnalyticsEventType, AnalyticsRange } from '../../../shared/analytics.ts';
import { prettifyEventType } from '../../lib/event-format.ts';

/*
 * The page's filter options. Records checked against the shared types (ANALYTICS_RANGES,
 * ANALYTICS_EVENT_TYPES in shared/analytics.ts), which are not imported as values: that module
 * brings zod into the admin chunk.
 */

export const RANGE_LABELS = {
  '1d': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
} satisfies Record<AnalyticsRange, string>;
export const RANGES = Object.keys(RANGE_LABELS) as AnalyticsRange[];
export const DEFAULT_RANGE: AnalyticsRange = '7d';

const TYPES = {
  page_view: true,
  blog_post_shared: true,
  admin_dashboard_viewed: true,
  admin_analytics_viewed: true,
  admin_settings_viewed: true,
  blog_post_created: true,
  blog_post_updated: true,
  blog_post_deleted: true,
  blog_post_status_changed: true,
  blog_post_featured_changed: true,
  blog_post_viewed: true,
  admin_user_created: true,
  admin_user_updated: true,
  admin_user_deleted: true,
  site_setting_updated: true,
  newsletter_subscribed: true,
} satisfies Record<AnalyticsEventType, true>;

/** Every event type with its words, for the Event Type select (after 'All Events'). */
export const EVENT_TYPE_OPTIONS = (Object.keys(TYPES) as AnalyticsEventType[]).map((value) => ({
  value,
  label: prettifyEventType(value),
}));

/** The range in the URL, or the default (7d) for a missing or unknown one. */
export const rangeOf = (value: string | null): AnalyticsRange =>
  value !== null && Object.hasOwn(RANGE_LABELS, value) ? (value as AnalyticsRange) : DEFAULT_RANGE;

/** The event type in the URL, or undefined (all types) for a missing or unknown one. */
export const typeOf = (value: string | null): AnalyticsEventType | undefined =>
  value !== null && Object.hasOwn(TYPES, value) ? (value as AnalyticsEventType) : undefined;

/** '4m 12s', '45s', '1h 3m'; '—' when there were no sessions. */
export function formatSessionLength(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '—';
  const total = Math.round(seconds);
  if (total < 60) return `${total}s`;
  if (total < 3600) return `${Math.floor(total / 60)}m ${total % 60}s`;
  return `${Math.floor(total / 3600)}h ${Math.floor((total % 3600) / 60)}m`;
}

/** The 24 hour-of-day labels, '00' to '23'. */
export const HOUR_LABELS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));

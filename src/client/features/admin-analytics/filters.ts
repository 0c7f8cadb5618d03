import type { AnalyticsEventType, AnalyticsRange } from '../../../shared/analytics.ts';
import type { MessageId } from '../../../shared/i18n/namespaces.ts';
import { EVENT_TYPE_LABELS, isEventType } from '../../lib/event-types.ts';
import type { Translate } from '../../lib/i18n.tsx';

/*
 * The page's filter options. Records checked against the shared types (ANALYTICS_RANGES,
 * ANALYTICS_EVENT_TYPES in shared/analytics.ts), which are not imported as values: that module
 * brings zod into the admin chunk.
 */

export const RANGE_LABELS = {
  '1d': 'admin.analytics.range1d',
  '7d': 'admin.analytics.range7d',
  '30d': 'admin.analytics.range30d',
  '90d': 'admin.analytics.range90d',
} as const satisfies Record<AnalyticsRange, MessageId>;
export const RANGES = Object.keys(RANGE_LABELS) as AnalyticsRange[];
export const DEFAULT_RANGE: AnalyticsRange = '7d';

/** Every event type, for the Event Type select (after 'All Events'). */
export const EVENT_TYPES = Object.keys(EVENT_TYPE_LABELS) as AnalyticsEventType[];

/** The range in the URL, or the default (7d) for a missing or unknown one. */
export const rangeOf = (value: string | null): AnalyticsRange =>
  value !== null && Object.hasOwn(RANGE_LABELS, value) ? (value as AnalyticsRange) : DEFAULT_RANGE;

/** The event type in the URL, or undefined (all types) for a missing or unknown one. */
export const typeOf = (value: string | null): AnalyticsEventType | undefined =>
  value !== null && isEventType(value) ? value : undefined;

/** '4m 12s', '45s', '1h 3m' (in the reader's language); '—' when there were no sessions. */
export function formatSessionLength(t: Translate, seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '—';
  const total = Math.round(seconds);
  if (total < 60) return t('admin.analytics.seconds', { s: total });
  if (total < 3600)
    return t('admin.analytics.minutesSeconds', { m: Math.floor(total / 60), s: total % 60 });
  return t('admin.analytics.hoursMinutes', {
    h: Math.floor(total / 3600),
    m: Math.floor((total % 3600) / 60),
  });
}

/** The 24 hour-of-day labels, '00' to '23'. */
export const HOUR_LABELS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));

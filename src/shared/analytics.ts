import { z } from 'zod';

/** Analytics: event types, the client's POST body, and the admin API's shapes (product rules). */

/** Events the browser may send (POST /v1/analytics/events). The admin_* ones only from an admin. */
export const CLIENT_EVENT_TYPES = [
  'page_view',
  'blog_post_shared',
  'admin_dashboard_viewed',
  'admin_analytics_viewed',
  'admin_settings_viewed',
] as const;
export const ADMIN_CLIENT_EVENT_TYPES: readonly string[] = [
  'admin_dashboard_viewed',
  'admin_analytics_viewed',
  'admin_settings_viewed',
];
/** Events only the server records, after the change they describe has been saved. */
export const SERVER_EVENT_TYPES = [
  'blog_post_created',
  'blog_post_updated',
  'blog_post_deleted',
  'blog_post_status_changed',
  'blog_post_featured_changed',
  'blog_post_viewed',
  'admin_user_created',
  'admin_user_updated',
  'admin_user_deleted',
  'site_setting_updated',
  'newsletter_subscribed',
] as const;
export const ANALYTICS_EVENT_TYPES = [...CLIENT_EVENT_TYPES, ...SERVER_EVENT_TYPES] as const;
export type ClientEventType = (typeof CLIENT_EVENT_TYPES)[number];
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

/** Serialized `data` of one event, at most. */
export const MAX_EVENT_DATA_BYTES = 4096;
export const MAX_EVENT_URL_LENGTH = 2048;
/** The whole request body (the route's body limit): above it, 413. */
export const MAX_EVENT_BODY_BYTES = 8192;

export const sessionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'validation.analytics.sessionId');

export const trackEventBody = z.strictObject({
  type: z.enum(CLIENT_EVENT_TYPES, { error: 'validation.analytics.type' }),
  sessionId: sessionIdSchema,
  /** The page's path and query (an absolute URL is cut to its path). */
  pageUrl: z.string().max(MAX_EVENT_URL_LENGTH),
  referrer: z.string().max(MAX_EVENT_URL_LENGTH).optional(),
  data: z
    .record(z.string().max(100), z.unknown())
    .refine(
      (d) => new TextEncoder().encode(JSON.stringify(d)).length <= MAX_EVENT_DATA_BYTES,
      'validation.analytics.dataTooLarge',
    )
    .optional(),
});
/** 202: `recorded` is false when analytics are switched off (nothing is stored). */
export const trackEventResponse = z.object({ recorded: z.boolean() });

// ---- Admin analytics (/v1/admin/analytics, permission analytics) ----

export const ANALYTICS_RANGES = ['1d', '7d', '30d', '90d'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = '7d';
export const RANGE_DAYS: Record<AnalyticsRange, number> = {
  '1d': 1,
  '7d': 7,
  '30d': 30,
  '90d': 90,
};

export const analyticsQuery = z.object({
  range: z
    .enum(ANALYTICS_RANGES, { error: 'validation.analytics.range' })
    .default(DEFAULT_ANALYTICS_RANGE),
  type: z
    .enum(ANALYTICS_EVENT_TYPES, { error: 'validation.analytics.unknownEventType' })
    .optional(),
  /** The viewer's offset from UTC in minutes (east positive), for the hour-of-day buckets. */
  utcOffset: z.coerce.number().int().min(-840).max(840).default(0),
});

export const analyticsEventDto = z.object({
  id: z.uuid(),
  type: z.string(),
  userId: z.uuid().nullable(),
  sessionId: z.string().nullable(),
  pageUrl: z.string().nullable(),
  referrer: z.string().nullable(),
  userAgent: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime(),
});
export type AnalyticsEventDto = z.infer<typeof analyticsEventDto>;

export const ANALYTICS_LIMITS = { types: 10, topPages: 10, recent: 20, details: 50 } as const;

export const analyticsSummary = z.object({
  range: z.enum(ANALYTICS_RANGES),
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  totals: z.object({
    events: z.number().int(),
    /** Distinct signed-in users, plus distinct sessions of anonymous visitors. */
    uniqueUsers: z.number().int(),
    pageViews: z.number().int(),
    sessions: z.number().int(),
    /** Mean of (last event − first event) over the sessions in the range; null with none. */
    avgSessionSeconds: z.number().nullable(),
  }),
  /** Events per hour of day (0–23, in the viewer's offset). */
  hourly: z.array(z.number().int()).length(24),
  /** The 10 most frequent types, most first. */
  types: z.array(z.object({ type: z.string(), count: z.number().int() })),
  /** The 10 most viewed paths (page_view events), most first. */
  topPages: z.array(z.object({ path: z.string(), count: z.number().int() })),
  /** The newest 50 events (Recent Events shows the first 20). */
  events: z.array(analyticsEventDto),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummary>;

/** CSV export columns, in order (docs/product-rules.md, Analytics). */
export const ANALYTICS_CSV_COLUMNS = [
  'Event Type',
  'User ID',
  'Page URL',
  'Timestamp',
  'User Agent',
] as const;

import { z } from 'zod';
import { isValidApiLink } from './numbers.ts';
import { MAX_WEBHOOK_FILTER_IDS } from './webhooks.ts';

/**
 * Notification channels: where a user's codes and warnings reach them (email, Telegram, ntfy,
 * Discord, Slack). Each is a delivery endpoint beside webhooks (ADR 0017): same queue, retries,
 * log and SSRF guard; a message formatted for the service instead of a signed JSON body.
 */
export const CHANNEL_TYPES = ['email', 'telegram', 'ntfy', 'discord', 'slack', 'webpush'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];
export const CHANNEL_TYPE_LABELS: Record<ChannelType, string> = {
  email: 'Email',
  telegram: 'Telegram',
  ntfy: 'ntfy',
  discord: 'Discord',
  slack: 'Slack',
  webpush: 'Web Push',
};

export const CHANNEL_EVENTS = [
  'code.received',
  'number.failing',
  'number.recovered',
  'number.expiring',
  'number.dead',
  'expiry.digest',
] as const;
export type ChannelEvent = (typeof CHANNEL_EVENTS)[number];
/** The weekly digest lists the numbers ending within this many days. */
export const DIGEST_DAYS = 14;

export const MAX_CHANNELS_PER_USER = 20;
/** Reminders before a number's end date: days before it (0: on the day it ends). */
export const DEFAULT_REMINDER_DAYS = [7, 3, 1, 0];
export const MAX_REMINDER_DAYS = 60;
export const MAX_REMINDERS = 6;
/** How long a Telegram channel's link (`/start <token>`) can be used. */
export const TELEGRAM_LINK_HOURS = 24;

/** Quiet hours in the owner's time zone; `codes`: new codes are sent anyway. */
export type QuietHours = { start: string; end: string; timeZone: string; codes: boolean };

const TIME_ERROR = 'validation.channels.time';
const timeField = z.string({ error: TIME_ERROR }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, TIME_ERROR);
export function isTimeZone(tz: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
export const quietHoursField = z
  .object({
    start: timeField,
    end: timeField,
    timeZone: z
      .string({ error: 'validation.channels.timeZone' })
      .max(64, 'validation.channels.timeZone')
      .refine(isTimeZone, 'validation.channels.timeZone'),
    codes: z.boolean().default(true),
  })
  .refine((q) => q.start !== q.end, {
    message: 'validation.channels.quietHours',
    path: ['end'],
  });

const URL_ERROR = 'validation.url';
const urlField = z.string({ error: URL_ERROR }).trim().refine(isValidApiLink, URL_ERROR);
const TOPIC_ERROR = 'validation.channels.topic';
const ntfyConfig = z.strictObject({
  serverUrl: urlField.transform((u) => u.replace(/\/+$/, '')),
  topic: z.string({ error: TOPIC_ERROR }).regex(/^[-_A-Za-z0-9]{1,64}$/, TOPIC_ERROR),
  /** An access token for a protected topic (write-only: answers say `hasToken`). */
  token: z.string().trim().min(1).max(200).nullable().optional(),
});
const hookConfig = z.strictObject({ webhookUrl: urlField });
const KEY_ERROR = 'validation.channels.pushKey';
/** A browser's push subscription (`PushSubscription.toJSON()`), and a name for the device. */
const pushConfig = z.strictObject({
  endpoint: urlField,
  keys: z.object({
    p256dh: z.string({ error: KEY_ERROR }).regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, KEY_ERROR),
    auth: z.string({ error: KEY_ERROR }).regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, KEY_ERROR),
  }),
  expirationTime: z.number().nullable().optional(),
  device: z.string().trim().max(100).optional(),
});
const noConfig = z.strictObject({}).default({});

const eventsField = z
  .array(z.enum(CHANNEL_EVENTS, { error: 'validation.unknownEvent' }), {
    error: 'validation.eventRequired',
  })
  .min(1, 'validation.eventRequired')
  .transform((e) => CHANNEL_EVENTS.filter((x) => e.includes(x)));
const idsField = z
  .array(z.uuid('validation.unknownId'))
  .max(MAX_WEBHOOK_FILTER_IDS, 'validation.tooManyIds')
  .transform((ids) => [...new Set(ids)]);
const rules = {
  events: eventsField,
  /** Only these numbers (empty or absent: every number). */
  numberIds: idsField.optional(),
  /** Only numbers with one of these tags (empty or absent: any tag). */
  tagIds: idsField.optional(),
  quietHours: quietHoursField.nullable().optional(),
  /** Days before a number's end date that `number.expiring` reminds of (default 7, 3, 1, 0). */
  reminderDays: z
    .array(
      z
        .int({ error: 'validation.channels.reminderWhole' })
        .min(0, 'validation.channels.reminderMin')
        .max(MAX_REMINDER_DAYS, 'validation.channels.reminderMax'),
      { error: 'validation.channels.reminderList' },
    )
    .min(1, 'validation.channels.reminderRequired')
    .max(MAX_REMINDERS, 'validation.channels.tooManyReminders')
    .transform((d) => [...new Set(d)].sort((a, b) => b - a))
    .optional(),
  enabled: z.boolean().optional(),
};

export const createChannelBody = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('email'), config: noConfig, ...rules }),
    z.object({ type: z.literal('telegram'), config: noConfig, ...rules }),
    z.object({ type: z.literal('ntfy'), config: ntfyConfig, ...rules }),
    z.object({ type: z.literal('discord'), config: hookConfig, ...rules }),
    z.object({ type: z.literal('slack'), config: hookConfig, ...rules }),
    z.object({ type: z.literal('webpush'), config: pushConfig, ...rules }),
  ],
  { error: 'validation.channels.type' },
);
export type CreateChannelBody = z.input<typeof createChannelBody>;

/** A change: the rules, and the config of the channel's type (checked against it). */
export const updateChannelBody = z.object({
  config: z.record(z.string(), z.unknown()).optional(),
  events: rules.events.optional(),
  numberIds: rules.numberIds,
  tagIds: rules.tagIds,
  quietHours: rules.quietHours,
  reminderDays: rules.reminderDays,
  enabled: rules.enabled,
});
export type UpdateChannelBody = z.input<typeof updateChannelBody>;
/** The config a type takes (the create schema's, for a change). */
export const channelConfigSchema: Record<ChannelType, z.ZodType> = {
  email: noConfig,
  telegram: noConfig,
  ntfy: ntfyConfig,
  discord: hookConfig,
  slack: hookConfig,
  webpush: pushConfig,
};

/** What an answer shows of a channel's config: never a secret. */
export const channelConfigDto = z.union([
  z.object({ email: z.string() }),
  z.object({ linked: z.boolean(), chat: z.string().nullable() }),
  z.object({ serverUrl: z.string(), topic: z.string(), hasToken: z.boolean() }),
  z.object({ webhookUrl: z.string() }),
  /** Web Push: the subscription's endpoint (a browser finds its own channel by it). */
  z.object({ endpoint: z.string(), pushService: z.string(), device: z.string().nullable() }),
]);
export const channelDto = z.object({
  id: z.uuid(),
  type: z.enum(CHANNEL_TYPES),
  config: channelConfigDto,
  events: z.array(z.enum(CHANNEL_EVENTS)),
  numberIds: z.array(z.uuid()),
  tagIds: z.array(z.uuid()),
  quietHours: z
    .object({ start: z.string(), end: z.string(), timeZone: z.string(), codes: z.boolean() })
    .nullable(),
  reminderDays: z.array(z.number().int()),
  enabled: z.boolean(),
  /** Why the server turned it off (failing for 24 hours), or null. */
  disabledReason: z.string().nullable(),
  failingSince: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type ChannelDto = z.infer<typeof channelDto>;
/** A Telegram channel's create answer: the deep link that links a chat (`/start <token>`). */
export const createdChannelDto = channelDto.extend({ link: z.string().optional() });
export type CreatedChannelDto = z.infer<typeof createdChannelDto>;

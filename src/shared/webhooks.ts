import { z } from 'zod';
import { isValidApiLink } from './numbers.ts';

/**
 * Webhooks: the events a user's endpoints receive, signed as Standard Webhooks do (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>`). The
 * event names and payload fields are a contract: add, never rename.
 */
export const WEBHOOK_EVENTS = [
  'code.received',
  'message.received',
  'number.failing',
  'number.recovered',
  'number.expiring',
  'number.dead',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number] | 'webhook.test';

/** What each event POSTs: `{type, timestamp, data}` (the contract; `/v1/openapi.json` shows it). */
const payload = <T extends string, D extends z.ZodRawShape>(type: T, data: D) =>
  z.strictObject({
    type: z.literal(type),
    /** When the event happened (the poll that stored the message, the check that saw the date). */
    timestamp: z.iso.datetime(),
    data: z.strictObject(data),
  });
const message = {
  numberId: z.uuid(),
  phoneNumber: z.string(),
  messageId: z.uuid(),
  content: z.string(),
  sender: z.string(),
  receivedAt: z.iso.datetime(),
};
const health = {
  numberId: z.uuid(),
  phoneNumber: z.string(),
  /** The poll's error (null once recovered) and the failures in a row. */
  error: z.string().nullable(),
  failures: z.number().int(),
};
export const WEBHOOK_PAYLOADS = {
  'code.received': payload('code.received', { ...message, code: z.string() }),
  'message.received': payload('message.received', { ...message, code: z.string().nullable() }),
  'number.failing': payload('number.failing', health),
  'number.recovered': payload('number.recovered', health),
  'number.expiring': payload('number.expiring', {
    numberId: z.uuid(),
    phoneNumber: z.string(),
    endDate: z.iso.datetime(),
    /** Days to the end date, rounded up. */
    daysLeft: z.number().int(),
  }),
  'number.dead': payload('number.dead', {
    numberId: z.uuid(),
    phoneNumber: z.string(),
    /** When its link started failing, and the last poll's error. */
    failingSince: z.iso.datetime(),
    error: z.string().nullable(),
  }),
  'webhook.test': payload('webhook.test', { test: z.literal(true), webhookId: z.uuid() }),
} satisfies Record<WebhookEvent, z.ZodType>;

export const MAX_WEBHOOKS_PER_USER = 20;
/** `number.expiring` is sent this many days before a number's end date (the webhook's choice). */
export const DEFAULT_EXPIRING_DAYS = 3;
export const MAX_EXPIRING_DAYS = 60;
export const MAX_WEBHOOK_FILTER_IDS = 100;
/** How long the previous secret still signs after a rotation (both signatures are sent). */
export const SECRET_OVERLAP_HOURS = 24;
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

const URL_ERROR = 'validation.url';
const urlField = z.string({ error: URL_ERROR }).trim().refine(isValidApiLink, URL_ERROR);
const eventsField = z
  .array(z.enum(WEBHOOK_EVENTS, { error: 'validation.unknownEvent' }), {
    error: 'validation.eventRequired',
  })
  .min(1, 'validation.eventRequired')
  .transform((e) => WEBHOOK_EVENTS.filter((x) => e.includes(x)));
const idsField = z
  .array(z.uuid('validation.unknownId'))
  .max(MAX_WEBHOOK_FILTER_IDS, 'validation.tooManyIds')
  .transform((ids) => [...new Set(ids)]);

export const createWebhookBody = z.object({
  url: urlField,
  events: eventsField,
  /** Only these numbers (empty or absent: every number). */
  numberIds: idsField.optional(),
  /** Only numbers with one of these tags (empty or absent: any tag). */
  tagIds: idsField.optional(),
  enabled: z.boolean().optional(),
  /** Days before a number's end date that `number.expiring` is sent (default 3). */
  expiringDays: z
    .int({ error: 'validation.days.wholeNumber' })
    .min(1, 'validation.days.atLeastOne')
    .max(MAX_EXPIRING_DAYS, 'validation.webhooks.expiringDaysMax')
    .optional(),
});
export type CreateWebhookBody = z.input<typeof createWebhookBody>;
export const updateWebhookBody = createWebhookBody.partial();
export type UpdateWebhookBody = z.input<typeof updateWebhookBody>;

export const webhookDto = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  numberIds: z.array(z.uuid()),
  tagIds: z.array(z.uuid()),
  enabled: z.boolean(),
  expiringDays: z.number().int(),
  /** Why the server turned it off (failing for 24 hours), or null. */
  disabledReason: z.string().nullable(),
  /** Deliveries have been failing since then (null: the last one went through). */
  failingSince: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type WebhookDto = z.infer<typeof webhookDto>;
/** Create and rotate answers: the only ones that carry the secret. */
export const webhookWithSecretDto = webhookDto.extend({ secret: z.string() });
export type WebhookWithSecretDto = z.infer<typeof webhookWithSecretDto>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const deliveryDto = z.object({
  /** The `webhook-id` every attempt carries: receivers drop duplicates by it. */
  id: z.uuid(),
  event: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The last attempt: its HTTP status (null when no answer), time taken and answer's start. */
  responseStatus: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastAttemptAt: z.iso.datetime().nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
});
export type DeliveryDto = z.infer<typeof deliveryDto>;
export const deliveryListResponse = z.object({
  items: z.array(deliveryDto),
  nextCursor: z.string().nullable(),
});

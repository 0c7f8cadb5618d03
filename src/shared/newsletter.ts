import { z } from 'zod';
import { emailSchema } from './auth.ts';

/** The blog's 'Stay Updated' box (POST /v1/newsletter) and its admin list (permission users). */

export const subscribeBody = z.strictObject({ email: emailSchema });
/** 201 subscribed, 200 already_subscribed (the address is stored once). */
export const subscribeResponse = z.object({
  status: z.enum(['subscribed', 'already_subscribed']),
});

export const subscriberListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const subscriberDto = z.object({
  id: z.uuid(),
  email: z.string(),
  createdAt: z.iso.datetime(),
});
export type SubscriberDto = z.infer<typeof subscriberDto>;
export const subscriberListResponse = z.object({
  items: z.array(subscriberDto),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});

import { apiPost } from '../../../lib/api.ts';

export type SubscribeStatus = 'subscribed' | 'already_subscribed';

/** POST /v1/newsletter {email}: 201 subscribed, 200 already_subscribed, 429 when rate-limited. */
export const subscribe = (email: string) =>
  apiPost<{ status: SubscribeStatus }>('/v1/newsletter', { email });

import { MAX_WEBHOOKS_PER_USER } from '../../../shared/webhooks.ts';
import { AppError } from '../../errors.ts';

export const webhookErrors = {
  notFound: () => new AppError('WEBHOOK_NOT_FOUND', 'Webhook not found.'),
  deliveryNotFound: () => new AppError('DELIVERY_NOT_FOUND', 'Delivery not found.'),
  limitReached: () =>
    new AppError(
      'WEBHOOK_LIMIT_REACHED',
      `You can have at most ${MAX_WEBHOOKS_PER_USER} webhooks. Delete one you no longer use first.`,
    ),
};

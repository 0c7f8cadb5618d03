import { MAX_WEBHOOKS_PER_USER } from '../../../shared/webhooks.ts';
import { AppError, msg, validationError } from '../../errors.ts';

export const webhookErrors = {
  notFound: () => new AppError('WEBHOOK_NOT_FOUND', msg('server.webhooks.notFound')),
  deliveryNotFound: () =>
    new AppError('DELIVERY_NOT_FOUND', msg('server.webhooks.deliveryNotFound')),
  /** A filter naming numbers or tags that are not the user's (webhooks and channels). */
  unknownIds: (bad: { numberIds?: true; tagIds?: true }) =>
    validationError(msg('server.errors.invalidInput'), {
      ...(bad.numberIds && { numberIds: [msg('server.webhooks.unknownNumber')] }),
      ...(bad.tagIds && { tagIds: [msg('server.webhooks.unknownTag')] }),
    }),
  limitReached: () =>
    new AppError(
      'WEBHOOK_LIMIT_REACHED',
      msg('server.webhooks.limitReached', { max: MAX_WEBHOOKS_PER_USER }),
    ),
};

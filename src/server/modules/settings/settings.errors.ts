import { AppError, msg, validationError } from '../../errors.ts';

/** Seconds a client is told to wait before trying a write again in maintenance mode. */
export const MAINTENANCE_RETRY_AFTER = 60;

export const settingsErrors = {
  /** A write refused in maintenance mode (maintenance.ts). */
  maintenance: () =>
    new AppError('MAINTENANCE', msg('server.settings.maintenance'), {
      retryAfterSeconds: MAINTENANCE_RETRY_AFTER,
    }),
  unknownSetting: (key: string) =>
    new AppError('UNKNOWN_SETTING', msg('server.settings.unknownSetting', { key })),
  /** `message`: the value schema's, a validation catalogue message (shared/validation-message.ts). */
  invalidValue: (message: string) => validationError(message, { value: [message] }),
};

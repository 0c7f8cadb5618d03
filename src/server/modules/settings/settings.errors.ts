import { AppError } from '../../errors.ts';
import { MAINTENANCE_MESSAGE } from '../../../shared/settings.ts';

/** Seconds a client is told to wait before trying a write again in maintenance mode. */
export const MAINTENANCE_RETRY_AFTER = 60;

export const settingsErrors = {
  /** A write refused in maintenance mode (maintenance.ts). */
  maintenance: () =>
    new AppError('MAINTENANCE', MAINTENANCE_MESSAGE, {
      retryAfterSeconds: MAINTENANCE_RETRY_AFTER,
    }),
  unknownSetting: (key: string) => new AppError('UNKNOWN_SETTING', `Unknown setting: ${key}`),
  invalidValue: (message: string) =>
    new AppError('VALIDATION_ERROR', message, { fields: { value: [message] } }),
};

import { AppError } from '../../errors.ts';

/** Seconds a client is told to wait before trying a write again in maintenance mode. */
export const MAINTENANCE_RETRY_AFTER = 60;

export const settingsErrors = {
  unknownSetting: (key: string) => new AppError(404, 'UNKNOWN_SETTING', `Unknown setting: ${key}`),
  invalidValue: (message: string) =>
    new AppError(400, 'VALIDATION_ERROR', message, { fields: { value: [message] } }),
};

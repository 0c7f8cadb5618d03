import { AppError, msg } from '../../errors.ts';
import { tagErrors } from '../tags/tags.errors.ts';

export const numberErrors = {
  notFound: () => new AppError('NUMBER_NOT_FOUND', msg('server.numbers.notFound')),
  tagNotFound: tagErrors.notFound,
  alreadyExists: (phone: string) =>
    new AppError('NUMBER_ALREADY_EXISTS', msg('server.numbers.alreadyExists', { phone })),
  nothingToImport: () => new AppError('NOTHING_TO_IMPORT', msg('server.numbers.nothingToImport')),
  importFormat: () => new AppError('INVALID_IMPORT_FORMAT', msg('server.numbers.importFormat')),
  notText: () => new AppError('INVALID_IMPORT_FORMAT', msg('server.numbers.notText')),
  /** A create or import past the max_numbers_per_user setting (`have`: the user's count). */
  limitReached: (limit: number, have: number, adding: number) => {
    const fit = Math.max(0, limit - have);
    return new AppError(
      'NUMBER_LIMIT_REACHED',
      fit === 0 || adding <= 1
        ? msg('server.numbers.limitReached', { limit })
        : msg('server.numbers.importOverLimit', { limit, adding, fit }),
    );
  },
  tooManyLines: (max: number) =>
    new AppError('IMPORT_TOO_LARGE', msg('server.numbers.tooManyLines', { max })),
};

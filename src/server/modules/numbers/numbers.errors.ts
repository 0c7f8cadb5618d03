import { AppError } from '../../errors.ts';
import { SETTINGS_FORMAT_ERROR } from '../../../shared/bulk-lines.ts';

export const numberErrors = {
  notFound: () => new AppError('NUMBER_NOT_FOUND', 'Number not found'),
  tagNotFound: () => new AppError('TAG_NOT_FOUND', 'Tag not found'),
  alreadyExists: (phone: string) =>
    new AppError('NUMBER_ALREADY_EXISTS', `Number ${phone} already exists`),
  nothingToImport: () => new AppError('NOTHING_TO_IMPORT', 'Nothing to import'),
  importFormat: () => new AppError('INVALID_IMPORT_FORMAT', SETTINGS_FORMAT_ERROR),
  notText: () =>
    new AppError('INVALID_IMPORT_FORMAT', 'The file is not text. Import a .json or .txt file.'),
  /** A create or import past the max_numbers_per_user setting (`have`: the user's count). */
  limitReached: (limit: number, have: number, adding: number) => {
    const n = (x: number) => x.toLocaleString('en-US');
    const fit = Math.max(0, limit - have);
    return new AppError(
      'NUMBER_LIMIT_REACHED',
      fit === 0 || adding <= 1
        ? `You can have at most ${n(limit)} numbers. Remove some before adding more.`
        : `You can have at most ${n(limit)} numbers: this import would add ${n(adding)}, but only ${n(fit)} more fit. Nothing was imported. Remove some numbers or import fewer.`,
    );
  },
  tooManyLines: (max: number) =>
    new AppError(
      'IMPORT_TOO_LARGE',
      `Import at most ${max.toLocaleString('en-US')} lines at a time.`,
    ),
};

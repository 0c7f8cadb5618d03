import { AppError } from '../../errors.ts';
import { NO_VALID_LINES } from '../../../shared/checks.ts';

export const dateCheckErrors = {
  tooManyLines: (max: number) =>
    new AppError('TOO_MANY_LINES', `Check at most ${max} numbers at a time.`),
  noValidLines: () => new AppError('NO_VALID_LINES', NO_VALID_LINES),
};

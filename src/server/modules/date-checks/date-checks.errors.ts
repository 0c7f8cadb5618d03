import { AppError, msg } from '../../errors.ts';

export const dateCheckErrors = {
  tooManyLines: (max: number) =>
    new AppError('TOO_MANY_LINES', msg('server.dateChecks.tooManyLines', { max })),
  noValidLines: () => new AppError('NO_VALID_LINES', msg('server.dateChecks.noValidLines')),
};

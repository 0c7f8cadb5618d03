import { AppError, msg, rateLimited, tooManyRequests } from '../../errors.ts';
import { MAX_SINGLE_LINES } from '../../../shared/sharing.ts';
import { numberErrors } from '../numbers/numbers.errors.ts';

export const sharingErrors = {
  pageNotFound: () => new AppError('PAGE_NOT_FOUND', msg('server.sharing.pageNotFound')),
  endpointNotFound: () =>
    new AppError('ENDPOINT_NOT_FOUND', msg('server.sharing.endpointNotFound')),
  numberNotFound: numberErrors.notFound,
  /** Public: an unknown, malformed or inactive page hash (the product's words). */
  publicPageNotFound: () =>
    new AppError('PAGE_NOT_FOUND', msg('server.sharing.publicPageNotFound')),
  /** Public: an unknown, malformed or inactive endpoint hash (the product's words). */
  publicEndpointNotFound: () =>
    new AppError('ENDPOINT_NOT_FOUND', msg('server.sharing.publicEndpointNotFound')),
  rateLimited,
  /** Live streams open from one address past their cap (public.routes.ts). */
  tooManyStreams: () => tooManyRequests('TOO_MANY_OPEN', msg('server.sharing.tooManyStreams'), 5),
  /** Waiting requests open from one address past their cap (public.routes.ts). */
  tooManyWaits: () => tooManyRequests('TOO_MANY_OPEN', msg('server.sharing.tooManyWaits'), 5),
  linesRequired: () => new AppError('SINGLE_LINES_REQUIRED', msg('server.sharing.linesRequired')),
  tooManyLines: () =>
    new AppError('TOO_MANY_LINES', msg('server.sharing.tooManyLines', { max: MAX_SINGLE_LINES })),
};

import { AppError, rateLimited, tooManyRequests } from '../../errors.ts';
import {
  ENDPOINT_NOT_FOUND,
  MAX_SINGLE_LINES,
  PAGE_NOT_FOUND,
  SINGLE_LINES_REQUIRED,
} from '../../../shared/sharing.ts';
import { numberErrors } from '../numbers/numbers.errors.ts';

export const sharingErrors = {
  pageNotFound: () => new AppError('PAGE_NOT_FOUND', 'Page not found'),
  endpointNotFound: () => new AppError('ENDPOINT_NOT_FOUND', 'Endpoint not found'),
  numberNotFound: numberErrors.notFound,
  /** Public: an unknown, malformed or inactive page hash (the product's words). */
  publicPageNotFound: () => new AppError('PAGE_NOT_FOUND', PAGE_NOT_FOUND),
  /** Public: an unknown, malformed or inactive endpoint hash (the product's words). */
  publicEndpointNotFound: () => new AppError('ENDPOINT_NOT_FOUND', ENDPOINT_NOT_FOUND),
  rateLimited,
  /** Streams or waits open from one address past their cap (public.routes.ts). */
  tooManyOpen: (what: string) =>
    tooManyRequests(
      'TOO_MANY_OPEN',
      `Too many ${what} open from your address. Close one and try again.`,
      5,
    ),
  linesRequired: () => new AppError('SINGLE_LINES_REQUIRED', SINGLE_LINES_REQUIRED),
  tooManyLines: () =>
    new AppError(
      'TOO_MANY_LINES',
      `Paste at most ${MAX_SINGLE_LINES.toLocaleString('en-US')} lines at a time.`,
    ),
};

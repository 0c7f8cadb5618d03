import { AppError, notFound } from '../../errors.ts';
import {
  ENDPOINT_NOT_FOUND,
  MAX_SINGLE_LINES,
  PAGE_NOT_FOUND,
  SINGLE_LINES_REQUIRED,
} from '../../../shared/sharing.ts';

export const sharingErrors = {
  pageNotFound: () => notFound('Page not found'),
  entryNotFound: () => notFound('Entry not found'),
  numberNotFound: () => notFound('Number not found'),
  /** Public: an unknown, malformed or inactive page hash (the product's words). */
  publicPageNotFound: () => new AppError(404, 'PAGE_NOT_FOUND', PAGE_NOT_FOUND),
  /** Public: an unknown, malformed or inactive endpoint hash (the product's words). */
  publicEndpointNotFound: () => new AppError(404, 'ENDPOINT_NOT_FOUND', ENDPOINT_NOT_FOUND),
  linesRequired: () => new AppError(400, 'SINGLE_LINES_REQUIRED', SINGLE_LINES_REQUIRED),
  tooManyLines: () =>
    new AppError(
      400,
      'TOO_MANY_LINES',
      `Paste at most ${MAX_SINGLE_LINES.toLocaleString('en-US')} lines at a time.`,
    ),
};

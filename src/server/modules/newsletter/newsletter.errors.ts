import { AppError } from '../../errors.ts';

export const newsletterErrors = {
  /** The blog (and its 'Stay Updated' box) is switched off: the route is not there. */
  notFound: () => new AppError(404, 'NOT_FOUND', 'Not found'),
};

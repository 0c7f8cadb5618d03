import { notFound } from '../../errors.ts';

export const adminDataErrors = {
  contactMessageNotFound: () => notFound('Message not found'),
};

import { AppError } from '../../errors.ts';

export const adminDataErrors = {
  contactMessageNotFound: () => new AppError('CONTACT_MESSAGE_NOT_FOUND', 'Message not found'),
};

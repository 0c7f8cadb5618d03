import { AppError, msg } from '../../errors.ts';

export const adminDataErrors = {
  contactMessageNotFound: () =>
    new AppError('CONTACT_MESSAGE_NOT_FOUND', msg('server.admin.contactMessageNotFound')),
};

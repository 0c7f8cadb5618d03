import { AppError, msg, validationError } from '../../errors.ts';

export const tagErrors = {
  notFound: () => new AppError('TAG_NOT_FOUND', msg('server.tags.notFound')),
  /** A rename to the name of another of the user's tags (any case). */
  nameTaken: (name: string) =>
    new AppError('TAG_NAME_TAKEN', msg('server.tags.nameTaken', { name }), {
      fields: { name: [msg('server.tags.nameTaken', { name })] },
    }),
  mergeIntoItself: () =>
    validationError(msg('server.tags.mergeIntoItself'), {
      intoId: [msg('server.tags.chooseAnother')],
    }),
};

import { msg, tooManyRequests } from '../../errors.ts';

export const contactErrors = {
  tooManyMessages: (retryAfterSeconds: number) =>
    tooManyRequests('TOO_MANY_MESSAGES', msg('server.contact.tooManyMessages'), retryAfterSeconds),
};

import { forbidden, msg, rateLimited } from '../../errors.ts';

export const analyticsErrors = {
  /** admin_* events from someone who is not an active admin. */
  adminOnly: () => forbidden(msg('server.analytics.adminOnly')),
  rateLimited,
};

import { forbidden, rateLimited } from '../../errors.ts';

export const analyticsErrors = {
  /** admin_* events from someone who is not an active admin. */
  adminOnly: () => forbidden('Only administrators may send this event.'),
  rateLimited,
};

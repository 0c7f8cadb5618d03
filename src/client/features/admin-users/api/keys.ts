import type { ADMIN_STATUS_FILTERS, USER_STATUS_FILTERS } from '../../../../shared/admin.ts';
import { ADMIN_ROOT } from '../../../lib/query-roots.ts';

export type UserStatus = (typeof USER_STATUS_FILTERS)[number];
export type AdminStatus = (typeof ADMIN_STATUS_FILTERS)[number];
export type ContactStatus = 'all' | 'open' | 'handled';

/** Query keys of User Management, all under the admin root. */
export const adminUsersKeys = {
  users: [...ADMIN_ROOT, 'users'] as const,
  userList: (q: string, status: UserStatus) =>
    [...ADMIN_ROOT, 'users', 'list', { q, status }] as const,
  userCount: () => [...ADMIN_ROOT, 'users', 'count'] as const,
  admins: [...ADMIN_ROOT, 'admins'] as const,
  adminList: (q: string, status: AdminStatus) => [...ADMIN_ROOT, 'admins', { q, status }] as const,
  subscribers: [...ADMIN_ROOT, 'newsletter'] as const,
  subscriberList: (q: string) => [...ADMIN_ROOT, 'newsletter', 'list', { q }] as const,
  subscriberCount: () => [...ADMIN_ROOT, 'newsletter', 'count'] as const,
  contact: [...ADMIN_ROOT, 'contact-messages'] as const,
  contactList: (status: ContactStatus) =>
    [...ADMIN_ROOT, 'contact-messages', 'list', status] as const,
  contactOpen: () => [...ADMIN_ROOT, 'contact-messages', 'open'] as const,
};

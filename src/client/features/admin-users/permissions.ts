import type { AdminPermission } from '../../../shared/admin-access.ts';

/** The permission checkboxes' and list's words, in ADMIN_PERMISSIONS order. */
export const PERMISSION_LABELS: Record<AdminPermission, string> = {
  blog: 'Blog',
  users: 'Users',
  analytics: 'Analytics',
  settings: 'Settings',
};

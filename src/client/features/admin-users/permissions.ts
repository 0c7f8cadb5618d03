import type { AdminPermission } from '../../../shared/admin-access.ts';
import type { MessageId } from '../../../shared/i18n/namespaces.ts';

/** The permission checkboxes' and list's words (the API's field names stay as they are). */
export const PERMISSION_LABELS = {
  blog: 'admin.users.permissionBlog',
  users: 'admin.users.permissionUsers',
  analytics: 'admin.users.permissionAnalytics',
  settings: 'admin.users.permissionSettings',
} as const satisfies Record<AdminPermission, MessageId>;

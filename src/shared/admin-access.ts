import { z } from 'zod';
import type { MessageId } from './i18n/namespaces.ts';
import { mustBeBoolean, withValues } from './validation-message.ts';

/** Roles, permissions and the rights a session carries (no other imports: auth.ts uses it). */

export const ADMIN_ROLES = ['editor', 'admin', 'super_admin'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];
export const ADMIN_PERMISSIONS = ['blog', 'users', 'analytics', 'settings'] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

/** Each role's name as the admin area shows it (catalogue keys; the stored value stays as is). */
export const ROLE_LABELS = {
  editor: 'admin.roles.editor',
  admin: 'admin.roles.admin',
  super_admin: 'admin.roles.superAdmin',
} as const satisfies Record<AdminRole, MessageId>;

export const adminRoleSchema = z.enum(ADMIN_ROLES, { error: 'validation.admin.role' });

/** All four keys, booleans; any other key is refused (400 with the field). */
export const adminPermissionsSchema = z.strictObject(
  {
    blog: z.boolean({ error: mustBeBoolean('blog') }),
    users: z.boolean({ error: mustBeBoolean('users') }),
    analytics: z.boolean({ error: mustBeBoolean('analytics') }),
    settings: z.boolean({ error: mustBeBoolean('settings') }),
  },
  {
    error: (i) =>
      i.code === 'unrecognized_keys'
        ? withValues('validation.admin.unknownPermission', { keys: i.keys.join(', ') })
        : undefined,
  },
);
export type AdminPermissions = z.infer<typeof adminPermissionsSchema>;
export const ALL_PERMISSIONS: AdminPermissions = {
  blog: true,
  users: true,
  analytics: true,
  settings: true,
};

/** What GET /v1/me (and /v1/auth/session) carry for an active admin: effective rights. */
export const adminAccess = z.object({ role: adminRoleSchema, permissions: adminPermissionsSchema });
export type AdminAccess = z.infer<typeof adminAccess>;

/** A super_admin has every permission whatever is stored. */
export const effectivePermissions = (
  role: AdminRole,
  stored: AdminPermissions,
): AdminPermissions => (role === 'super_admin' ? ALL_PERMISSIONS : stored);

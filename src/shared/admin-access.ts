import { z } from 'zod';

/** Roles, permissions and the rights a session carries (no other imports: auth.ts uses it). */

export const ADMIN_ROLES = ['editor', 'admin', 'super_admin'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];
export const ADMIN_PERMISSIONS = ['blog', 'users', 'analytics', 'settings'] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

/** Role labels as the product shows them (underscores → spaces, for the layout) and in the form. */
export const roleLabel = (role: AdminRole) => role.replace(/_/g, ' ');
export const ROLE_OPTIONS: { value: AdminRole; label: string }[] = [
  { value: 'editor', label: 'Editor' },
  { value: 'admin', label: 'Admin' },
  { value: 'super_admin', label: 'Super Admin' },
];

export const adminRoleSchema = z.enum(ADMIN_ROLES, {
  error: 'role must be one of editor, admin, super_admin',
});

/** All four keys, booleans; any other key is refused (400 with the field). */
export const adminPermissionsSchema = z.strictObject(
  {
    blog: z.boolean({ error: 'blog must be true or false' }),
    users: z.boolean({ error: 'users must be true or false' }),
    analytics: z.boolean({ error: 'analytics must be true or false' }),
    settings: z.boolean({ error: 'settings must be true or false' }),
  },
  {
    error: (i) =>
      i.code === 'unrecognized_keys' ? `Unknown permission: ${i.keys.join(', ')}` : undefined,
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

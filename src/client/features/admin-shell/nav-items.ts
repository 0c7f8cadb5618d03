import {
  BarChart3,
  FileText,
  LayoutDashboard,
  Settings,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { AdminPermission, AdminPermissions } from '../../../shared/admin-access.ts';

export type AdminNavItem = {
  to: string;
  label: string;
  icon: LucideIcon;
  /** The permission the entry needs; the Dashboard needs none. */
  permission: AdminPermission | null;
  end?: boolean;
};

/** The admin sidebar in order (docs/product-rules.md), each entry with the permission it needs. */
export const adminNavItems: AdminNavItem[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, permission: null, end: true },
  { to: '/admin/blog', label: 'Blog Management', icon: FileText, permission: 'blog' },
  { to: '/admin/users', label: 'User Management', icon: Users, permission: 'users' },
  { to: '/admin/analytics', label: 'Analytics', icon: BarChart3, permission: 'analytics' },
  { to: '/admin/settings', label: 'Settings', icon: Settings, permission: 'settings' },
];

/** The entries an admin with these (effective) permissions may open. */
export const visibleAdminNavItems = (permissions: AdminPermissions) =>
  adminNavItems.filter((i) => i.permission === null || permissions[i.permission]);

import {
  BarChart3,
  FileText,
  LayoutDashboard,
  Settings,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { AdminPermission, AdminPermissions } from '../../../shared/admin-access.ts';
import type { MessageId } from '../../../shared/i18n/namespaces.ts';

export type AdminNavItem = {
  to: string;
  /** The entry's words (a catalogue key, translated where it is shown). */
  label: MessageId;
  icon: LucideIcon;
  /** The permission the entry needs; the Dashboard needs none. */
  permission: AdminPermission | null;
  end?: boolean;
};

/** The admin sidebar in order (docs/product-rules.md), each entry with the permission it needs. */
export const adminNavItems: AdminNavItem[] = [
  {
    to: '/admin',
    label: 'admin.nav.dashboard',
    icon: LayoutDashboard,
    permission: null,
    end: true,
  },
  { to: '/admin/blog', label: 'admin.nav.blog', icon: FileText, permission: 'blog' },
  { to: '/admin/users', label: 'admin.nav.users', icon: Users, permission: 'users' },
  {
    to: '/admin/analytics',
    label: 'admin.nav.analytics',
    icon: BarChart3,
    permission: 'analytics',
  },
  { to: '/admin/settings', label: 'admin.nav.settings', icon: Settings, permission: 'settings' },
];

/** The entries an admin with these (effective) permissions may open. */
export const visibleAdminNavItems = (permissions: AdminPermissions) =>
  adminNavItems.filter((i) => i.permission === null || permissions[i.permission]);

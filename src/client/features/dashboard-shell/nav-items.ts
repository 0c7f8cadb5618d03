import { LayoutDashboard, PlusCircle, Settings, type LucideIcon } from 'lucide-react';
import { History, MessageSquareText } from 'lucide-react';
import { CalendarClock, Globe, Link2, ShieldCheck, Webhook } from 'lucide-react';

export type NavItem = {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
};

/**
 * Only screens that exist are listed; later screens add their entries here (in order). The
 * sidebar and the mobile menu list every entry, so every screen is reachable on a phone.
 */
export const navItems: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/dashboard/messages', label: 'Recent Messages', icon: MessageSquareText },
  { to: '/dashboard/history', label: 'Message History', icon: History },
  { to: '/dashboard/add', label: 'Add Number', icon: PlusCircle },
  { to: '/dashboard/date-check', label: 'Date Check', icon: CalendarClock },
  { to: '/dashboard/public-pages', label: 'Public Pages', icon: Globe },
  { to: '/dashboard/single-api', label: 'Single API', icon: Link2 },
  { to: '/dashboard/webhooks', label: 'Webhooks', icon: Webhook },
  { to: '/dashboard/settings', label: 'Settings', icon: Settings },
];

/** Shown after the others only to an active administrator (GET /v1/me carries `admin`). */
export const adminItem: NavItem = { to: '/admin', label: 'Admin', icon: ShieldCheck };

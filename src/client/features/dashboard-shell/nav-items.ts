import { LayoutDashboard, PlusCircle, Settings, type LucideIcon } from 'lucide-react';
import { History, MessageSquareText } from 'lucide-react';
import { CalendarClock } from 'lucide-react';

export type NavItem = {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
  /** Also listed in the mobile menu (spec: Dashboard, Add Number, Settings). */
  mobile?: boolean;
};

/** Only screens that exist are listed; later screens add their entries here (spec order). */
export const navItems: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, end: true, mobile: true },
  { to: '/dashboard/messages', label: 'Recent Messages', icon: MessageSquareText },
  { to: '/dashboard/history', label: 'Message History', icon: History },
  { to: '/dashboard/add', label: 'Add Number', icon: PlusCircle, mobile: true },
  { to: '/dashboard/date-check', label: 'Date Check', icon: CalendarClock },
  { to: '/dashboard/settings', label: 'Settings', icon: Settings, mobile: true },
];

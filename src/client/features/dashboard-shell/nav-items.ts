import { LayoutDashboard, PlusCircle, Settings, type LucideIcon } from 'lucide-react';
import { History, MessageSquareText } from 'lucide-react';
import { CalendarClock, Globe, Link2, ShieldCheck, Webhook } from 'lucide-react';
import type { MessageId } from '../../../shared/i18n/namespaces.ts';

export type NavItem = {
  to: string;
  /** The catalogue key of the link's text. */
  labelId: MessageId;
  icon: LucideIcon;
  end?: boolean;
};

/**
 * Only screens that exist are listed; later screens add their entries here (in order). The
 * sidebar and the mobile menu list every entry, so every screen is reachable on a phone.
 */
export const navItems: NavItem[] = [
  { to: '/dashboard', labelId: 'app.nav.dashboard', icon: LayoutDashboard, end: true },
  { to: '/dashboard/messages', labelId: 'app.nav.recentMessages', icon: MessageSquareText },
  { to: '/dashboard/history', labelId: 'app.nav.history', icon: History },
  { to: '/dashboard/add', labelId: 'app.nav.addNumber', icon: PlusCircle },
  { to: '/dashboard/date-check', labelId: 'app.nav.dateCheck', icon: CalendarClock },
  { to: '/dashboard/public-pages', labelId: 'app.nav.publicPages', icon: Globe },
  { to: '/dashboard/single-api', labelId: 'app.nav.singleApi', icon: Link2 },
  { to: '/dashboard/webhooks', labelId: 'app.nav.webhooks', icon: Webhook },
  { to: '/dashboard/settings', labelId: 'app.nav.settings', icon: Settings },
];

/** Shown after the others only to an active administrator (GET /v1/me carries `admin`). */
export const adminItem: NavItem = { to: '/admin', labelId: 'app.nav.admin', icon: ShieldCheck };

import {
  CalendarCheck,
  CalendarX2,
  CircleHelp,
  Hourglass,
  TriangleAlert,
  type LucideIcon,
} from 'lucide-react';
import { daysLeft, expiryBand, type ExpiryBand } from '../../shared/check-rules.ts';
import { activeTag } from './active-language.ts';
import { perTag } from './format.ts';
import type { Translate } from './i18n.tsx';

/**
 * Expiry display shared by the screens that show a number's end date. Colours: expired red,
 * 7 days or fewer orange, 30 days or fewer yellow, more green, unknown grey. Colour is never the
 * only cue: each band has its own icon (below) next to a text saying the days left, and every
 * text colour keeps at least 4.5:1 contrast on its background.
 */
export const expiryIcon: Record<ExpiryBand, LucideIcon> = {
  expired: CalendarX2,
  soon: TriangleAlert,
  warning: Hourglass,
  ok: CalendarCheck,
  unknown: CircleHelp,
};

export const expiryTextClass: Record<ExpiryBand, string> = {
  expired: 'text-red-700',
  soon: 'text-orange-700',
  warning: 'text-yellow-800',
  ok: 'text-emerald-700',
  unknown: 'text-slate-500',
};

export const expiryChipClass: Record<ExpiryBand, string> = {
  expired: 'bg-red-50 text-red-700 ring-red-600/20',
  soon: 'bg-orange-100 text-orange-800 ring-orange-600/40',
  warning: 'bg-yellow-50 text-yellow-800 ring-yellow-600/30',
  ok: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  unknown: 'bg-slate-100 text-slate-600 ring-slate-500/20',
};

const dateFormat = perTag(
  (tag) =>
    new Intl.DateTimeFormat(tag, {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }),
);

/** "Mar 5, 2026". Provider end dates are calendar days (UTC), so they are shown in UTC. */
export const formatEndDate = (iso: string, tag = activeTag()) =>
  dateFormat(tag).format(new Date(iso));

/** "2026-03-05" (UTC calendar day), for exports. */
export const endDateDay = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/** "12 days left", "1 day left", "Expires today", "Expired 3 days ago". */
export function daysLeftLabel(t: Translate, days: number): string {
  if (days < 0) return t('common.expiry.expiredAgo', { count: -days });
  if (days === 0) return t('common.expiry.today');
  return t('common.expiry.daysLeft', { count: days });
}

/** Days left and colour band of a stored end date, as of `now`. */
export function expiryOf(endDate: string | null, now = new Date()) {
  if (!endDate) return { days: null, band: 'unknown' as const };
  const days = daysLeft(new Date(endDate), now);
  return { days, band: expiryBand(days) };
}

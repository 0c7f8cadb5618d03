import type { ExpiryBand } from '../../../../shared/checks.ts';
import { cn } from '../../../lib/cn.ts';
import { useT, type Translate } from '../../../lib/i18n.tsx';
import { expiryChipClass, expiryIcon, expiryOf, formatEndDate } from '../../../lib/expiry.ts';

const stripClass: Record<ExpiryBand, string> = {
  expired: 'bg-red-500',
  soon: 'bg-orange-500',
  warning: 'bg-yellow-300',
  ok: 'bg-emerald-500',
  unknown: 'bg-slate-200',
};

/** 'Expires in N days' / 'Expires today' / 'Expired N days ago' / 'No end date'. */
function expiryText(t: Translate, days: number | null): string {
  if (days === null) return t('app.expiry.none');
  if (days < 0) return t('app.expiry.expiredAgo', { count: -days });
  if (days === 0) return t('app.expiry.today');
  return t('app.expiry.inDays', { count: days });
}

/**
 * The expiry pill in the product's colours (red, orange ≤7 days, yellow ≤30 days, green, grey), with
 * the band's icon and the days in words, so it does not rely on colour alone.
 */
export function ExpiryBadge({ endDate, now }: { endDate: string | null; now: Date }) {
  const t = useT();
  const { days, band } = expiryOf(endDate, now);
  const Icon = expiryIcon[band];
  return (
    <span
      data-testid="expiry-badge"
      data-band={band}
      title={
        endDate
          ? t('app.expiry.ends', { date: formatEndDate(endDate) })
          : t('app.expiry.runDateCheck')
      }
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        expiryChipClass[band],
      )}
    >
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      {expiryText(t, days)}
    </span>
  );
}

/** A thin coloured strip across the top of a card (decorative; the badge carries the text). */
export function ExpiryStrip({ endDate, now }: { endDate: string | null; now: Date }) {
  const { band } = expiryOf(endDate, now);
  return (
    <div
      aria-hidden="true"
      className={cn(
        '-mx-4 -mt-4 h-1.5 shrink-0 rounded-t-[15px] sm:-mx-5 sm:-mt-5',
        stripClass[band],
      )}
    />
  );
}

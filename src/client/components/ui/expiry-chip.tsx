import { expiryBand } from '../../../shared/check-rules.ts';
import { cn } from '../../lib/cn.ts';
import { daysLeftLabel, expiryChipClass, expiryIcon, formatEndDate } from '../../lib/expiry.ts';
import { useLocale, useT } from '../../lib/i18n.tsx';

/**
 * A number's end date in the product's colour bands (expired red 'Expired N days ago', 7 days or
 * fewer orange, 30 or fewer yellow, more green, unknown grey), with the band's icon and the days
 * in words so colour is not the only cue. `daysLeft` comes from the server's clock.
 */
export function ExpiryChip({
  endDate,
  daysLeft,
  className,
}: {
  endDate: string | null;
  daysLeft: number | null;
  className?: string;
}) {
  const t = useT();
  const { tag } = useLocale();
  const days = endDate ? daysLeft : null;
  const band = expiryBand(days);
  const Icon = expiryIcon[band];
  return (
    <span
      data-testid="expiry-chip"
      data-band={band}
      className={cn(
        'inline-flex w-fit items-center gap-1 rounded-md px-1.5 py-0.5 text-xs ring-1 ring-inset',
        expiryChipClass[band],
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      {endDate && days !== null ? (
        <>
          <span className="font-medium">
            {t(days < 0 ? 'common.expiry.endedOn' : 'common.expiry.expiresOn', {
              date: formatEndDate(endDate, tag),
            })}
          </span>
          <span aria-hidden="true">·</span>
          <span>{daysLeftLabel(t, days)}</span>
        </>
      ) : (
        <span className="font-medium">{t('common.expiry.noEndDate')}</span>
      )}
    </span>
  );
}

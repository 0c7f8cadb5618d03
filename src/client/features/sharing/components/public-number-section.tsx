import { memo } from 'react';
import type { PublicNumber } from '../../../../shared/sharing.ts';
import { formatPhone } from '../../../../shared/phone.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { CopyAction } from '../../../components/ui/copy-action.tsx';
import { ExpiryChip } from '../../../components/ui/expiry-chip.tsx';
import { LatestCodeBanner, PublicMessageList } from '../../../components/ui/public-messages.tsx';
import { useT } from '../../../lib/i18n.tsx';

/**
 * One number of a public page: the number, Copy Number (which tells the server a code is about to
 * be sent to it), its end date in the expiry colours, the newest code large, and its messages.
 */
export const PublicNumberSection = memo(function PublicNumberSection({
  number: n,
  now,
  onCopied,
}: {
  number: PublicNumber;
  now: Date;
  onCopied: (numberId: string) => void;
}) {
  const t = useT();
  const formatted = formatPhone(n.phoneNumber);
  const headingId = `number-${n.id}`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid="public-number"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h2 id={headingId} className="text-xl font-bold tracking-tight text-slate-900 tabular-nums">
          {formatted}
        </h2>
        {!n.isActive && <Badge tone="grey">{t('share.number.inactive')}</Badge>}
        <CopyAction
          text={n.phoneNumber}
          size="sm"
          className="ml-auto"
          onCopied={() => onCopied(n.id)}
          label={t('share.number.copyNumberOf', { number: formatted })}
        >
          {t('share.number.copyNumber')}
        </CopyAction>
      </div>
      <ExpiryChip endDate={n.endDate} daysLeft={n.daysLeft} />
      <LatestCodeBanner messages={n.messages} now={now} formatted={formatted} />
      <PublicMessageList messages={n.messages} now={now} formatted={formatted} />
    </section>
  );
});

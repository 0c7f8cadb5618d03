import { formatPhone } from '../../../../shared/phone.ts';
import type { RecentMessage } from '../../../../shared/numbers.ts';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { formatAge, formatFullTime } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.tsx';
import { latestCode } from '../../../lib/latest-code.ts';

type Props = { messages: readonly RecentMessage[]; now: Date; formatted: string };

/**
 * The card's newest code from the last 10 minutes, large, with its age and Copy Code; nothing
 * when there is none. A visually hidden live region that stays mounted announces a code arriving
 * live (and not its age ticking); being out of the flow, it adds no gap to the card.
 */
export function CardLatestCode({ messages, now, formatted }: Props) {
  const t = useT();
  const latest = latestCode(messages, now);
  return (
    <>
      <p className="sr-only" aria-live="polite">
        {latest ? t('app.card.latestCodeFor', { number: formatted, code: latest.code }) : ''}
      </p>
      {latest && (
        <div
          data-testid="card-latest-code"
          className="flex items-center gap-3 rounded-lg bg-accent-50 px-3 py-2 ring-1 ring-accent-200 ring-inset"
        >
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600">
              <span className="font-medium">{t('app.card.latestCode')}</span>
              <span className="min-w-0 truncate">{formatPhone(latest.sender)}</span>
              <time
                dateTime={latest.receivedAt}
                title={formatFullTime(latest.receivedAt)}
                className="whitespace-nowrap"
              >
                {formatAge(t, latest.receivedAt, now)}
              </time>
            </p>
            <p
              data-testid="latest-code"
              className="font-mono text-2xl font-semibold tracking-wider break-all text-accent-700 tabular-nums"
            >
              {latest.code}
            </p>
          </div>
          <CopyButton
            text={latest.code}
            idleText={t('app.card.copyCode')}
            label={t('app.card.copyCodeFor', { code: latest.code, number: formatted })}
            className="h-9 bg-white text-accent-700 ring-1 ring-accent-200 hover:bg-accent-100"
          />
        </div>
      )}
    </>
  );
}

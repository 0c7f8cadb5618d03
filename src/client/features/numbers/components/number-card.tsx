import { memo } from 'react';
import { AlertTriangle, Star, Unplug } from 'lucide-react';
import type { VoipNumber } from '../../../../shared/numbers.ts';
import { formatPhone } from '../../../../shared/phone.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { expectCode } from '../api/expect-code.ts';
import { useToggleNumber } from '../api/update-number.ts';
import { CardApiLink } from './card-api-link.tsx';
import { CardLatestCode } from './card-latest-code.tsx';
import { CardRecentMessages } from './card-recent-messages.tsx';
import { CardTagAdder } from './card-tag-adder.tsx';
import { ExpiryBadge, ExpiryStrip } from './expiry-badge.tsx';
import { NumberCardMenu } from './number-card-menu.tsx';
import { TagChip } from './tag-chip.tsx';

const CARD_TAGS = 4;

type Props = {
  number: VoipNumber;
  selectMode: boolean;
  selected: boolean;
  onSelectedChange: (id: string, selected: boolean) => void;
};

/**
 * One number: expiry strip, phone with copy, favourite star, menu, badges (with expiry), tags,
 * notes, the latest code, recent messages, the last poll error and the API link row (Copy, Test, Date Check).
 */
export const NumberCard = memo(function NumberCard({
  number,
  selectMode,
  selected,
  onSelectedChange,
}: Props) {
  const t = useT();
  const toggleFavorite = useToggleNumber('isFavorite');
  const now = useNow();
  const formatted = formatPhone(number.phoneNumber);
  const headingId = `number-${number.id}`;
  const shown = number.tags.slice(0, CARD_TAGS);
  const more = number.tags.length - shown.length;

  return (
    <article
      aria-labelledby={headingId}
      data-testid="number-card"
      data-active={number.isActive}
      className={cn(
        'flex min-w-0 flex-col gap-3 rounded-2xl border p-4 shadow-sm sm:p-5',
        selected ? 'border-brand-700 ring-2 ring-brand-700/30' : 'border-slate-200',
        // Inactive cards are dimmed without fading their text (which would fail AA contrast):
        // a sunken background, a dashed edge and no colour.
        number.isActive ? 'bg-white' : 'border-dashed bg-slate-50 grayscale',
      )}
    >
      <ExpiryStrip endDate={number.endDate} now={now} />
      <div className="flex items-start gap-2">
        {selectMode && (
          <Checkbox
            checked={selected}
            onChange={(e) => onSelectedChange(number.id, e.target.checked)}
            aria-label={t('app.card.selectNumber', { number: formatted })}
            className="mt-2.5 size-5"
          />
        )}
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-1">
          <h2
            id={headingId}
            className="text-lg font-semibold tracking-tight text-slate-900 tabular-nums"
          >
            {formatted}
          </h2>
          <CopyButton
            text={number.phoneNumber}
            label={t('app.card.copyNumber', { number: formatted })}
            showText={false}
            onCopied={() => expectCode(number.id)}
          />
        </div>
        <button
          type="button"
          onClick={() => toggleFavorite.mutate({ id: number.id, value: !number.isFavorite })}
          aria-pressed={number.isFavorite}
          aria-label={t('app.card.favoriteNumber', { number: formatted })}
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none"
        >
          <Star
            aria-hidden="true"
            className={cn(
              'size-5',
              number.isFavorite ? 'fill-amber-400 text-amber-500' : 'text-slate-400',
            )}
          />
        </button>
        <NumberCardMenu number={number} />
      </div>

      <div className="flex flex-wrap items-center gap-1.5">
        {number.isActive ? (
          <Badge tone="green">{t('app.card.active')}</Badge>
        ) : (
          <Badge>{t('app.card.inactive')}</Badge>
        )}
        {number.isFavorite && <Badge tone="amber">{t('app.card.favorite')}</Badge>}
        <ExpiryBadge endDate={number.endDate} now={now} />
      </div>

      <div className="flex flex-wrap items-center gap-1.5">
        {number.tags.length === 0 ? (
          <CardTagAdder numberId={number.id} label={formatted} />
        ) : (
          <>
            <ul className="contents" aria-label={t('app.card.tags')}>
              {shown.map((tag) => (
                <li key={tag.id} className="min-w-0">
                  <TagChip name={tag.name} />
                </li>
              ))}
            </ul>
            {more > 0 && (
              <span className="text-xs font-medium text-slate-500">
                {t('app.card.moreTags', { count: more })}
              </span>
            )}
          </>
        )}
      </div>

      {number.notes && (
        <p
          data-testid="card-notes"
          className="line-clamp-3 text-sm break-words whitespace-pre-line text-slate-600"
        >
          {number.notes}
        </p>
      )}

      <CardLatestCode messages={number.recentMessages} now={now} formatted={formatted} />
      <CardRecentMessages number={number} now={now} formatted={formatted} />

      {number.linkMayBeDead && (
        <p
          data-testid="card-dead-link"
          className="flex items-start gap-1.5 rounded-lg bg-red-50 px-2.5 py-1.5 text-xs font-medium text-red-900 ring-1 ring-red-200 ring-inset"
        >
          <Unplug aria-hidden="true" className="mt-px size-3.5 shrink-0 text-red-600" />
          <span className="min-w-0 break-words">{t('app.card.deadLink')}</span>
        </p>
      )}
      {number.lastError && (
        <p
          data-testid="card-last-error"
          className="flex items-start gap-1.5 rounded-lg bg-amber-50 px-2.5 py-1.5 text-xs text-amber-900 ring-1 ring-amber-200 ring-inset"
        >
          <AlertTriangle aria-hidden="true" className="mt-px size-3.5 shrink-0 text-amber-600" />
          <span className="min-w-0 break-words">
            {t('app.card.lastError', { error: number.lastError })}
          </span>
        </p>
      )}

      <CardApiLink id={number.id} apiLink={number.apiLink} formatted={formatted} />
    </article>
  );
});

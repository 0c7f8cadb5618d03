import { memo } from 'react';
import { Link2, Star } from 'lucide-react';
import type { VoipNumber } from '../../../../shared/numbers.ts';
import { formatPhone } from '../../../../shared/phone.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { cn } from '../../../lib/cn.ts';
import { useToggleNumber } from '../api/update-number.ts';
import { CardTagAdder } from './card-tag-adder.tsx';
import { CopyButton } from './copy-button.tsx';
import { NumberCardMenu } from './number-card-menu.tsx';
import { TagChip } from './tag-chip.tsx';

const CARD_TAGS = 4;

type Props = {
  number: VoipNumber;
  selectMode: boolean;
  selected: boolean;
  onSelectedChange: (id: string, selected: boolean) => void;
};

/** One number: phone with copy, favourite star, menu, tags, badges and the API link. */
export const NumberCard = memo(function NumberCard({
  number,
  selectMode,
  selected,
  onSelectedChange,
}: Props) {
  const toggleFavorite = useToggleNumber('isFavorite');
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
        'flex min-w-0 flex-col gap-3 rounded-2xl border bg-white p-4 shadow-sm transition-opacity [contain-intrinsic-size:auto_200px] [content-visibility:auto] sm:p-5',
        selected ? 'border-brand-700 ring-2 ring-brand-700/30' : 'border-slate-200',
        !number.isActive && 'opacity-60',
      )}
    >
      <div className="flex items-start gap-2">
        {selectMode && (
          <Checkbox
            checked={selected}
            onChange={(e) => onSelectedChange(number.id, e.target.checked)}
            aria-label={`Select ${formatted}`}
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
          <CopyButton text={number.phoneNumber} label={`Copy ${formatted}`} showText={false} />
        </div>
        <button
          type="button"
          onClick={() => toggleFavorite.mutate({ id: number.id, value: !number.isFavorite })}
          aria-pressed={number.isFavorite}
          aria-label={`Favorite ${formatted}`}
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
        {number.isActive ? <Badge tone="green">Active</Badge> : <Badge>Inactive</Badge>}
        {number.isFavorite && <Badge tone="amber">Favorite</Badge>}
      </div>

      <div className="flex flex-wrap items-center gap-1.5">
        {number.tags.length === 0 ? (
          <CardTagAdder numberId={number.id} label={formatted} />
        ) : (
          <>
            <ul className="contents" aria-label="Tags">
              {shown.map((t) => (
                <li key={t.id} className="min-w-0">
                  <TagChip name={t.name} />
                </li>
              ))}
            </ul>
            {more > 0 && <span className="text-xs font-medium text-slate-500">+{more} more</span>}
          </>
        )}
      </div>

      {number.notes && (
        <p className="line-clamp-2 text-sm break-words text-slate-600">{number.notes}</p>
      )}

      <div className="mt-auto flex min-w-0 items-center gap-2 rounded-lg bg-slate-50 py-1 pr-1 pl-3 ring-1 ring-slate-200">
        <Link2 aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
        <span className="sr-only">API link:</span>
        <span
          className="min-w-0 flex-1 truncate font-mono text-xs text-slate-600"
          title={number.apiLink}
        >
          {number.apiLink}
        </span>
        <CopyButton text={number.apiLink} label={`Copy API link of ${formatted}`} />
      </div>
    </article>
  );
});

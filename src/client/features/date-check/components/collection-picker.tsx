import { useCallback, useMemo, useState } from 'react';
import { CalendarSearch } from 'lucide-react';
import { MAX_DATE_CHECK_LINES } from '../../../../shared/check-rules.ts';
import type { VoipNumber } from '../../../../shared/numbers.ts';
import { Button } from '../../../components/ui/button.tsx';
import { NumberPicker, type PickedNumber } from '../../../components/ui/number-picker.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  daysLeftLabel,
  expiryChipClass,
  expiryIcon,
  expiryOf,
  formatEndDate,
} from '../../../lib/expiry.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useNow } from '../../../lib/use-now.ts';

/**
 * 'Select from Collection': the number picker (the server searches and pages the collection) with
 * each number's current end date, and 'Check Selected (n)'. Numbers picked under one search stay
 * picked under another.
 */
export function CollectionPicker({
  running,
  onCheck,
}: {
  running: boolean;
  onCheck: (numbers: PickedNumber[]) => void;
}) {
  const t = useT();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  /** Every number chosen so far, by id (the check needs their phone numbers). */
  const [known, setKnown] = useState<ReadonlyMap<string, PickedNumber>>(new Map());
  const picked = useMemo(
    () => [...selected].flatMap((id) => known.get(id) ?? []),
    [selected, known],
  );
  const now = useNow();
  const endDate = useCallback((n: VoipNumber) => <EndDateChip number={n} now={now} />, [now]);

  return (
    <div className="space-y-3">
      <NumberPicker
        mode="multiple"
        label={t('public.dateCheck.yourNumbers')}
        searchLabel={t('public.dateCheck.searchNumbers')}
        selected={selected}
        emptyHint={t('public.dateCheck.emptyCollection')}
        rowDetail={endDate}
        selectAllMax={MAX_DATE_CHECK_LINES}
        onChange={(next, chosen) => {
          setSelected(next);
          if (chosen.length === 0) return;
          setKnown((prev) => {
            const map = new Map(prev);
            for (const n of chosen) map.set(n.id, { id: n.id, phoneNumber: n.phoneNumber });
            return map;
          });
        }}
      />

      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-slate-500">{t('public.dateCheck.savedNote')}</p>
        <Button
          variant="primary"
          loading={running}
          disabled={picked.length === 0}
          onClick={() => onCheck(picked)}
          className="w-full sm:w-auto"
        >
          {!running && <CalendarSearch aria-hidden="true" className="size-4" />}
          {running
            ? t('public.dateCheck.checking')
            : t('public.dateCheck.checkSelected', { count: picked.length })}
        </Button>
      </div>
    </div>
  );
}

/** The number's end date in the expiry colours, or 'No end date yet'. */
function EndDateChip({ number: n, now }: { number: VoipNumber; now: Date }) {
  const t = useT();
  const { days, band } = expiryOf(n.endDate, now);
  const ExpiryIcon = expiryIcon[band];
  return (
    <span
      className={cn(
        'inline-flex w-fit shrink-0 items-center gap-1 rounded-md px-1.5 py-0.5 text-xs whitespace-nowrap ring-1 ring-inset sm:ml-auto',
        expiryChipClass[band],
      )}
    >
      <ExpiryIcon aria-hidden="true" className="size-3.5 shrink-0" />
      {n.endDate && days !== null ? (
        <>
          <span className="sr-only">{t('public.dateCheck.endDate')} </span>
          <span className="font-medium">{formatEndDate(n.endDate)}</span>
          <span aria-hidden="true">·</span>
          <span>{daysLeftLabel(t, days)}</span>
        </>
      ) : (
        <span className="font-medium">{t('public.dateCheck.noEndDate')}</span>
      )}
    </span>
  );
}

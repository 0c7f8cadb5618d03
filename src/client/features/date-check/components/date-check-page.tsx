import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock, ClipboardList, ListChecks } from 'lucide-react';
import { MAX_DATE_CHECK_LINES } from '../../../../shared/checks.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ToggleButton } from '../../../components/ui/toggle-button.tsx';
import { T, useT } from '../../../lib/i18n.tsx';
import { NUMBERS_ROOT } from '../../../lib/query-roots.ts';
import { streamDateCheck } from '../api/run-date-check.ts';
import { useDateCheckRun } from '../hooks/use-date-check-run.ts';
import { guessPhone } from '../lines.ts';
import { checkingRow } from '../types.ts';
import type { PickedNumber } from '../../../components/ui/number-picker.tsx';
import { CollectionPicker } from './collection-picker.tsx';
import { DateCheckResults } from './date-check-results.tsx';
import { LinesForm } from './lines-form.tsx';

type Mode = 'collection' | 'bulk';

/** The example line's link in the placeholder (an address, not text to translate). */
const SAMPLE_LINK = 'https://provider.example/api?key=abc';

/** On phones the two modes share the width, so their labels may wrap. */
const toggleClass = 'max-sm:h-auto max-sm:min-h-11 max-sm:py-1.5 max-sm:whitespace-normal';

/** /dashboard/date-check: check end dates of selected numbers or pasted lines; results stream in. */
export function DateCheckPage() {
  const t = useT();
  const queryClient = useQueryClient();
  // Found dates are saved on the numbers: refresh every numbers query afterwards.
  const onSettled = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: NUMBERS_ROOT }),
    [queryClient],
  );
  const run = useDateCheckRun({ onSettled });
  const [mode, setMode] = useState<Mode>('collection');

  const checkNumbers = (numbers: PickedNumber[]) => {
    const ids = numbers.map((n) => n.id);
    void run.start(
      numbers.map((n) => checkingRow(n.phoneNumber)),
      async (emit, signal) => {
        // At most 500 ids per request: larger selections go in consecutive batches.
        for (let offset = 0; offset < ids.length; offset += MAX_DATE_CHECK_LINES) {
          const numberIds = ids.slice(offset, offset + MAX_DATE_CHECK_LINES);
          await streamDateCheck({ numberIds }, emit(offset), signal);
        }
      },
    );
  };

  const checkLines = (text: string, lines: string[]) => {
    void run.start(
      lines.map((l) => checkingRow(guessPhone(l))),
      (emit, signal) => streamDateCheck({ lines: text }, emit(0), signal),
    );
  };

  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            <CalendarClock aria-hidden="true" className="size-7 text-accent-600" />
            {t('public.dateCheck.title')}
          </h1>
          <p className="mt-1 text-sm text-slate-600">{t('public.dateCheck.intro')}</p>
        </div>
        <div
          role="group"
          aria-label={t('public.dateCheck.mode')}
          className="grid grid-cols-2 gap-2 sm:flex"
        >
          <ToggleButton
            pressed={mode === 'collection'}
            onClick={() => setMode('collection')}
            className={toggleClass}
          >
            <ListChecks aria-hidden="true" className="size-4" />
            {t('public.dateCheck.fromCollection')}
          </ToggleButton>
          <ToggleButton
            pressed={mode === 'bulk'}
            onClick={() => setMode('bulk')}
            className={toggleClass}
          >
            <ClipboardList aria-hidden="true" className="size-4" />
            {t('public.dateCheck.bulkInput')}
          </ToggleButton>
        </div>
      </div>

      <Card className="p-4 sm:p-6">
        {mode === 'collection' ? (
          <CollectionPicker running={run.running} onCheck={checkNumbers} />
        ) : (
          <LinesForm
            id="date-check-lines"
            label={t('public.dateCheck.bulkLabel')}
            maxLines={MAX_DATE_CHECK_LINES}
            placeholder={`5551234567\n5559876543----${SAMPLE_LINK}`}
            running={run.running}
            onSubmit={checkLines}
            help={
              <T
                id="public.dateCheck.bulkHelp"
                components={{
                  0: <code className="font-mono" />,
                  1: <code className="font-mono" />,
                }}
              />
            }
          />
        )}
        {run.error && (
          <Alert tone="error" className="mt-4">
            {run.error}
          </Alert>
        )}
      </Card>

      {run.rows.length > 0 ? (
        <DateCheckResults key={run.runId} run={run} />
      ) : (
        !run.error && (
          <p className="rounded-2xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
            {mode === 'collection'
              ? t('public.dateCheck.noChecksSelect')
              : t('public.dateCheck.noChecksPaste')}
          </p>
        )
      )}
    </div>
  );
}

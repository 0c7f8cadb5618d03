import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock, ClipboardList, ListChecks } from 'lucide-react';
import { MAX_DATE_CHECK_LINES } from '../../../../shared/checks.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ToggleButton } from '../../../components/ui/toggle-button.tsx';
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

/** On phones the two modes share the width, so their labels may wrap. */
const toggleClass = 'max-sm:h-auto max-sm:min-h-11 max-sm:py-1.5 max-sm:whitespace-normal';

/** /dashboard/date-check: check end dates of selected numbers or pasted lines; results stream in. */
export function DateCheckPage() {
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
            Date Check
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            Ask each number’s provider when its rental ends. Found end dates are saved on your
            numbers.
          </p>
        </div>
        <div role="group" aria-label="Check mode" className="grid grid-cols-2 gap-2 sm:flex">
          <ToggleButton
            pressed={mode === 'collection'}
            onClick={() => setMode('collection')}
            className={toggleClass}
          >
            <ListChecks aria-hidden="true" className="size-4" />
            Select from Collection
          </ToggleButton>
          <ToggleButton
            pressed={mode === 'bulk'}
            onClick={() => setMode('bulk')}
            className={toggleClass}
          >
            <ClipboardList aria-hidden="true" className="size-4" />
            Bulk Input
          </ToggleButton>
        </div>
      </div>

      <Card className="p-4 sm:p-6">
        {mode === 'collection' ? (
          <CollectionPicker running={run.running} onCheck={checkNumbers} />
        ) : (
          <LinesForm
            id="date-check-lines"
            label="Phone numbers (one per line)"
            maxLines={MAX_DATE_CHECK_LINES}
            placeholder={'5551234567\n5559876543----https://provider.example/api?key=abc'}
            running={run.running}
            onSubmit={checkLines}
            help={
              <>
                One number per line; an API link after it is fine (separators{' '}
                <code className="font-mono">----</code>, <code className="font-mono">|</code>, tab
                or space). Only numbers in your collection are checked, with their saved links.
              </>
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
            No checks yet. {mode === 'collection' ? 'Select numbers' : 'Paste numbers'}, then check
            their dates — results appear here as each one is checked.
          </p>
        )
      )}
    </div>
  );
}

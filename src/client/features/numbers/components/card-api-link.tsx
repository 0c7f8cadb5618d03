import { useEffect, useRef, useState } from 'react';
import { CalendarClock, FlaskConical, Link2 } from 'lucide-react';
import type { DateCheckResult } from '../../../../shared/checks.ts';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { formatEndDate } from '../../../lib/expiry.ts';
import { useT, type Translate } from '../../../lib/i18n.tsx';
import { useCheckNumberDate } from '../api/check-number-date.ts';
import { useTestNumber } from '../api/test-number.ts';

/** The Test result stays for 5 seconds (docs/product-rules.md). */
const TEST_RESULT_MS = 5_000;

type Outcome = { ok: boolean; text: string };

function dateOutcome(t: Translate, r: DateCheckResult): Outcome {
  if (r.status === 'error' || !r.endDate || r.daysLeft === null) {
    return { ok: false, text: r.error ?? t('app.card.unknownError') };
  }
  const d = r.daysLeft;
  const date = formatEndDate(r.endDate);
  const text =
    d < 0
      ? t('app.card.endExpired', { date, count: -d })
      : d === 0
        ? t('app.card.endToday', { date })
        : t('app.card.endLeft', { date, count: d });
  return { ok: true, text };
}

const actionClass =
  'inline-flex h-8 shrink-0 items-center gap-1 rounded-md px-2 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none aria-disabled:cursor-wait aria-disabled:opacity-70';

/** The API link row of a card: the link, Copy, Test and Date Check, with their results below. */
export function CardApiLink({
  id,
  apiLink,
  formatted,
}: {
  id: string;
  apiLink: string;
  formatted: string;
}) {
  const t = useT();
  const test = useTestNumber();
  const check = useCheckNumberDate();
  const [testResult, setTestResult] = useState<Outcome | null>(null);
  const [dateResult, setDateResult] = useState<Outcome | null>(null);
  const testTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(testTimer.current), []);

  const runTest = () => {
    clearTimeout(testTimer.current);
    setTestResult(null);
    const show = (r: Outcome) => {
      setTestResult(r);
      testTimer.current = setTimeout(() => setTestResult(null), TEST_RESULT_MS);
    };
    test.mutate(id, {
      onSuccess: (r) => show({ ok: r.ok, text: r.label }),
      onError: (err) =>
        show({ ok: false, text: t('app.card.testError', { error: errorMessage(err) }) }),
    });
  };

  const runDateCheck = () => {
    setDateResult(null);
    check.mutate(id, {
      onSuccess: (r) => setDateResult(dateOutcome(t, r)),
      onError: (err) =>
        setDateResult({ ok: false, text: errorMessage(err, t('app.card.unknownError')) }),
    });
  };

  return (
    <div className="mt-auto">
      <div className="flex flex-wrap items-center gap-x-1 gap-y-0.5 rounded-lg bg-slate-50 py-1 pr-1 pl-3 ring-1 ring-slate-200">
        <div className="flex min-w-0 flex-[1_1_11rem] items-center gap-2">
          <Link2 aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
          <span className="sr-only">{t('app.card.apiLink')}</span>
          <span
            className="min-w-0 flex-1 truncate font-mono text-xs text-slate-600"
            title={apiLink}
          >
            {apiLink}
          </span>
        </div>
        <div className="ml-auto flex shrink-0 items-center">
          <CopyButton text={apiLink} label={t('app.card.copyApiLink', { number: formatted })} />
          <button
            type="button"
            onClick={() => !test.isPending && runTest()}
            aria-disabled={test.isPending || undefined}
            aria-label={t('app.card.testApiLink', { number: formatted })}
            className={actionClass}
          >
            {test.isPending ? (
              <Spinner size="sm" label={null} />
            ) : (
              <FlaskConical aria-hidden="true" className="size-4" />
            )}
            <span aria-hidden="true">
              {test.isPending ? t('app.card.testing') : t('app.card.test')}
            </span>
          </button>
          <button
            type="button"
            onClick={() => !check.isPending && runDateCheck()}
            aria-disabled={check.isPending || undefined}
            aria-label={t('app.card.dateCheckFor', { number: formatted })}
            className={actionClass}
          >
            {check.isPending ? (
              <Spinner size="sm" label={null} />
            ) : (
              <CalendarClock aria-hidden="true" className="size-4" />
            )}
            <span aria-hidden="true">
              {check.isPending ? t('app.card.checking') : t('app.card.dateCheck')}
            </span>
          </button>
        </div>
      </div>
      <div aria-live="polite" className="text-xs">
        {testResult && (
          <p
            data-testid="test-result"
            className={cn(
              'mt-1.5 font-medium',
              testResult.ok ? 'text-emerald-700' : 'text-red-700',
            )}
          >
            {testResult.text}
          </p>
        )}
        {dateResult && (
          <p
            data-testid="date-check-result"
            className={cn('mt-1.5 font-medium', dateResult.ok ? 'text-slate-700' : 'text-red-700')}
          >
            {dateResult.text}
          </p>
        )}
      </div>
    </div>
  );
}

import { ShieldCheck, Sparkles } from 'lucide-react';
import { PUBLIC_DATE_CHECK_MAX_LINES } from '../../../../shared/checks.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { streamPublicDateCheck } from '../api/run-date-check.ts';
import { useDateCheckRun } from '../hooks/use-date-check-run.ts';
import { guessPhone } from '../lines.ts';
import { checkingRow } from '../types.ts';
import { DateCheckResults } from './date-check-results.tsx';
import { LinesForm } from './lines-form.tsx';

const LINK = 'https://provider.example/api?key=abc';

/** /date-checker body: pasted phone + link lines, checked without an account. */
export function PublicDateChecker() {
  const run = useDateCheckRun();

  const check = (text: string, lines: string[]) => {
    void run.start(
      lines.map((l) => checkingRow(guessPhone(l))),
      (emit, signal) => streamPublicDateCheck(text, emit(0), signal),
    );
  };

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <Card className="p-4 sm:p-6">
        <div
          className="mb-5 flex gap-3 rounded-xl border border-accent-200 bg-accent-50 p-4 text-sm text-accent-700"
          data-testid="privacy-notice"
        >
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div>
            <h2 className="font-semibold text-slate-900">Privacy notice</h2>
            <p className="mt-1 text-slate-700">
              Your API links are used once, to ask the provider for the end date, and are never
              stored or logged. Nothing you paste here is saved.
            </p>
          </div>
        </div>
        <LinesForm
          id="public-date-check-lines"
          label="Numbers and API links (one per line)"
          placeholder={`5551234567|${LINK}\n5559876543----${LINK}`}
          maxLines={PUBLIC_DATE_CHECK_MAX_LINES}
          running={run.running}
          onSubmit={check}
          help={
            <>
              Each line is a 10-digit number and its provider API link, separated by{' '}
              <code className="font-mono">|</code>, <code className="font-mono">----</code>, a tab
              or a space (either order; a leading +1 is fine). Up to {PUBLIC_DATE_CHECK_MAX_LINES}{' '}
              lines per check.
            </>
          }
        />
        {run.error && (
          <Alert tone="error" className="mt-4">
            {run.error}
          </Alert>
        )}
      </Card>

      {run.rows.length > 0 && <DateCheckResults key={run.runId} run={run} />}

      <div className="flex flex-col items-start gap-4 rounded-2xl bg-gradient-to-br from-brand-950 to-brand-800 p-6 text-white shadow-sm sm:flex-row sm:items-center sm:justify-between">
        <div className="flex gap-3">
          <Sparkles aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-400" />
          <div>
            <h2 className="font-semibold">Track end dates automatically</h2>
            <p className="mt-1 text-sm text-brand-100">
              Keep your numbers in VOIP Manager to see days left on every number and read
              verification codes as they arrive.
            </p>
          </div>
        </div>
        <ButtonLink to="/auth" variant="accent" className="shrink-0">
          Start Free Trial
        </ButtonLink>
      </div>
    </div>
  );
}

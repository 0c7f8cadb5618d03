import { ShieldCheck } from 'lucide-react';
import { PUBLIC_DATE_CHECK_MAX_LINES } from '../../../../shared/check-rules.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { T, useT } from '../../../lib/i18n.tsx';
import { streamPublicDateCheck } from '../api/run-date-check.ts';
import { useDateCheckRun } from '../hooks/use-date-check-run.ts';
import { guessPhone } from '../lines.ts';
import { checkingRow } from '../types.ts';
import { DateCheckResults } from './date-check-results.tsx';
import { LinesForm } from './lines-form.tsx';

const LINK = 'https://provider.example/api?key=abc';

/**
 * The public checker: privacy notice, lines form, results. No router or query client: the
 * /date-checker page's island (islands/date-checker.tsx) hydrates it alone.
 */
export function DateCheckerTool() {
  const t = useT();
  const run = useDateCheckRun();

  const check = (text: string, lines: string[]) => {
    void run.start(
      lines.map((l) => checkingRow(guessPhone(l))),
      (emit, signal) => streamPublicDateCheck(text, emit(0), signal),
    );
  };

  return (
    <>
      <Card className="p-4 sm:p-6">
        <div
          className="mb-5 flex gap-3 rounded-xl border border-accent-200 bg-accent-50 p-4 text-sm text-accent-700"
          data-testid="privacy-notice"
        >
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div>
            <h2 className="font-semibold text-slate-900">{t('public.dateChecker.privacyTitle')}</h2>
            <p className="mt-1 text-slate-700">{t('public.dateChecker.privacyText')}</p>
          </div>
        </div>
        <LinesForm
          id="public-date-check-lines"
          label={t('public.dateChecker.linesLabel')}
          placeholder={`5551234567|${LINK}\n5559876543----${LINK}`}
          maxLines={PUBLIC_DATE_CHECK_MAX_LINES}
          running={run.running}
          onSubmit={check}
          help={
            <T
              id="public.dateChecker.linesHelp"
              values={{ max: PUBLIC_DATE_CHECK_MAX_LINES }}
              components={{ 0: <code className="font-mono" />, 1: <code className="font-mono" /> }}
            />
          }
        />
        {run.error && (
          <Alert tone="error" className="mt-4">
            {run.error}
          </Alert>
        )}
      </Card>

      {run.rows.length > 0 && <DateCheckResults key={run.runId} run={run} />}
    </>
  );
}

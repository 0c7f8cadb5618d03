import { useState } from 'react';
import { formatPhone } from '../../../../shared/phone.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useT } from '../../../lib/i18n.tsx';

export type PollWarning = { numberId: string; phoneNumber: string; error: string };

/** Warnings beyond this many are behind 'Show n more'. */
const SHOWN = 5;

/** One yellow 'Failed to fetch messages: {error}' banner per number whose fetch failed. */
export function PollWarnings({ warnings, more = 0 }: { warnings: PollWarning[]; more?: number }) {
  const t = useT();
  const [all, setAll] = useState(false);
  if (warnings.length === 0) return null;
  const shown = all ? warnings : warnings.slice(0, SHOWN);
  return (
    <ul className="space-y-2" aria-label={t('app.messages.warningsLabel')}>
      {shown.map((w) => (
        <li key={w.numberId} data-testid="poll-warning">
          <Alert tone="warning">
            <span className="font-semibold tabular-nums">{formatPhone(w.phoneNumber)}</span>
            <span className="text-amber-800"> — </span>
            <span className="break-words">{t('app.card.lastError', { error: w.error })}</span>
          </Alert>
        </li>
      ))}
      {warnings.length > shown.length && (
        <li>
          <Button variant="ghost" size="sm" onClick={() => setAll(true)}>
            {t('app.messages.showMore', { count: warnings.length - shown.length })}
          </Button>
        </li>
      )}
      {warnings.length === shown.length && more > 0 && (
        <li className="px-1 text-sm text-amber-800">
          {t('app.messages.moreFailing', { count: more })}
        </li>
      )}
    </ul>
  );
}

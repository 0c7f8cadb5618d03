import { useState } from 'react';
import { formatPhone } from '../../../../shared/phone.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatCount } from '../../../lib/format.ts';

export type PollWarning = { numberId: string; phoneNumber: string; error: string };

/** Warnings beyond this many are behind 'Show n more'. */
const SHOWN = 5;

/** One yellow 'Failed to fetch messages: {error}' banner per number whose fetch failed. */
export function PollWarnings({ warnings, more = 0 }: { warnings: PollWarning[]; more?: number }) {
  const [all, setAll] = useState(false);
  if (warnings.length === 0) return null;
  const shown = all ? warnings : warnings.slice(0, SHOWN);
  return (
    <ul className="space-y-2" aria-label="Numbers that could not be fetched">
      {shown.map((w) => (
        <li key={w.numberId} data-testid="poll-warning">
          <Alert tone="warning">
            <span className="font-semibold tabular-nums">{formatPhone(w.phoneNumber)}</span>
            <span className="text-amber-800"> — </span>
            <span className="break-words">Failed to fetch messages: {w.error}</span>
          </Alert>
        </li>
      ))}
      {warnings.length > shown.length && (
        <li>
          <Button variant="ghost" size="sm" onClick={() => setAll(true)}>
            Show {warnings.length - shown.length} more
          </Button>
        </li>
      )}
      {warnings.length === shown.length && more > 0 && (
        <li className="px-1 text-sm text-amber-800">
          …and {formatCount(more)} more {more === 1 ? 'number' : 'numbers'} failing. Their errors
          show on their cards on the dashboard.
        </li>
      )}
    </ul>
  );
}

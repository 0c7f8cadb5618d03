import { useState } from 'react';
import { CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import { formatPhone } from '../../../../shared/phone.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { formatEndDate } from '../../../lib/expiry.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { useExpiringNumbers } from '../api/expiring-numbers.ts';
import { ExpiryBadge } from './expiry-badge.tsx';

/** Rows shown before "Show all". */
const SHOWN = 5;

/**
 * The dashboard's "Expiring soon" panel: the active numbers whose rental ends within 14 days (or
 * ended within the last day), soonest first, each with its expiry badge, end date and a link to
 * edit it. Nothing to show, no panel; a failed load, a small retry.
 */
export function ExpiringSoon() {
  const t = useT();
  const list = useExpiringNumbers();
  const now = useNow();
  const [all, setAll] = useState(false);
  if (list.isPending) return null;
  if (list.isError)
    return (
      <Card className="flex flex-col items-start gap-3 p-4 sm:flex-row sm:items-center">
        <RetryAlert
          error={list.error}
          fallback={t('app.expiring.loadFailed')}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      </Card>
    );
  const items = list.data;
  if (items.length === 0) return null;
  const shown = all ? items : items.slice(0, SHOWN);
  return (
    <Card className="p-4 sm:p-5" data-testid="expiring-soon">
      <section aria-labelledby="expiring-soon-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2
            id="expiring-soon-heading"
            className="flex items-center gap-2 text-base font-semibold text-slate-900"
          >
            <CalendarClock aria-hidden="true" className="size-5 text-orange-600" />
            {t('app.expiring.heading')}
          </h2>
          <p className="text-sm text-slate-600">
            {t('app.expiring.summary', { count: items.length })}
          </p>
        </div>
        <ul className="mt-3 divide-y divide-slate-100" aria-label={t('app.expiring.listLabel')}>
          {shown.map((n) => (
            <li
              key={n.id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2"
              data-testid="expiring-row"
            >
              <Link
                to={`/dashboard/edit/${encodeURIComponent(n.id)}`}
                className="font-mono text-sm font-medium text-slate-900 underline-offset-2 hover:underline focus-visible:underline"
              >
                {formatPhone(n.phoneNumber)}
              </Link>
              <span className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                <ExpiryBadge endDate={n.endDate} now={now} />
                <time dateTime={n.endDate}>{formatEndDate(n.endDate)}</time>
              </span>
            </li>
          ))}
        </ul>
        {items.length > SHOWN && (
          <Button
            variant="ghost"
            size="sm"
            className="mt-2 -ml-3"
            onClick={() => setAll((v) => !v)}
            aria-expanded={all}
          >
            {all ? t('app.expiring.showFewer') : t('app.expiring.showAll', { count: items.length })}
          </Button>
        )}
      </section>
    </Card>
  );
}

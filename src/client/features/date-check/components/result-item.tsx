import { memo } from 'react';
import { expiryBand } from '../../../../shared/check-rules.ts';
import { formatPhone } from '../../../../shared/phone.ts';
import { cn } from '../../../lib/cn.ts';
import { daysLeftLabel, expiryIcon, expiryTextClass, formatEndDate } from '../../../lib/expiry.ts';
import { useT } from '../../../lib/i18n.tsx';
import type { ResultRow } from '../types.ts';
import { StatusBadge } from './status-badge.tsx';

/** One number of a check: phone, status, end date, days left / expired ago, error. */
export const ResultItem = memo(function ResultItem({ row }: { row: ResultRow }) {
  const t = useT();
  const band = expiryBand(row.daysLeft);
  const ExpiryIcon = expiryIcon[band];
  return (
    <li
      data-testid="date-check-result"
      data-status={row.status}
      className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 px-4 py-3 [contain-intrinsic-size:auto_4rem] [content-visibility:auto] sm:grid-cols-[11rem_8.5rem_minmax(0,1fr)] sm:px-5"
    >
      <span
        className="truncate font-semibold whitespace-nowrap text-slate-900 tabular-nums"
        title={row.phoneNumber}
      >
        {formatPhone(row.phoneNumber)}
      </span>
      <span className="justify-self-end sm:justify-self-start">
        <StatusBadge status={row.status} />
      </span>
      <div className="col-span-2 flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-0.5 text-sm sm:col-span-1">
        {row.endDate ? (
          <>
            <span className="text-slate-700">
              <span className="sr-only">{t('public.dateCheck.endDateColon')} </span>
              <time dateTime={row.endDate}>{formatEndDate(row.endDate)}</time>
            </span>
            {row.daysLeft !== null && (
              <span
                className={cn('inline-flex items-center gap-1 font-medium', expiryTextClass[band])}
              >
                <ExpiryIcon aria-hidden="true" className="size-3.5 shrink-0 self-center" />
                {daysLeftLabel(t, row.daysLeft)}
              </span>
            )}
          </>
        ) : row.status === 'checking' ? (
          <span className="text-slate-500">{t('public.dateCheck.rowChecking')}</span>
        ) : null}
        {row.error && (
          <span className="min-w-0 text-sm break-words text-red-700" data-testid="result-error">
            {row.error}
          </span>
        )}
      </div>
    </li>
  );
});

import { endDateDay } from '../../lib/expiry.ts';
import { fileDate, toCsv } from '../../lib/csv.ts';
import type { ResultRow, RowStatus } from './types.ts';

/** The Status column: English, as every CSV header and value machines read. */
const CSV_STATUS: Record<Exclude<RowStatus, 'checking' | 'skipped'>, string> = {
  active: 'Active',
  'expiring-soon': 'Expiring Soon',
  expired: 'Expired',
  error: 'Error',
};

const finished = (
  r: ResultRow,
): r is ResultRow & { status: Exclude<RowStatus, 'checking' | 'skipped'> } =>
  r.status !== 'checking' && r.status !== 'skipped';

/** expired-numbers-{date}.csv: Phone Number, End Date, Days Expired — or null when none. */
export function expiredCsv(rows: readonly ResultRow[], now = new Date()) {
  const expired = rows.filter((r) => r.status === 'expired');
  if (expired.length === 0) return null;
  return {
    filename: `expired-numbers-${fileDate(now)}.csv`,
    csv: toCsv(
      ['Phone Number', 'End Date', 'Days Expired'],
      expired.map((r) => [
        r.phoneNumber,
        r.endDate ? endDateDay(r.endDate) : '',
        r.daysLeft === null ? '' : Math.abs(r.daysLeft),
      ]),
    ),
  };
}

/** date-check-results-{date}.csv: Phone Number, End Date, Status, Days Left, Error — or null. */
export function resultsCsv(rows: readonly ResultRow[], now = new Date()) {
  const done = rows.filter(finished);
  if (done.length === 0) return null;
  return {
    filename: `date-check-results-${fileDate(now)}.csv`,
    csv: toCsv(
      ['Phone Number', 'End Date', 'Status', 'Days Left', 'Error'],
      done.map((r) => [
        r.phoneNumber,
        r.endDate ? endDateDay(r.endDate) : '',
        CSV_STATUS[r.status],
        r.daysLeft,
        r.error ?? '',
      ]),
    ),
  };
}

import { endDateDay } from '../../lib/expiry.ts';
import { fileDate, toCsv } from '../../lib/csv.ts';
import { STATUS_LABELS, type ResultRow } from './types.ts';

export const NO_EXPIRED_TO_EXPORT = 'No expired numbers to export';
export const NO_RESULTS_TO_EXPORT = 'No results to export';

const finished = (r: ResultRow) => r.status !== 'checking' && r.status !== 'skipped';

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
        STATUS_LABELS[r.status],
        r.daysLeft,
        r.error ?? '',
      ]),
    ),
  };
}

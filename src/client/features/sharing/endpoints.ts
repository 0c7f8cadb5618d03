import type { Endpoint } from '../../../shared/sharing.ts';
import { fileDate, toCsv } from '../../lib/csv.ts';
import type { Translate } from '../../lib/i18n.tsx';
import type { RemarkCount } from './api/list-shares.ts';

/** The CSV's columns and status words stay English (machines read them). */
export const CSV_HEADER = [
  'Name',
  'Phone Number',
  'API URL',
  'Status',
  'Remark',
  'Created Date',
] as const;

/**
 * single-api-entries-{date}.csv (columns: Name, Phone Number, API URL, Status, Remark, Created
 * Date) for `endpoints`; API URL is the public `/single/{hash}` address (built by `urlOf`), never a
 * provider link. Null when there is nothing to export.
 */
export function endpointsCsv(
  endpoints: readonly Endpoint[],
  urlOf: (hash: string) => string,
  now = new Date(),
) {
  if (endpoints.length === 0) return null;
  return {
    filename: `single-api-entries-${fileDate(now)}.csv`,
    csv: toCsv(
      CSV_HEADER,
      endpoints.map((e) => [
        e.name,
        e.phoneNumber,
        urlOf(e.hash),
        e.isActive ? 'Active' : 'Inactive',
        e.remark,
        fileDate(new Date(e.createdAt)),
      ]),
    ),
  };
}

type RemarkOption = { value: string; label: string };

/**
 * The remark filter's options: every entry first ('All Remarks (n)'), then each distinct remark
 * with its count, as the server lists them. The remark filtered on stays listed (with 0) after
 * its last endpoint is gone or renamed, so the filter never shows a value it does not offer.
 */
export function remarkOptions(
  t: Translate,
  remarks: readonly RemarkCount[],
  current: string,
): RemarkOption[] {
  const total = remarks.reduce((sum, r) => sum + r.count, 0);
  const options = [
    { value: '', label: t('settings.endpoints.allRemarks', { count: total }) },
    ...remarks.map((r) => ({ value: r.remark, label: `${r.remark} (${r.count})` })),
  ];
  if (current && !remarks.some((r) => r.remark === current)) {
    options.push({ value: current, label: `${current} (0)` });
  }
  return options;
}

import type { DateStatus } from '../../../shared/checks.ts';

/** 'checking' until its result arrives; 'skipped' when the run was cancelled or failed first. */
export type RowStatus = 'checking' | DateStatus | 'skipped';

/** One number of a check, in request order. */
export type ResultRow = {
  phoneNumber: string;
  status: RowStatus;
  endDate: string | null;
  daysLeft: number | null;
  error: string | null;
};

export const checkingRow = (phoneNumber: string): ResultRow => ({
  phoneNumber,
  status: 'checking',
  endDate: null,
  daysLeft: null,
  error: null,
});

export const STATUS_LABELS: Record<RowStatus, string> = {
  checking: 'Checking',
  active: 'Active',
  'expiring-soon': 'Expiring Soon',
  expired: 'Expired',
  error: 'Error',
  skipped: 'Not checked',
};

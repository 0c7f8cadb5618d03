import type { DateStatus } from '../../../shared/checks.ts';
import type { MessageId } from '../../../shared/i18n/namespaces.ts';

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

/** Each status's badge. */
export const STATUS_LABELS: Record<RowStatus, MessageId> = {
  checking: 'public.dateCheck.status.checking',
  active: 'public.dateCheck.status.active',
  'expiring-soon': 'public.dateCheck.status.expiringSoon',
  expired: 'public.dateCheck.status.expired',
  error: 'public.dateCheck.status.error',
  skipped: 'public.dateCheck.status.skipped',
};

import type { DateCheckResult } from '../../../../shared/checks.ts';
import { apiStream } from '../../../lib/api.ts';

/**
 * One line of a date-check stream: a result, or `{ error }` when the server failed part-way (the
 * results not sent by then will not come).
 */
export type StreamItem = DateCheckResult | { error: string; index?: undefined };

/** POST /v1/date-checks: the user's numbers by id (1..500) or pasted lines; NDJSON results. */
export const streamDateCheck = (
  body: { numberIds: string[] } | { lines: string },
  onItem: (item: StreamItem) => void,
  signal: AbortSignal,
) => apiStream<StreamItem>('/v1/date-checks', { method: 'POST', body, signal }, onItem);

/** POST /v1/public/date-check: phone + link lines (at most 50), no sign-in; NDJSON results. */
export const streamPublicDateCheck = (
  lines: string,
  onItem: (item: StreamItem) => void,
  signal: AbortSignal,
) =>
  apiStream<StreamItem>(
    '/v1/public/date-check',
    { method: 'POST', body: { lines }, signal },
    onItem,
  );

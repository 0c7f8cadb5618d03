import { MESSAGES_ROOT } from '../../../lib/query-roots.ts';

/** Server-side filters of GET /v1/messages (all optional). */
export type MessageFilters = {
  numberId?: string | undefined;
  q?: string | undefined;
  /** First day, YYYY-MM-DD. */
  from?: string | undefined;
  /** Last day, YYYY-MM-DD. */
  to?: string | undefined;
};

/** Query keys of the messages feature, all under ['messages'] (live events refresh that root). */
export const messageKeys = {
  all: MESSAGES_ROOT,
  lists: () => [...MESSAGES_ROOT, 'list'] as const,
  list: (filters: MessageFilters, pageSize: number) =>
    [...MESSAGES_ROOT, 'list', filters, pageSize] as const,
};

/** The filters as query parameters (empty ones left out). */
export function filterParams(filters: MessageFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.numberId) params.set('numberId', filters.numberId);
  if (filters.q) params.set('q', filters.q);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  return params;
}

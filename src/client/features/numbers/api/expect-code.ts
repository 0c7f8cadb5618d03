import type { ExpectResult } from '../../../../shared/checks.ts';
import { apiPost } from '../../../lib/api.ts';

/**
 * The owner copied the number, so a code is about to be sent to it: the server polls it fastest
 * for a while. Fire and forget: a refusal (the rate limit, an inactive number) or a network error
 * changes nothing on screen, and nothing is logged.
 */
export function expectCode(id: string) {
  apiPost<ExpectResult>(`/v1/numbers/${encodeURIComponent(id)}/expect`).catch(() => {});
}

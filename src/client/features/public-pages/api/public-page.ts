import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicPage } from '../../../../shared/sharing.ts';
import { apiGet, apiPost } from '../../../lib/api.ts';
import { pageKeys } from './keys.ts';

const publicPath = (hash: string) => `/v1/public/pages/${encodeURIComponent(hash)}`;

/** GET /v1/public/pages/:hash: the page as visitors see it (404 when missing or inactive). */
const publicPageQuery = (hash: string) =>
  queryOptions({
    queryKey: pageKeys.public(hash),
    queryFn: ({ signal }) => apiGet<PublicPage>(publicPath(hash), signal),
    // Live events keep it current; a refetch on focus catches up after the phone slept.
    staleTime: 30_000,
  });

export const usePublicPage = (hash: string) => useQuery(publicPageQuery(hash));

/** The page's event stream (`message` events for its numbers). */
export const publicPageEventsUrl = (hash: string) => `${publicPath(hash)}/events`;

/**
 * POST /v1/public/pages/:hash/expect {numberId}: a visitor copied the number, so a code is about
 * to be sent to it and the server polls it fastest for a while. Best effort: a refusal (e.g. the
 * page went away, or too many requests) changes nothing for the visitor.
 */
export function expectCode(hash: string, numberId: string) {
  apiPost(`${publicPath(hash)}/expect`, { numberId }).catch(() => {});
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicEntry } from '../../../../shared/sharing.ts';
import { apiGet, apiPost } from '../../../lib/api.ts';
import { entryKeys } from './keys.ts';

const publicPath = (hash: string) => `/v1/public/single/${encodeURIComponent(hash)}`;

/** GET /v1/public/single/:hash: the endpoint as visitors see it (404 when missing or inactive). */
const publicEntryQuery = (hash: string) =>
  queryOptions({
    queryKey: entryKeys.public(hash),
    queryFn: ({ signal }) => apiGet<PublicEntry>(publicPath(hash), signal),
    // Live events keep it current; a refetch on focus catches up after the phone slept.
    staleTime: 30_000,
  });

export const usePublicEntry = (hash: string) => useQuery(publicEntryQuery(hash));

/** The endpoint's event stream (`message` events for its number). */
export const publicEntryEventsUrl = (hash: string) => `${publicPath(hash)}/events`;

/**
 * POST /v1/public/single/:hash/expect: a visitor copied the number, so a code is about to be sent
 * to it and the server polls it fastest for a while. Best effort: a refusal changes nothing here.
 */
export function expectCode(hash: string) {
  apiPost(`${publicPath(hash)}/expect`).catch(() => {});
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicEndpoint, PublicPage } from '../../../../shared/sharing.ts';
import { apiGet, apiPost } from '../../../lib/api.ts';
import { publicPath, shareApi, type ShareKind } from './keys.ts';

export type PublicShare = { page: PublicPage; single: PublicEndpoint };

/**
 * GET /v1/public/pages/:hash or /v1/public/single/:hash: the page or endpoint as visitors see it
 * (404 when missing or inactive).
 */
const publicShareQuery = <K extends ShareKind>(kind: K, hash: string) =>
  queryOptions({
    queryKey: shareApi[kind].keys.public(hash),
    queryFn: ({ signal }) => apiGet<PublicShare[K]>(publicPath(kind, hash), signal),
    // Live events keep it current; a refetch on focus catches up after the phone slept.
    staleTime: 30_000,
  });

export const usePublicShare = <K extends ShareKind>(kind: K, hash: string) =>
  useQuery(publicShareQuery(kind, hash));

/** The hash's event stream (`message` events for its numbers). */
export const publicEventsUrl = (kind: ShareKind, hash: string) =>
  `${publicPath(kind, hash)}/events`;

/**
 * POST …/:hash/expect (a page names the number: {numberId}): a visitor copied the number, so a
 * code is about to be sent to it and the server polls it fastest for a while. Best effort: a
 * refusal (e.g. the link went away, or too many requests) changes nothing for the visitor.
 */
export function expectCode(kind: ShareKind, hash: string, numberId?: string) {
  const url = `${publicPath(kind, hash)}/expect`;
  (numberId ? apiPost(url, { numberId }) : apiPost(url)).catch(() => {});
}

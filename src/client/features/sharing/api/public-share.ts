import { useEffect, useRef } from 'react';
import type { PublicEndpoint, PublicPage } from '../../../../shared/sharing.ts';
import { apiGet, apiPost } from '../../../lib/api.ts';
import { useRead } from '../../../lib/use-read.ts';
import { publicPath, type ShareKind } from './keys.ts';

export type PublicShare = { page: PublicPage; single: PublicEndpoint };

/** Live events keep the answer current; a tab coming back after this long reads it again. */
const STALE_MS = 30_000;

/** What the page starts from: the server's answer or error (a server-rendered page), or nothing. */
export type PublicShareStart<T> = { data: T; at: number } | { error: unknown; at: number };

/**
 * GET /v1/public/pages/:hash or /v1/public/single/:hash: the page or endpoint as visitors see it
 * (404 when missing or inactive), without the query client (the shared pages' island loads none):
 * `useRead` (read on mount unless `start` has the server's answer, retries, `update` for live
 * events), read again when the tab comes back after STALE_MS.
 */
export function usePublicShare<K extends ShareKind>(
  kind: K,
  hash: string,
  start?: PublicShareStart<PublicShare[K]>,
) {
  type T = PublicShare[K];
  const share = useRead<T>((signal) => apiGet<T>(publicPath(kind, hash), signal), start);
  const { refetch, updatedAt } = share;
  const readAt = useRef(updatedAt);
  useEffect(() => {
    readAt.current = updatedAt;
  });
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - readAt.current > STALE_MS) {
        void refetch();
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refetch]);
  return share;
}

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

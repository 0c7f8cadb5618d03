import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { isApiError, type ApiError } from '../../../lib/api.ts';
import { usePublicEvents, type PublicEvent } from '../../../lib/public-events.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import type { ShareKind } from '../api/keys.ts';
import {
  publicEventsUrl,
  usePublicShare,
  type PublicShare,
  type PublicShareStart,
} from '../api/public-share.ts';
import { ShareLoadError, ShareLoading, ShareNotFound, ShareShell } from './share-shell.tsx';

/** A live message put into a public answer, and what to announce (null: nothing). */
export type AppliedEvent<T> = { data: T; announce: string | null };

/**
 * A fresh stream replays the messages of its last 15 s (server: PUBLIC_FRESH_REPLAY_MS); data read
 * longer ago than this when the stream first opens (a server-rendered page whose script came
 * late) is read again, so no message in between is missed.
 */
const REPLAYED_MS = 10_000;

/**
 * A public page or endpoint for anyone with the link: loading, 'not found' (missing or inactive),
 * a failed load with Retry, or `render`'s body, kept live by the hash's event stream (each message
 * put into the answer by `applyEvent`; new codes announced to screen readers). `start`: the
 * server's answer a server-rendered page was rendered from (no read on load).
 */
export function PublicShareView<K extends ShareKind>({
  kind,
  hash,
  start,
  text,
  applyEvent,
  render,
}: {
  kind: K;
  hash: string;
  start?: PublicShareStart<PublicShare[K]> | undefined;
  text: {
    notFoundTitle: string;
    /** The not-found sentence (by default the server's). */
    notFoundMessage?: string;
    loading: string;
    failed: string;
  };
  /** Must be stable (a module-level function). */
  applyEvent: (data: PublicShare[K], e: PublicEvent) => AppliedEvent<PublicShare[K]>;
  render: (data: PublicShare[K], refresh: () => Promise<void>) => ReactNode;
}) {
  const share = usePublicShare(kind, hash, start);
  const [announcement, setAnnouncement] = useState('');
  const notFoundError: ApiError | null =
    isApiError(share.error) && share.error.status === 404 ? share.error : null;
  const live = !!share.data && !notFoundError;
  useDocumentTitle(notFoundError ? text.notFoundTitle : share.data?.name);

  const { update, updatedAt, refetch } = share;
  const onEvent = useCallback(
    (e: PublicEvent) => {
      let announce: string | null = null;
      update((data) => {
        const applied = applyEvent(data, e);
        announce = applied.announce;
        return applied.data;
      });
      if (announce) setAnnouncement(announce);
    },
    [update, applyEvent],
  );
  const connected = usePublicEvents(
    live ? publicEventsUrl(kind, hash) : null,
    onEvent,
    () => void refetch(),
  );
  const opened = useRef(false);
  useEffect(() => {
    if (!connected || opened.current) return;
    opened.current = true;
    if (Date.now() - updatedAt > REPLAYED_MS) void refetch();
  }, [connected, updatedAt, refetch]);

  return (
    <ShareShell live={live ? connected : null}>
      {/* Stays mounted, so a code arriving live is announced. */}
      <p className="sr-only" aria-live="polite" data-testid="code-announcement">
        {announcement}
      </p>
      {share.isPending ? (
        <ShareLoading text={text.loading} />
      ) : notFoundError ? (
        <ShareNotFound
          title={text.notFoundTitle}
          message={text.notFoundMessage ?? notFoundError.message}
        />
      ) : share.isError && !share.data ? (
        <ShareLoadError
          text={text.failed}
          error={share.error}
          onRetry={() => void share.refetch()}
          retrying={share.isFetching}
        />
      ) : (
        render(share.data!, async () => void (await share.refetch()))
      )}
    </ShareShell>
  );
}

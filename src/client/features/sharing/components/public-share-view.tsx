import { useCallback, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError, type ApiError } from '../../../lib/api.ts';
import { usePublicEvents, type PublicEvent } from '../../../lib/public-events.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { shareApi, type ShareKind } from '../api/keys.ts';
import { publicEventsUrl, usePublicShare, type PublicShare } from '../api/public-share.ts';
import { ShareLoadError, ShareLoading, ShareNotFound, ShareShell } from './share-shell.tsx';

/** A live message put into a public answer, and what to announce (null: nothing). */
export type AppliedEvent<T> = { data: T; announce: string | null };

/**
 * A public page or endpoint for anyone with the link: loading, 'not found' (missing or inactive),
 * a failed load with Retry, or `render`'s body, kept live by the hash's event stream (each message
 * put into the cached answer by `applyEvent`; new codes announced to screen readers).
 */
export function PublicShareView<K extends ShareKind>({
  kind,
  hash,
  text,
  applyEvent,
  render,
}: {
  kind: K;
  hash: string;
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
  const share = usePublicShare(kind, hash);
  const qc = useQueryClient();
  const [announcement, setAnnouncement] = useState('');
  const notFoundError: ApiError | null =
    isApiError(share.error) && share.error.status === 404 ? share.error : null;
  const live = !!share.data && !notFoundError;
  useDocumentTitle(notFoundError ? text.notFoundTitle : share.data?.name);

  const onEvent = useCallback(
    (e: PublicEvent) => {
      let announce: string | null = null;
      qc.setQueryData<PublicShare[K]>(shareApi[kind].keys.public(hash), (data) => {
        if (!data) return data;
        const applied = applyEvent(data, e);
        announce = applied.announce;
        return applied.data;
      });
      if (announce) setAnnouncement(announce);
    },
    [qc, kind, hash, applyEvent],
  );
  const connected = usePublicEvents(
    live ? publicEventsUrl(kind, hash) : null,
    onEvent,
    () => void share.refetch(),
  );

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

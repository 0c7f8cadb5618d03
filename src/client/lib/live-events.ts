import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Me } from '../../shared/auth.ts';
import type { Message } from '../../shared/messages.ts';
import { clearCodePopups, showCodes } from './code-popups.ts';
import { ME_QUERY_KEY } from './me.ts';

export const EVENTS_URL = '/v1/events';
/** Codes arriving within this window are shown together (one update of the code pop-up). */
const TOAST_BATCH_MS = 300;
/** Message ids remembered for de-duplication (replays after a reconnect repeat some). */
const SEEN_LIMIT = 2_000;
const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;

function parseMessage(data: unknown): Message | null {
  if (typeof data !== 'string') return null;
  try {
    const m = JSON.parse(data) as Partial<Message> | null;
    return m && typeof m.id === 'string' && typeof m.phoneNumber === 'string'
      ? (m as Message)
      : null;
  } catch {
    return null;
  }
}

/**
 * What a feature does with the live stream, for one connection: `message` for each new message
 * (repeats dropped; `storedAt` is its storage time, ISO), `reconnected` when the stream opened
 * again after a break (events may have been missed), `close` when the connection ends. Each
 * feature owns the updates of its own cache; this file only dispatches.
 */
export type LiveHandler = (qc: QueryClient) => {
  message: (m: Message, storedAt: string) => void;
  reconnected: () => void;
  close: () => void;
};

/** The storage time an event id stands for (ms since the epoch), or now. */
const storedAtOf = (eventId: string) => {
  const ms = Number(eventId);
  return new Date(Number.isFinite(ms) && ms > 0 ? ms : Date.now()).toISOString();
};

/**
 * Opens the signed-in user's event stream: every new message is handed to each of `handlers` (the
 * features keep their caches current), and codes go to the code pop-up (./code-popups.ts) unless
 * the signed-in user turned code toasts off (read from the cached me at that moment). After a reconnect each handler is told.
 * Returns `close`.
 */
export function connectLiveEvents(
  qc: QueryClient,
  handlers: readonly LiveHandler[],
  url = EVENTS_URL,
): () => void {
  const features = handlers.map((h) => h(qc));
  const seen = new Set<string>();
  let pendingToasts: Message[] = [];
  let toastTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryMs = RETRY_MIN_MS;
  let source: EventSource | undefined;
  let closed = false;

  const flushToasts = () => {
    toastTimer = undefined;
    const batch = pendingToasts;
    pendingToasts = [];
    if (qc.getQueryData<Me | null>(ME_QUERY_KEY)?.codeToasts === false) return;
    showCodes(
      batch
        .sort((a, b) => Date.parse(b.receivedAt) - Date.parse(a.receivedAt))
        .map(({ id, phoneNumber, code }) => ({ id, phoneNumber, code: code! })),
    );
  };

  const onMessage = (e: MessageEvent) => {
    const m = parseMessage(e.data);
    if (!m || seen.has(m.id)) return;
    seen.add(m.id);
    if (seen.size > SEEN_LIMIT) seen.delete(seen.values().next().value!);
    const storedAt = storedAtOf(e.lastEventId);
    for (const f of features) f.message(m, storedAt);
    if (m.code) {
      pendingToasts.push(m);
      toastTimer ??= setTimeout(flushToasts, TOAST_BATCH_MS);
    }
  };

  const open = (reopened: boolean) => {
    const es = new EventSource(url);
    source = es;
    es.addEventListener('message', onMessage);
    es.addEventListener('open', () => {
      retryMs = RETRY_MIN_MS;
      // A new EventSource has no Last-Event-ID: fetch whatever arrived while it was down.
      if (reopened) for (const f of features) f.reconnected();
    });
    es.addEventListener('error', () => {
      // CONNECTING: the browser retries by itself. CLOSED: the server refused (e.g. the session
      // ended); check the session and try again later with a growing delay.
      if (es.readyState !== EventSource.CLOSED || closed) return;
      es.close();
      void qc.invalidateQueries({ queryKey: ME_QUERY_KEY });
      retryTimer = setTimeout(() => open(true), retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    });
  };
  open(false);

  return () => {
    closed = true;
    source?.close();
    clearTimeout(retryTimer);
    clearTimeout(toastTimer);
    clearCodePopups();
    for (const f of features) f.close();
  };
}

/**
 * Live updates for the signed-in dashboard (`handlers` must be stable, e.g. a module constant);
 * closed when `enabled` turns false or on unmount.
 */
export function useLiveEvents(enabled: boolean, handlers: readonly LiveHandler[]) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    return connectLiveEvents(qc, handlers);
  }, [enabled, qc, handlers]);
}

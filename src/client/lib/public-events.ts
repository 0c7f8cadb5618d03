import { useEffect, useRef, useState } from 'react';
import { PUBLIC_MESSAGES_PER_NUMBER } from '../../shared/sharing-limits.ts';
import type { PublicMessage, PublicNumber } from '../../shared/sharing.ts';

/** One `message` event of a public page's or endpoint's stream: the message and its number. */
export type PublicEvent = PublicMessage & { numberId: string };

const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;

function parseEvent(data: unknown): PublicEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const e = JSON.parse(data) as Partial<PublicEvent> | null;
    if (!e || typeof e.id !== 'string' || typeof e.numberId !== 'string') return null;
    if (typeof e.content !== 'string' || typeof e.receivedAt !== 'string') return null;
    return {
      id: e.id,
      numberId: e.numberId,
      sender: typeof e.sender === 'string' ? e.sender : '',
      content: e.content,
      code: typeof e.code === 'string' ? e.code : null,
      receivedAt: e.receivedAt,
    };
  } catch {
    return null;
  }
}

/**
 * Number `n` with message `m` among its newest messages (at most PUBLIC_MESSAGES_PER_NUMBER,
 * newest first); `n` itself when it already holds `m` or `m` is older than all it keeps.
 */
export function withPublicMessage(n: PublicNumber, m: PublicMessage): PublicNumber {
  if (n.messages.some((x) => x.id === m.id)) return n;
  const { id, sender, content, code, receivedAt } = m;
  const messages = [{ id, sender, content, code, receivedAt }, ...n.messages]
    .sort((a, b) => Date.parse(b.receivedAt) - Date.parse(a.receivedAt))
    .slice(0, PUBLIC_MESSAGES_PER_NUMBER);
  return messages.some((x) => x.id === m.id) ? { ...n, messages } : n;
}

type Handlers = {
  onEvent: (e: PublicEvent) => void;
  /** Events may have been missed (the stream dropped, or came back): fetch the data again. */
  onResync: () => void;
  /** The stream opened (true) or dropped (false). */
  onStatus?: (open: boolean) => void;
};

/**
 * Opens a public event stream (`/v1/public/.../events`) and reports each message. When the stream
 * ends or fails, it is closed and reopened by this code (2 s, doubling to 60 s) instead of by
 * the browser: the data is fetched again at once, so a page deactivated or regenerated meanwhile
 * shows its not-found state (and the caller closes the stream) rather than the browser retrying a
 * 404 and reporting it in the console. A reopened stream has no Last-Event-ID, so the data is
 * fetched again once it is open. Returns `close`.
 */
export function connectPublicEvents(url: string, handlers: Handlers): () => void {
  let source: EventSource | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryMs = RETRY_MIN_MS;
  let closed = false;

  const open = (reopened: boolean) => {
    const es = new EventSource(url);
    source = es;
    es.addEventListener('message', (e: MessageEvent) => {
      const event = parseEvent(e.data);
      if (event && !closed) handlers.onEvent(event);
    });
    es.addEventListener('open', () => {
      retryMs = RETRY_MIN_MS;
      if (closed) return;
      handlers.onStatus?.(true);
      if (reopened) handlers.onResync();
    });
    es.addEventListener('error', () => {
      if (closed || source !== es) return;
      es.close();
      handlers.onStatus?.(false);
      handlers.onResync();
      retryTimer = setTimeout(() => open(true), retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    });
  };
  open(false);

  return () => {
    closed = true;
    source?.close();
    clearTimeout(retryTimer);
  };
}

/**
 * Live messages from `url` while it is set (null: no stream, e.g. while the data is missing).
 * Returns whether the stream is open now.
 */
export function usePublicEvents(
  url: string | null,
  onEvent: (e: PublicEvent) => void,
  onResync: () => void,
): boolean {
  const handlers = useRef({ onEvent, onResync });
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => {
    handlers.current = { onEvent, onResync };
  });
  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return;
    return connectPublicEvents(url, {
      onEvent: (e) => handlers.current.onEvent(e),
      onResync: () => handlers.current.onResync(),
      onStatus: (isOpen) => setOpen(isOpen ? url : null),
    });
  }, [url]);
  // Keyed by url: a stream of an earlier url (or none) is not open.
  return open !== null && open === url;
}

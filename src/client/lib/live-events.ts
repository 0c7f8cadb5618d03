import { useEffect } from 'react';
import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Me } from '../../shared/auth.ts';
import type { Message } from '../../shared/messages.ts';
import {
  CARD_RECENT_MESSAGES,
  MESSAGES_KEPT_PER_NUMBER,
  type NumberList,
  type VoipNumber,
} from '../../shared/numbers.ts';
import { showCodeToast, type ToastCode } from '../components/ui/code-toast.tsx';
import { ME_QUERY_KEY } from './me.ts';
import { MESSAGES_ROOT, NUMBER_LISTS, NUMBERS_ROOT } from './query-roots.ts';

export const EVENTS_URL = '/v1/events';
/** Messages-query refreshes caused by events happen at most this often (a burst is one refetch). */
const INVALIDATE_EVERY_MS = 1_000;
/** Codes arriving within this window are shown together (one update of the code toast). */
const TOAST_BATCH_MS = 300;
/** Codes the open code toast remembers (it shows a few and counts the rest). */
const TOAST_CODES_KEPT = 100;
/** Message ids remembered for de-duplication (replays after a reconnect repeat some). */
const SEEN_LIMIT = 2_000;
const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/** `fn` at once, then at most once per `ms`; calls in between collapse into one trailing call. */
function throttle(fn: () => void, ms: number) {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    timer = undefined;
    last = Date.now();
    fn();
  };
  return {
    call() {
      if (timer) return;
      const wait = last + ms - Date.now();
      if (wait <= 0) run();
      else timer = setTimeout(run, wait);
    },
    cancel: () => clearTimeout(timer),
  };
}

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

/** The card of `n` with the new message `m` (stored at `storedAt`, ISO): newest 3, count + 1. */
function withMessage(n: VoipNumber, m: Message, storedAt: string): VoipNumber {
  if (n.recentMessages.some((r) => r.id === m.id)) return n;
  const { id, sender, content, code, receivedAt } = m;
  const recentMessages = [{ id, sender, content, code, receivedAt }, ...n.recentMessages]
    .sort((a, b) => Date.parse(b.receivedAt) - Date.parse(a.receivedAt))
    .slice(0, CARD_RECENT_MESSAGES);
  return {
    ...n,
    recentMessages,
    messageCount: Math.min(n.messageCount + 1, MESSAGES_KEPT_PER_NUMBER),
    lastUsed: storedAt,
    lastPolledAt: storedAt,
    lastError: null,
  };
}

/**
 * Puts a new message on its number's card in every cached numbers list, without asking the
 * server: a dashboard scrolled through many pages would otherwise refetch all of them for each
 * code. Lists that do not hold the number are left as they are.
 */
export function addMessageToNumberLists(qc: QueryClient, m: Message, storedAt: string) {
  qc.setQueriesData<InfiniteData<NumberList>>({ queryKey: NUMBER_LISTS }, (data) => {
    if (!data) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      const i = page.items.findIndex((n) => n.id === m.voipNumberId);
      if (i < 0) return page;
      const card = withMessage(page.items[i]!, m, storedAt);
      if (card === page.items[i]) return page;
      changed = true;
      const items = page.items.slice();
      items[i] = card;
      return { ...page, items };
    });
    return changed ? { ...data, pages } : data;
  });
}

/** The storage time an event id stands for (ms since the epoch), or now. */
const storedAtOf = (eventId: string) => {
  const ms = Number(eventId);
  return new Date(Number.isFinite(ms) && ms > 0 ? ms : Date.now()).toISOString();
};

/**
 * Opens the signed-in user's event stream and keeps the caches current: every new message goes
 * onto its number's card in the cached numbers lists, refreshes every messages query (at most
 * once a second), and codes go into the one code toast (a line per code with Copy; codes arriving
 * while it is open are added to it) unless the signed-in user turned code toasts off (read from
 * the cached me at that moment). After a reconnect everything is refetched (events may have been
 * missed). Returns `close`.
 */
export function connectLiveEvents(qc: QueryClient, url = EVENTS_URL): () => void {
  const seen = new Set<string>();
  let pendingToasts: Message[] = [];
  /** The codes in the open code toast, newest first. */
  let toastCodes: ToastCode[] = [];
  let toastTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryMs = RETRY_MIN_MS;
  let source: EventSource | undefined;
  let closed = false;

  const refreshMessages = throttle(() => {
    void qc.invalidateQueries({ queryKey: MESSAGES_ROOT, refetchType: 'active' });
  }, INVALIDATE_EVERY_MS);
  // A numbers fetch or change in flight when a message arrives may answer with a card from before
  // it and overwrite the patched one: the lists are fetched again once that has settled.
  const refetchLists = () =>
    void qc.invalidateQueries({ queryKey: NUMBER_LISTS, refetchType: 'active' });
  let listsTimer: ReturnType<typeof setTimeout> | undefined;
  const refreshListsLater = () => {
    listsTimer ??= setTimeout(() => {
      listsTimer = undefined;
      refetchLists();
    }, INVALIDATE_EVERY_MS);
  };

  const flushToasts = () => {
    toastTimer = undefined;
    const batch = pendingToasts;
    pendingToasts = [];
    if (qc.getQueryData<Me | null>(ME_QUERY_KEY)?.codeToasts === false) return;
    const fresh = batch
      .sort((a, b) => Date.parse(b.receivedAt) - Date.parse(a.receivedAt))
      .map(({ id, phoneNumber, code }) => ({ id, phoneNumber, code: code! }));
    toastCodes = [...fresh, ...toastCodes].slice(0, TOAST_CODES_KEPT);
    showCodeToast(toastCodes, () => (toastCodes = []));
  };

  const onMessage = (e: MessageEvent) => {
    const m = parseMessage(e.data);
    if (!m || seen.has(m.id)) return;
    seen.add(m.id);
    if (seen.size > SEEN_LIMIT) seen.delete(seen.values().next().value!);
    addMessageToNumberLists(qc, m, storedAtOf(e.lastEventId));
    if (qc.isFetching({ queryKey: NUMBERS_ROOT }) > 0 || qc.isMutating() > 0) refreshListsLater();
    refreshMessages.call();
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
      if (reopened) {
        refetchLists();
        refreshMessages.call();
      }
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
    refreshMessages.cancel();
    clearTimeout(listsTimer);
  };
}

/** Live updates for the signed-in dashboard; closed when `enabled` turns false or on unmount. */
export function useLiveEvents(enabled: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    return connectLiveEvents(qc);
  }, [enabled, qc]);
}

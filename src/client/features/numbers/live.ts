import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Message } from '../../../shared/messages.ts';
import {
  CARD_RECENT_MESSAGES,
  MESSAGES_KEPT_PER_NUMBER,
  type NumberList,
  type VoipNumber,
} from '../../../shared/numbers.ts';
import type { LiveHandler } from '../../lib/live-events.ts';
import { numberKeys } from './api/keys.ts';

/** A refetch of the lists caused by events waits this long (a burst is one refetch). */
const REFETCH_AFTER_MS = 1_000;

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
 * code. Lists that do not hold the number are left as they are. Returns whether a card had never
 * been polled: its first poll also stored what the message does not carry (the end date).
 */
export function addMessageToNumberLists(qc: QueryClient, m: Message, storedAt: string) {
  let firstPoll = false;
  qc.setQueriesData<InfiniteData<NumberList>>({ queryKey: numberKeys.lists() }, (data) => {
    if (!data) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      const i = page.items.findIndex((n) => n.id === m.voipNumberId);
      if (i < 0) return page;
      if (page.items[i]!.lastPolledAt === null) firstPoll = true;
      const card = withMessage(page.items[i]!, m, storedAt);
      if (card === page.items[i]) return page;
      changed = true;
      const items = page.items.slice();
      items[i] = card;
      return { ...page, items };
    });
    return changed ? { ...data, pages } : data;
  });
  return firstPoll;
}

/**
 * The numbers feature's live updates: each new message goes onto its number's card in the cached
 * lists; the lists are fetched again after a reconnect (events may have been missed) and after a
 * new number's first messages (its end date came with them).
 */
export const numbersLive: LiveHandler = (qc) => {
  // A numbers fetch or change in flight when a message arrives may answer with a card from before
  // it and overwrite the patched one: the lists are fetched again once that has settled.
  const refetchLists = () =>
    void qc.invalidateQueries({ queryKey: numberKeys.lists(), refetchType: 'active' });
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    message(m, storedAt) {
      const firstPoll = addMessageToNumberLists(qc, m, storedAt);
      if (firstPoll || qc.isFetching({ queryKey: numberKeys.all }) > 0 || qc.isMutating() > 0) {
        timer ??= setTimeout(() => {
          timer = undefined;
          refetchLists();
        }, REFETCH_AFTER_MS);
      }
    },
    reconnected: refetchLists,
    close: () => clearTimeout(timer),
  };
};

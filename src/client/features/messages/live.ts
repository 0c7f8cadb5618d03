import type { LiveHandler } from '../../lib/live-events.ts';
import { throttle } from '../../lib/throttle.ts';
import { messageKeys } from './api/keys.ts';

/** Messages-query refreshes caused by events happen at most this often (a burst is one refetch). */
const REFRESH_EVERY_MS = 1_000;

/** The messages feature's live updates: a new message (or a reconnect) refreshes its queries. */
export const messagesLive: LiveHandler = (qc) => {
  const refresh = throttle(() => {
    void qc.invalidateQueries({ queryKey: messageKeys.all, refetchType: 'active' });
  }, REFRESH_EVERY_MS);
  return { message: refresh.call, reconnected: refresh.call, close: refresh.cancel };
};

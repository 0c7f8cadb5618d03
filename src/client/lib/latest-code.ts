import type { RecentMessage } from '../../shared/numbers.ts';

/** A card shows its newest code for this long after the message arrived. */
export const LATEST_CODE_MS = 10 * 60_000;

/**
 * The newest message with a code received within the last 10 minutes of `now`, or undefined.
 * A time a little ahead of `now` (the provider's clock, or a `now` up to one tick old) counts as
 * just received.
 */
export function latestCode(
  messages: readonly RecentMessage[],
  now: Date,
): (RecentMessage & { code: string }) | undefined {
  let best: (RecentMessage & { code: string }) | undefined;
  for (const m of messages) {
    if (!m.code) continue;
    const at = Date.parse(m.receivedAt);
    if (!(now.getTime() - at < LATEST_CODE_MS)) continue;
    if (!best || at > Date.parse(best.receivedAt)) best = { ...m, code: m.code };
  }
  return best;
}

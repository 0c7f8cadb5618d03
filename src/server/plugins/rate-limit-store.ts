import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

/** Keys kept by all the app's rate limiters together. */
export const RATE_LIMIT_KEYS = 100_000;

type Count = { current: number; start: number; touched: number };
type Callback = (err: Error | null, res: { current: number; ttl: number }) => void;

/**
 * The in-memory store of every `@fastify/rate-limit` limiter of the app (the plugin's `store`).
 * The plugin's own store gives each limiter an LRU of 5,000 keys and never drops a key whose
 * window has passed: every address and user a limiter ever saw stayed in memory until the LRU was
 * full (bench/soak: the heap kept growing with visitors' addresses), and 5,000 addresses in one
 * window pushed a limited address's count out.
 *
 * Here every limiter's counts share one map of up to `maxKeys` keys (each limiter's keys carry
 * its own prefix), least recently used first: a key is dropped once no limiter's window can still
 * hold it, and over the cap the least recently used goes. Counting is the plugin's (a fixed
 * window per key from its first request; `ttl` is what is left of it). The plugin's
 * `continueExceeding` and `exponentialBackoff` are not supported (the app uses neither).
 */
export function rateLimitStore(opts: { maxKeys?: number; now?: () => number } = {}) {
  const maxKeys = opts.maxKeys ?? RATE_LIMIT_KEYS;
  const now = opts.now ?? Date.now;
  const counts = new Map<string, Count>();
  /** The longest window any limiter asked for. */
  let longest = 0;
  let limiters = 0;

  /**
   * Drops the keys no window can still hold. The map is in order of last use, and a key's window
   * started at or before its last use, so the sweep stops at the first key used within the longest
   * window: each key is looked at once after it expires.
   */
  function sweep(t: number) {
    for (const [key, c] of counts) {
      if (c.touched + longest > t) break;
      counts.delete(key);
    }
  }

  function incr(key: string, timeWindow: number, cb: Callback) {
    const t = now();
    longest = Math.max(longest, timeWindow);
    sweep(t);
    let c = counts.get(key);
    if (c) counts.delete(key);
    if (!c || c.start + timeWindow <= t) c = { current: 1, start: t, touched: t };
    else {
      c.current++;
      c.touched = t;
    }
    counts.set(key, c);
    if (counts.size > maxKeys) counts.delete(counts.keys().next().value!);
    cb(null, { current: c.current, ttl: c.start + timeWindow - t });
  }

  class Store {
    readonly #prefix = `${limiters++}:`;
    constructor(o: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      if (o.continueExceeding || o.exponentialBackoff)
        throw new Error(
          'rate-limit store: continueExceeding and exponentialBackoff are not supported',
        );
    }
    /** The plugin passes the limiter's window and max too (its `applyRateLimit`). */
    incr(key: string, cb: Callback, timeWindow: number) {
      incr(this.#prefix + key, timeWindow, cb);
    }
    /** A limiter of a route or of `createRateLimit`: its own keys in the shared map. */
    child(o: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      return new Store(o);
    }
  }

  return {
    /** For the plugin's `store` option (its types leave out the window `incr` is given). */
    Store: Store as unknown as FastifyRateLimitStoreCtor,
    /** Keys held now, all limiters together. */
    size: () => counts.size,
  };
}

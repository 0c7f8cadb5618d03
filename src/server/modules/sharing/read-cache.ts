import type { SharingChanges } from './changes.ts';
import type { ViewKind } from './views.ts';

/** What a live public page or endpoint is: its id, its owner and the numbers it shows. */
export type StreamTarget = { id: string; ownerId: string; numberIds: string[] };

/**
 * How long a public hash's answer is served from memory: a new message shows in the JSON answers
 * within this time (live streams and waiting scripts get it at once, from the bus).
 */
export const PUBLIC_READ_TTL_MS = 1_000;

type Endpoint<V> = {
  at: number;
  view: Promise<V | undefined>;
  /** Further reads of the same hash (the newest code), loaded on first use. */
  more: Map<string, Promise<unknown>>;
  off: (() => void)[];
};

/**
 * The public reads of a hash, served from memory so that many viewers (or one script hammering
 * the hash from many addresses) cost one load per `ttlMs`, not one query per request. Concurrent
 * misses share one load. An answer is dropped after `ttlMs` (by the injected clock; a clock set
 * back drops it too) and at once when its owner changes the link in this process (`changes.ts`).
 * An unknown or inactive hash is not kept (its next request asks again): an activated link
 * answers at once.
 */
export function publicReadCache<V extends { target: StreamTarget }>(deps: {
  changes?: Pick<SharingChanges, 'on'>;
  now: () => Date;
  ttlMs?: number;
}) {
  const ttlMs = deps.ttlMs ?? PUBLIC_READ_TTL_MS;
  const endpoints = new Map<string, Endpoint<V>>();
  let sweptAt = 0;

  function drop(key: string, endpoint: Endpoint<V>) {
    if (endpoints.get(key) !== endpoint) return;
    endpoints.delete(key);
    for (const off of endpoint.off) off();
  }

  /** Drops every expired endpoint (with its subscriptions), at most once per `ttlMs`. */
  function sweep(t: number) {
    if (t >= sweptAt && t - sweptAt < ttlMs) return;
    sweptAt = t;
    for (const [key, e] of endpoints) if (!fresh(e, t)) drop(key, e);
  }
  const fresh = (e: Endpoint<V>, t: number) => t >= e.at && t - e.at < ttlMs;

  function endpoint(kind: ViewKind, hash: string, load: () => Promise<V | undefined>) {
    const key = `${kind}:${hash}`;
    const t = deps.now().getTime();
    sweep(t);
    const hit = endpoints.get(key);
    if (hit && fresh(hit, t)) return hit;
    if (hit) drop(key, hit);
    const e: Endpoint<V> = { at: t, view: Promise.resolve(undefined), more: new Map(), off: [] };
    e.view = load().then(
      (view) => {
        if (!view) drop(key, e);
        else if (endpoints.get(key) === e && deps.changes)
          e.off.push(deps.changes.on(kind, view.target.id, () => drop(key, e)));
        return view;
      },
      (err: unknown) => {
        drop(key, e);
        throw err;
      },
    );
    endpoints.set(key, e);
    return e;
  }

  return {
    /** The hash's view (undefined when unknown or inactive): from memory, or loaded once. */
    view(kind: ViewKind, hash: string, load: () => Promise<V | undefined>) {
      return endpoint(kind, hash, load).view;
    },
    /**
     * Another read of the same live hash (`name` tells which), kept and dropped with its view.
     */
    async more<T>(
      kind: ViewKind,
      hash: string,
      load: () => Promise<V | undefined>,
      name: string,
      loadMore: (view: V) => Promise<T>,
    ): Promise<{ view: V; value: T } | undefined> {
      const e = endpoint(kind, hash, load);
      const view = await e.view;
      if (!view) return undefined;
      let p = e.more.get(name) as Promise<T> | undefined;
      if (!p) {
        p = loadMore(view);
        e.more.set(name, p);
        p.catch(() => e.more.delete(name));
      }
      return { view, value: await p };
    },
  };
}

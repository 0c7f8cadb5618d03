import type { ViewKind } from './views.ts';

/**
 * Owner changes to a page or endpoint (edited, deactivated, regenerated, deleted), told to this
 * process's public streams and waiting scripts so a dead link stops at once. Other processes see
 * the change at their streams' next heartbeat.
 */
export function sharingChanges() {
  const subs = new Map<string, Set<() => void>>();
  const key = (kind: ViewKind, id: string) => `${kind}:${id}`;
  return {
    /** Calls `fn` when the page or endpoint `id` changes; returns the unsubscribe. */
    on(kind: ViewKind, id: string, fn: () => void) {
      const k = key(kind, id);
      let set = subs.get(k);
      if (!set) subs.set(k, (set = new Set()));
      set.add(fn);
      return () => {
        set.delete(fn);
        if (set.size === 0) subs.delete(k);
      };
    },
    changed(kind: ViewKind, ids: string[]) {
      for (const id of ids) for (const fn of [...(subs.get(key(kind, id)) ?? [])]) fn();
    },
  };
}
export type SharingChanges = ReturnType<typeof sharingChanges>;

/**
 * Per provider host: how many requests are in flight, which claimed numbers wait for a slot, and a
 * circuit breaker. A user's numbers usually share one provider, so a provider that is down is the
 * common fault: a host whose requests keep failing at connection level (no DNS answer, refused,
 * timed out, 502–504) is paused as a whole (open), probed with one request when the pause ends
 * (half-open), and resumes on the first answer (closed); each failed probe doubles the pause.
 *
 * `room()` says how many numbers of each host the next claim may bring (none for a host that is
 * paused, probing, or has every slot and queue place taken): the rest wait in the table, so a
 * slow or dead host never makes the loop claim and give back.
 */

export type HostLimiterOptions = {
  /** Requests in flight per host. */
  perHost: number;
  /** Claimed numbers that may wait for a slot, per host. */
  queuePerHost: number;
  /** Host-level failures in a row (no answer in between) that pause the host. */
  failThreshold: number;
  /** The first pause; each failed probe doubles it, up to maxPauseMs. */
  pauseMs: number;
  maxPauseMs: number;
};

type Host<T> = {
  active: number;
  queue: T[];
  /** Host-level failures since the last answer. */
  failures: number;
  /** 0 when closed; otherwise the end of the pause (open before it, half-open after). */
  pausedUntil: number;
  pauseMs: number;
  probing: boolean;
  lastError: string;
};

/** What a finished request means for its host. */
export type HostVerdict = 'answered' | 'host-fault' | 'other';

export function createHostLimiter<T>(o: HostLimiterOptions) {
  const hosts = new Map<string, Host<T>>();
  const state = (host: string) => {
    let h = hosts.get(host);
    if (!h) {
      h = {
        active: 0,
        queue: [],
        failures: 0,
        pausedUntil: 0,
        pauseMs: o.pauseMs,
        probing: false,
        lastError: '',
      };
      hosts.set(host, h);
    }
    return h;
  };
  /** Forget hosts with nothing going on (a closed breaker and no requests). */
  const tidy = (host: string, h: Host<T>) => {
    if (!h.active && !h.queue.length && !h.pausedUntil && !h.failures) hosts.delete(host);
  };
  let queued = 0;

  return {
    /** Numbers waiting for a slot, all hosts together. */
    queued: () => queued,

    /**
     * A claimed number for `host`: 'run' (a slot is taken for it now), 'queued' (it waits for a
     * slot), or 'refused' (the host is paused or its queue is full: give it back).
     */
    admit(host: string, item: T, now: number): 'run' | 'queued' | 'refused' {
      const h = state(host);
      if (h.pausedUntil) {
        if (now < h.pausedUntil || h.probing) return 'refused';
        h.probing = true; // half-open: this one request probes the host
        h.active++;
        return 'run';
      }
      if (h.active < o.perHost) {
        h.active++;
        return 'run';
      }
      if (h.queue.length < o.queuePerHost) {
        h.queue.push(item);
        queued++;
        return 'queued';
      }
      return 'refused';
    },

    /**
     * A request of `host` finished. Returns the next queued number to run (its slot is taken), and
     * `paused` when this result paused the host (the caller defers the host's numbers; `dropped`
     * are the numbers that were waiting for it).
     */
    finish(
      host: string,
      verdict: HostVerdict,
      error: string,
      now: number,
    ): { next?: T; paused?: { until: number; error: string; dropped: T[] } } {
      const h = state(host);
      h.active--;
      let paused: { until: number; error: string; dropped: T[] } | undefined;
      if (verdict === 'answered') {
        h.failures = 0;
        if (h.pausedUntil) {
          h.pausedUntil = 0;
          h.pauseMs = o.pauseMs;
        }
        h.probing = false;
      } else if (verdict === 'host-fault') {
        h.failures++;
        h.lastError = error;
        const probeFailed = h.probing;
        if (probeFailed || (!h.pausedUntil && h.failures >= o.failThreshold)) {
          if (probeFailed) h.pauseMs = Math.min(o.maxPauseMs, h.pauseMs * 2);
          h.probing = false;
          h.pausedUntil = now + h.pauseMs;
          const dropped = h.queue.splice(0);
          queued -= dropped.length;
          paused = { until: h.pausedUntil, error, dropped };
        }
      } else {
        // Neither an answer nor a host fault (a link that cannot be read, a request aborted): it
        // says nothing of the host; if it was the probe, the next number probes instead.
        h.probing = false;
      }
      let next: T | undefined;
      if (!h.pausedUntil && h.active < o.perHost && h.queue.length) {
        next = h.queue.shift()!;
        queued--;
        h.active++;
      }
      tidy(host, h);
      return { next, ...(paused ? { paused } : {}) };
    },

    /**
     * What the next claim may bring per host: `skip`, hosts to leave out (paused, probing, or no
     * slot or queue place free); `room`, how many numbers each other known host takes (a host not
     * listed takes `fresh`). A claim within these is admitted whole: nothing is given back.
     */
    room(now: number): { skip: string[]; room: Record<string, number>; fresh: number } {
      const skip: string[] = [];
      const room: Record<string, number> = {};
      for (const [host, h] of hosts) {
        if (h.pausedUntil) {
          // Open, or half-open with its probe out: nothing. Half-open: the probe only.
          if (now < h.pausedUntil || h.probing) skip.push(host);
          else room[host] = 1;
          continue;
        }
        const free = o.perHost + o.queuePerHost - h.active - h.queue.length;
        if (free <= 0) skip.push(host);
        else room[host] = free;
      }
      return { skip, room, fresh: o.perHost + o.queuePerHost };
    },

    /** Takes every queued number out (the poller stopping). */
    drainQueues(): T[] {
      const all = [...hosts.values()].flatMap((h) => h.queue.splice(0));
      queued = 0;
      return all;
    },

    /** Paused hosts (for stats and tests). */
    paused(now: number) {
      return [...hosts]
        .filter(([, h]) => h.pausedUntil && now < h.pausedUntil)
        .map(([host, h]) => ({ host, until: h.pausedUntil, error: h.lastError }));
    },
  };
}
export type HostLimiter<T> = ReturnType<typeof createHostLimiter<T>>;

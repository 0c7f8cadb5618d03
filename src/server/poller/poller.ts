import { setMaxListeners } from 'node:events';
import { delay, realTimers, type Scheduler, type Timer } from '../clock.ts';
import { extractCode, isVerificationMessage } from '../../shared/messages.ts';
import { MESSAGES_KEPT_PER_NUMBER } from '../../shared/numbers.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import type { EventBus } from '../events/bus.ts';
import { isHostFault, type ProviderRead, type ReadProvider } from '../providers/read-provider.ts';
import { createHostLimiter, type HostVerdict } from './host-limiter.ts';
import type { ClaimedNumber, PollerRepository, PollTier } from './poller.repository.ts';
import { createWriter } from './writer.ts';

export type PollerOptions = {
  /** Poll interval of each tier (`PollTier`): unwatched, watched, expecting a code. */
  intervalMs: number;
  watchedIntervalMs: number;
  expectingIntervalMs: number;
  /** A number expecting a code stops expecting this long after a new code arrives. */
  expectingAfterCodeMs: number;
  /** Provider requests in flight or waiting for their host, across all hosts. */
  concurrency: number;
  /** Provider requests in flight per provider host. */
  hostConcurrency: number;
  /** Claimed numbers that may wait for a slot of their host (beyond that the host is skipped). */
  hostQueue: number;
  /** Host-level failures in a row that pause a host, and the first pause (doubling to the max). */
  hostFailThreshold: number;
  hostPauseMs: number;
  hostMaxPauseMs: number;
  /** Messages kept per number (oldest dropped), unless the poller's `keepMessages` dependency says. */
  keepMessages: number;
  /** Most finished polls stored in one statement; twice this many may wait to be stored. */
  writeBatch: number;
  /**
   * How long a claim holds a number. Leases held are renewed every third of this, so a live worker
   * never loses one, and a dead worker's numbers are claimable again within this time.
   */
  leaseMs: number;
  /** Longest wait between failed polls. */
  maxBackoffMs: number;
  /** Pause between claims when nothing was due. */
  idleMs: number;
  /** A number is refreshed on demand at most once per this many ms. */
  refreshCoalesceMs: number;
  /** On stop, how long provider requests in flight may still finish before they are aborted. */
  stopGraceMs: number;
};

export const defaultPollerOptions: PollerOptions = {
  intervalMs: 30_000,
  watchedIntervalMs: 5_000,
  expectingIntervalMs: 2_000,
  expectingAfterCodeMs: 10_000,
  concurrency: 200,
  hostConcurrency: 16,
  hostQueue: 32,
  hostFailThreshold: 5,
  hostPauseMs: 30_000,
  hostMaxPauseMs: 5 * 60_000,
  keepMessages: MESSAGES_KEPT_PER_NUMBER,
  writeBatch: 500,
  leaseMs: 20_000,
  maxBackoffMs: 15 * 60_000,
  idleMs: 250,
  refreshCoalesceMs: 5_000,
  stopGraceMs: 2_000,
};

export type PollResult = { ok: true; newMessages: number } | { ok: false; error: string };

type Log = {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/**
 * A stable per-number offset in [0, period): spreads the schedule of many numbers evenly. FNV-1a
 * of the id (random UUIDs), not a cryptographic hash: it runs on every poll.
 */
export function phaseOf(id: string, period: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return (h >>> 0) % period;
}

/** The first instant after `now` that falls on this number's phase of the period. */
export function nextSlot(now: Date, period: number, phase: number): Date {
  const t = now.getTime();
  return new Date(Math.floor((t - phase) / period) * period + phase + period);
}

/** Capped exponential backoff with ±20 % jitter: base, 2×base, 4×base, … up to `max`. */
export function backoff(failures: number, base: number, max: number, random = Math.random) {
  const raw = Math.min(max, base * 2 ** Math.min(failures, 20));
  return Math.round(raw * (0.8 + 0.4 * random()));
}

/** What a read says of its host (see host-limiter.ts). */
function verdictOf(r: ProviderRead): HostVerdict {
  if (isHostFault(r)) return 'host-fault';
  if (r.ok || r.stage === 'parse') return 'answered';
  // Fetch failures after the provider answered (an HTTP status, too large, redirect loop).
  return r.kind === 'http' || r.kind === 'too-large' || r.kind === 'redirects'
    ? 'answered'
    : 'other';
}

const pauseMessage = (error: string, ms: number) =>
  `${error}. Polling of this provider is paused; next try in ${Math.max(1, Math.round(ms / 1000))} s.`;

/**
 * The worker loop: claims due numbers (FOR UPDATE SKIP LOCKED + a short lease, renewed while held),
 * reads each link with global and per-host caps and a per-host circuit breaker, stores new
 * verification messages once (the batched writer), publishes them, and schedules the next poll.
 * Also serves on-demand refreshes.
 */
export function createPoller(deps: {
  repo: PollerRepository;
  readProvider: ReadProvider;
  bus: EventBus;
  now: () => Date;
  /** The timers of the loop, the lease renewal and the stop grace (tests step a manual clock). */
  timers?: Scheduler;
  log: Log;
  options?: Partial<PollerOptions>;
  /** Messages kept per number, asked for each write batch (the site setting); else the option. */
  keepMessages?: () => Promise<number>;
}) {
  const o = { ...defaultPollerOptions, ...deps.options };
  const { repo, now } = deps;
  const timers = deps.timers ?? realTimers;
  let running = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let active = 0;
  let storing = 0;
  let polls = 0;
  /** Aborts provider requests in flight when the poller stops (every one of them listens). */
  let stopping = new AbortController();
  setMaxListeners(0, stopping.signal);
  const hosts = createHostLimiter<ClaimedNumber>({
    perHost: o.hostConcurrency,
    queuePerHost: o.hostQueue,
    failThreshold: o.hostFailThreshold,
    pauseMs: o.hostPauseMs,
    maxPauseMs: o.hostMaxPauseMs,
  });
  /** Numbers this process holds a lease on (claimed, not yet stored or given back). */
  const held = new Set<string>();
  const inFlight = new Set<Promise<unknown>>();
  /** Tracked tasks finished so far (drain() tells a quiet round from one that raced a finish). */
  let settled = 0;
  const refreshes = new Map<string, { at: number; result: Promise<PollResult | 'busy'> }>();
  const newMessageListeners = new Set<() => void>();
  const writer = createWriter({
    repo,
    bus: deps.bus,
    log: deps.log,
    keep: deps.keepMessages ?? (() => o.keepMessages),
    batchSize: o.writeBatch,
    onNewMessages: () => newMessageListeners.forEach((fn) => fn()),
  });

  const periods: Record<PollTier, number> = {
    expecting: o.expectingIntervalMs,
    watched: o.watchedIntervalMs,
    unwatched: o.intervalMs,
  };
  /** A number's slot after `t` on the grid of `period`, at its own phase. */
  const slotAfter = (id: string, t: Date, period: number) =>
    nextSlot(t, period, phaseOf(id, period));
  /**
   * Free slots that make a saturated loop claim again. Each claim is a query whatever its size, so
   * claiming for every single finished poll would cost one query per poll.
   */
  const claimBatch = Math.max(1, Math.floor(o.concurrency / 4));
  const leaseUntil = (t: Date) => new Date(t.getTime() + o.leaseMs);

  /** Gives numbers back unpolled (lease cleared, still due). */
  async function release(ids: string[]) {
    for (const id of ids) held.delete(id);
    await repo.release(ids).catch((err: unknown) => {
      // Their leases run out by themselves.
      deps.log.warn({ err }, 'giving numbers back failed');
    });
  }

  /** Read, filter and store one claimed number. Never throws. */
  async function pollOne(
    n: ClaimedNumber,
    fetched = (_r: ProviderRead) => {},
  ): Promise<PollResult> {
    polls++;
    const period = periods[n.tier];
    try {
      const r = await deps.readProvider({ enc: n.apiLinkEnc }, n.phoneNumber, stopping.signal);
      fetched(r);
      const t = now();
      if (!r.ok && r.stage === 'fetch' && r.kind === 'aborted' && !running) {
        // Stopping: not a failure of the number; it is due again at once, for the next worker.
        await release([n.id]);
        return { ok: false, error: r.error };
      }
      if (!r.ok) {
        const nextPollAt = new Date(t.getTime() + backoff(n.failures, period, o.maxBackoffMs));
        await writer.record({ number: n, polledAt: t, nextPollAt, ok: false, error: r.error });
        return { ok: false, error: r.error };
      }
      const found = r.messages
        .filter((m) => isVerificationMessage(m.content))
        .map((m) => ({ ...m, code: extractCode(m.content) }));
      const stored = await writer.record({
        number: n,
        polledAt: t,
        nextPollAt: slotAfter(n.id, t, period),
        ok: true,
        found,
        endDate: r.endDate,
        // Applies if the number expects a code when this poll is stored, whatever its tier now.
        expecting: {
          nextPollAt: slotAfter(n.id, t, o.expectingIntervalMs),
          untilAfterCode: new Date(t.getTime() + o.expectingAfterCodeMs),
        },
      });
      return { ok: true, newMessages: stored.length };
    } catch (err) {
      // Only the database can fail here (the writer could store neither the poll nor its failure);
      // the number keeps its lease and is polled again when it runs out. A database that is down
      // is an outage (/healthz says so), not a fault of this poll.
      if (isDatabaseUnavailable(err))
        deps.log.warn({ err, numberId: n.id }, 'storing a poll failed');
      else deps.log.error({ err, numberId: n.id }, 'storing a poll failed');
      return { ok: false, error: 'Failed to fetch messages' };
    } finally {
      held.delete(n.id);
    }
  }

  function track<T>(p: Promise<T>): Promise<T> {
    inFlight.add(p);
    void p.finally(() => {
      inFlight.delete(p);
      settled++;
    });
    return p;
  }

  /**
   * Numbers this loop may claim now: provider requests in flight or waiting for their host stay
   * within `concurrency`, and finished polls waiting to be stored within two batches. Fetching goes
   * on while a batch is written; only a database that falls behind holds claims back.
   */
  const room = () => Math.min(o.concurrency - active - hosts.queued(), 2 * o.writeBatch - storing);

  /** A slot of its host is taken for `n`: poll it, and hand the slot on when the provider answers. */
  function run(n: ClaimedNumber) {
    active++;
    let fetched = false;
    const done = (r?: ProviderRead) => {
      if (fetched) return;
      fetched = true;
      active--;
      storing++;
      const verdict = r ? verdictOf(r) : 'other';
      const t = now().getTime();
      const { next, paused } = hosts.finish(n.apiHost, verdict, r && !r.ok ? r.error : '', t);
      if (paused) pauseHost(n.apiHost, paused.until, paused.error, paused.dropped);
      if (next) run(next);
      if (room() >= claimBatch) wake?.();
    };
    void track(pollOne(n, done)).finally(() => {
      done();
      storing--;
      if (room() >= claimBatch) wake?.();
    });
  }

  /**
   * A host keeps failing at connection level: its numbers (those waiting here, and every other
   * active one in the table) are due when the pause ends, and say why (`deferHost`).
   */
  function pauseHost(host: string, until: number, error: string, dropped: ClaimedNumber[]) {
    for (const n of dropped) held.delete(n.id);
    const message = pauseMessage(error, until - now().getTime());
    deps.log.warn({ host, until: new Date(until).toISOString() }, 'provider host paused');
    const ids = dropped.map((n) => n.id);
    void track(
      repo.deferHost(host, new Date(until), message, ids, now()).catch((err: unknown) => {
        deps.log.warn({ err }, 'pausing a provider host failed');
        return release(ids);
      }),
    );
  }

  /** One claim round; returns how many numbers were claimed. */
  async function tick(): Promise<number> {
    // At most a batch's worth per claim: one claim statement stays as short as one write.
    const free = Math.min(room(), o.writeBatch);
    if (free <= 0) return 0;
    const t = now();
    const claimed = await repo.claimDue(t, leaseUntil(t), free, hosts.room(t.getTime()));
    const refused: string[] = [];
    for (const n of claimed) {
      held.add(n.id);
      const admitted = hosts.admit(n.apiHost, n, t.getTime());
      if (admitted === 'run') run(n);
      else if (admitted === 'refused') refused.push(n.id);
    }
    // The claim kept within each host's room, so this is rare (a host paused while the claim
    // ran): those go back as they were, still due.
    if (refused.length) await release(refused);
    return claimed.length;
  }

  /** Keeps the leases of held numbers alive while this process lives. */
  let renewTimer: Timer | undefined;
  function renewLoop() {
    renewTimer = timers.setTimeout(
      () => {
        const ids = [...held];
        void repo
          .renewLeases(ids, leaseUntil(now()))
          .catch((err: unknown) => deps.log.warn({ err }, 'renewing leases failed'))
          .finally(() => {
            if (running || held.size) renewLoop();
          });
      },
      o.leaseMs / 3,
      { unref: true },
    );
  }

  async function mainLoop() {
    let outage = 0;
    while (running) {
      let claimed = 0;
      try {
        claimed = await tick();
        outage = 0;
      } catch (err) {
        if (!isDatabaseUnavailable(err)) deps.log.error({ err }, 'claiming due numbers failed');
        else if (outage++ === 0)
          deps.log.warn({ err }, 'claiming due numbers: database unavailable');
        // While the database is down, try again less often (up to every 5 s).
        if (outage) await delay(timers, Math.min(5000, o.idleMs * 2 ** Math.min(outage, 5)));
      }
      if (!running) break;
      const full = room() < claimBatch;
      if (claimed > 0 && !full) {
        // Claim again at once, but after the event loop has had a turn (see the writer).
        await new Promise<void>((resolve) => setImmediate(resolve));
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = timers.setTimeout(done, o.idleMs);
        function done() {
          timers.clearTimeout(timer);
          wake = undefined;
          resolve();
        }
        // Finished polls free capacity: when the last round was full, claim again as soon as a
        // batch's worth of slots is free (or after idleMs).
        wake = full ? done : undefined;
      });
    }
  }

  return {
    /**
     * Calls `fn` each time a write stored new messages (the webhook worker claims at once what
     * they made due, rather than at its next idle tick).
     */
    onNewMessages(fn: () => void) {
      newMessageListeners.add(fn);
    },
    start() {
      if (running) return;
      running = true;
      loop = mainLoop();
      timers.clearTimeout(renewTimer);
      renewLoop();
    },
    /**
     * Stops claiming, gives back numbers waiting for a host, lets provider requests in flight
     * finish for up to `stopGraceMs` and aborts the rest (their numbers are given back, still
     * due), and waits for the writer.
     */
    async stop() {
      running = false;
      wake?.();
      await loop;
      await release(hosts.drainQueues().map((n) => n.id));
      let grace: Timer | undefined;
      await Promise.race([
        Promise.allSettled([...inFlight]),
        new Promise(
          (resolve) => (grace = timers.setTimeout(() => resolve(undefined), o.stopGraceMs)),
        ),
      ]);
      timers.clearTimeout(grace);
      stopping.abort();
      await Promise.allSettled([...inFlight]);
      timers.clearTimeout(renewTimer);
      await writer.published();
      // A later drain() or refresh() reads with a live signal again.
      stopping = new AbortController();
      setMaxListeners(0, stopping.signal);
    },
    /** Polls one of the user's numbers now, at most once per coalescing window. */
    refresh(userId: string, numberId: string): Promise<PollResult | 'busy'> {
      const key = `${userId}:${numberId}`;
      const t = now().getTime();
      const last = refreshes.get(key);
      if (last && t - last.at < o.refreshCoalesceMs) return last.result;
      const result = (async () => {
        const start = now();
        const n = await repo.claimOne(userId, numberId, start, leaseUntil(start));
        if (!n) return 'busy' as const;
        held.add(n.id);
        return track(pollOne(n));
      })();
      refreshes.set(key, { at: t, result });
      for (const [k, v] of refreshes) if (t - v.at >= o.refreshCoalesceMs) refreshes.delete(k);
      return result;
    },
    /** Runs claim rounds until nothing is due and nothing is in flight (tests, benches). */
    async drain() {
      for (;;) {
        const before = settled;
        const claimed = await tick();
        if (claimed > 0) continue;
        if (inFlight.size) await Promise.race([...inFlight]);
        // Done only when nothing finished while the claim ran: a poll that finished then freed
        // room the claim could not see yet.
        else if (settled === before && hosts.queued() === 0) return await writer.published();
      }
    },
    stats: () => ({
      running,
      polls,
      active,
      queued: hosts.queued(),
      storing,
      held: held.size,
      pausedHosts: hosts.paused(now().getTime()),
    }),
  };
}
export type Poller = ReturnType<typeof createPoller>;

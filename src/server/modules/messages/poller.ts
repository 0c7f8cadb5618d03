import { extractCode, isVerificationMessage, type Message } from '../../../shared/messages.ts';
import { MESSAGES_KEPT_PER_NUMBER } from '../../../shared/numbers.ts';
import type { Cipher } from '../../crypto.ts';
import type { EventBus, MessageEvent } from '../../events/bus.ts';
import { parseProviderPayload } from '../../providers/payload.ts';
import type { FetchOutcome } from '../../providers/safe-fetch.ts';
import type {
  ClaimedNumber,
  MessagesRepository,
  PollOutcome,
  StoredMessage,
} from './messages.repository.ts';

export type FetchLink = (url: string) => Promise<FetchOutcome>;

export type PollerOptions = {
  intervalMs: number;
  watchedIntervalMs: number;
  /** Provider requests in flight or waiting for their host, across all hosts. */
  concurrency: number;
  /**
   * Provider requests in flight per provider host; at most twice as many more of its numbers wait
   * in memory for a slot, the rest are handed back.
   */
  hostConcurrency: number;
  /** Messages kept per number (oldest dropped). */
  keepMessages: number;
  /** Most finished polls stored in one statement; twice this many may wait to be stored. */
  writeBatch: number;
  /** How long a claim holds a number; a worker that dies releases its numbers after this. */
  leaseMs: number;
  /** Longest wait between failed polls. */
  maxBackoffMs: number;
  /** Pause between claims when nothing was due. */
  idleMs: number;
  /** A number is refreshed on demand at most once per this many ms. */
  refreshCoalesceMs: number;
};

export const defaultPollerOptions: PollerOptions = {
  intervalMs: 30_000,
  watchedIntervalMs: 5_000,
  concurrency: 200,
  hostConcurrency: 16,
  keepMessages: MESSAGES_KEPT_PER_NUMBER,
  writeBatch: 500,
  leaseMs: 120_000,
  maxBackoffMs: 15 * 60_000,
  idleMs: 250,
  refreshCoalesceMs: 5_000,
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

export const toMessageDto = (m: StoredMessage): Message => ({
  id: m.id,
  voipNumberId: m.voipNumberId,
  phoneNumber: m.phoneNumber,
  sender: m.sender,
  content: m.content,
  code: m.code,
  receivedAt: m.receivedAt.toISOString(),
});

export const toEvent = (m: StoredMessage): MessageEvent => ({
  userId: m.userId,
  id: String(m.createdAt.getTime()),
  message: toMessageDto(m),
});

/**
 * The worker loop: claims due numbers (FOR UPDATE SKIP LOCKED + lease), fetches each link with
 * global and per-host caps, stores new verification messages once, publishes them, and schedules
 * the next poll. Also serves on-demand refreshes.
 */
export function createPoller(deps: {
  repo: MessagesRepository;
  cipher: Cipher;
  fetchLink: FetchLink;
  bus: EventBus;
  now: () => Date;
  log: Log;
  options?: Partial<PollerOptions>;
}) {
  const o = { ...defaultPollerOptions, ...deps.options };
  const { repo, now } = deps;
  let running = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let active = 0;
  let queued = 0;
  let storing = 0;
  const hostActive = new Map<string, number>();
  const hostQueue = new Map<string, ClaimedNumber[]>();
  const inFlight = new Set<Promise<unknown>>();
  const refreshes = new Map<string, { at: number; result: Promise<PollResult | 'busy'> }>();
  let polls = 0;

  const periodOf = (n: ClaimedNumber) => (n.watched ? o.watchedIntervalMs : o.intervalMs);
  /**
   * Free slots that make a saturated loop claim again. Each claim is a query whatever its size, so
   * claiming for every single finished poll would cost one query per poll.
   */
  const claimBatch = Math.max(1, Math.floor(o.concurrency / 4));

  /**
   * The writer: finished polls wait here and are stored in batches, one statement per batch
   * (`repo.recordPolls`). A batch is written as soon as the previous one is stored, so under load
   * batches grow and at rest a poll is written at once. New messages are published in order, each
   * batch's together, while the next batch is written.
   */
  const pending: {
    outcome: PollOutcome;
    done: (stored: StoredMessage[]) => void;
    fail: (err: unknown) => void;
  }[] = [];
  let writing = false;
  let published: Promise<void> = Promise.resolve();

  async function writeAll() {
    while (pending.length) {
      const batch = pending.splice(0, o.writeBatch);
      let stored: StoredMessage[][];
      try {
        stored = await repo.recordPolls(
          batch.map((p) => p.outcome),
          o.keepMessages,
        );
      } catch (err) {
        for (const p of batch) p.fail(err);
        continue;
      }
      const events = stored.flat().map(toEvent);
      if (events.length) {
        published = published.then(() =>
          deps.bus.publish(events).catch((err: unknown) => {
            deps.log.error({ err, events: events.length }, 'publishing new messages failed');
          }),
        );
      }
      batch.forEach((p, i) => p.done(stored[i]!));
    }
    writing = false;
  }

  function record(outcome: PollOutcome): Promise<StoredMessage[]> {
    return new Promise((done, fail) => {
      pending.push({ outcome, done, fail });
      if (writing) return;
      writing = true;
      // Polls finishing in the same turn of the event loop go into one batch.
      setImmediate(() => void writeAll());
    });
  }

  /** Fetch, parse, filter and store one claimed number. Never throws. */
  async function pollOne(n: ClaimedNumber, fetched = () => {}): Promise<PollResult> {
    polls++;
    const period = periodOf(n);
    const fail = async (error: string): Promise<PollResult> => {
      const t = now();
      const nextPollAt = new Date(t.getTime() + backoff(n.failures, period, o.maxBackoffMs));
      await record({ number: n, polledAt: t, nextPollAt, ok: false, error });
      return { ok: false, error };
    };
    try {
      let url: string;
      try {
        url = deps.cipher.decrypt(n.apiLinkEnc);
      } catch {
        return await fail('No API link provided for this number');
      }
      const out = await deps.fetchLink(url).finally(fetched);
      if (!out.ok) return await fail(out.error);
      const t = now();
      const parsed = parseProviderPayload(out.body, {
        phoneNumber: n.phoneNumber,
        now: t,
      });
      if (!parsed.ok) return await fail(parsed.error);
      const found = parsed.messages
        .filter((m) => isVerificationMessage(m.content))
        .map((m) => ({ ...m, code: extractCode(m.content) }));
      const stored = await record({
        number: n,
        polledAt: t,
        nextPollAt: nextSlot(t, period, phaseOf(n.id, period)),
        ok: true,
        found,
        endDate: parsed.endDate,
      });
      return { ok: true, newMessages: stored.length };
    } catch (err) {
      deps.log.error({ err, numberId: n.id }, 'poll failed');
      try {
        return await fail('Failed to fetch messages');
      } catch {
        return { ok: false, error: 'Failed to fetch messages' };
      }
    }
  }

  function track<T>(p: Promise<T>): Promise<T> {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    return p;
  }

  /**
   * Numbers this loop may claim now: provider requests in flight or waiting for their host stay
   * within `concurrency`, and finished polls waiting to be stored within two batches. Fetching goes
   * on while a batch is written; only a database that falls behind holds claims back.
   */
  const room = () => Math.min(o.concurrency - active - queued, 2 * o.writeBatch - storing);

  function run(n: ClaimedNumber) {
    active++;
    hostActive.set(n.apiHost, (hostActive.get(n.apiHost) ?? 0) + 1);
    let fetched = false;
    /** The provider answered (or was never asked): the slot goes to the next number of the host. */
    const done = () => {
      if (fetched) return;
      fetched = true;
      active--;
      storing++;
      const left = (hostActive.get(n.apiHost) ?? 1) - 1;
      if (left) hostActive.set(n.apiHost, left);
      else hostActive.delete(n.apiHost);
      const q = hostQueue.get(n.apiHost);
      const next = q?.shift();
      if (q && q.length === 0) hostQueue.delete(n.apiHost);
      if (next) {
        queued--;
        run(next);
      }
      if (room() >= claimBatch) wake?.();
    };
    void track(pollOne(n, done)).finally(() => {
      done();
      storing--;
      if (room() >= claimBatch) wake?.();
    });
  }

  /** One claim round; returns how many numbers were claimed. */
  async function tick(): Promise<number> {
    const free = room();
    if (free <= 0) return 0;
    const t = now();
    const claimed = await repo.claimDue(t, new Date(t.getTime() + o.leaseMs), free);
    const handBack: { id: string; nextPollAt: Date }[] = [];
    for (const n of claimed) {
      if ((hostActive.get(n.apiHost) ?? 0) < o.hostConcurrency) {
        run(n);
        continue;
      }
      const q = hostQueue.get(n.apiHost) ?? [];
      if (q.length < o.hostConcurrency * 2) {
        q.push(n);
        hostQueue.set(n.apiHost, q);
        queued++;
      } else {
        // The host is saturated (slow or dead): hand the number back without counting a failure,
        // so it cannot hold capacity that other hosts' numbers need.
        handBack.push({
          id: n.id,
          nextPollAt: new Date(t.getTime() + 1000 + Math.random() * 2000),
        });
      }
    }
    await repo.release(handBack);
    return claimed.length;
  }

  async function mainLoop() {
    while (running) {
      let claimed = 0;
      try {
        claimed = await tick();
      } catch (err) {
        deps.log.error({ err }, 'claiming due numbers failed');
      }
      if (!running) break;
      const full = room() < claimBatch;
      if (claimed > 0 && !full) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, o.idleMs);
        function done() {
          clearTimeout(timer);
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
    start() {
      if (running) return;
      running = true;
      loop = mainLoop();
    },
    /** Stops claiming, waits for polls in flight, and gives back numbers still waiting for a host. */
    async stop() {
      running = false;
      wake?.();
      await loop;
      const waiting = [...hostQueue.values()].flat();
      hostQueue.clear();
      queued = 0;
      await repo.release(waiting.map((n) => ({ id: n.id, nextPollAt: now() })));
      await Promise.allSettled([...inFlight]);
      await published;
    },
    /** Polls one of the user's numbers now, at most once per coalescing window. */
    refresh(userId: string, numberId: string): Promise<PollResult | 'busy'> {
      const key = `${userId}:${numberId}`;
      const t = now().getTime();
      const last = refreshes.get(key);
      if (last && t - last.at < o.refreshCoalesceMs) return last.result;
      const result = (async () => {
        const start = now();
        const n = await repo.claimOne(
          userId,
          numberId,
          start,
          new Date(start.getTime() + o.leaseMs),
        );
        if (!n) return 'busy' as const;
        return track(pollOne(n));
      })();
      refreshes.set(key, { at: t, result });
      for (const [k, v] of refreshes) if (t - v.at >= o.refreshCoalesceMs) refreshes.delete(k);
      return result;
    },
    /** Runs claim rounds until nothing is due and nothing is in flight (tests, benches). */
    async drain() {
      for (;;) {
        const claimed = await tick();
        if (claimed === 0 && inFlight.size === 0 && queued === 0) return await published;
        if (claimed === 0) await Promise.race([...inFlight]);
      }
    },
    stats: () => ({ polls, active, queued, storing }),
  };
}
export type Poller = ReturnType<typeof createPoller>;

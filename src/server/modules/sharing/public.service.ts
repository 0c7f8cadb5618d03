import type { FastifyBaseLogger } from 'fastify';
import { WAIT_CLOCK_SKEW_MS } from '../../../shared/code-wait.ts';
import { daysLeft } from '../../../shared/checks.ts';
import {
  HASH_RE,
  type PublicEndpoint,
  type PublicLatest,
  type PublicNumber,
  type PublicPage,
} from '../../../shared/sharing.ts';
import { realTimers, type Scheduler } from '../../clock.ts';
import type { EventBus } from '../../events/bus.ts';
import type { PollerRepository } from '../../poller/poller.repository.ts';
import { sharingErrors } from './sharing.errors.ts';
import type { PublicNumberRow, SharingRepository } from './sharing.repository.ts';
import type { SharingChanges } from './changes.ts';
import { publicReadCache, type StreamTarget } from './read-cache.ts';
import type { ViewCounter, ViewKind } from './views.ts';

/** A public hash arms its numbers (expecting a code) at most this often. */
export const ARM_EVERY_MS = 10_000;

export type { StreamTarget } from './read-cache.ts';

const NONE: PublicLatest = { code: null, message: null, receivedAt: null };

/**
 * How far back a public stream replays after a reconnect (Last-Event-ID): enough to bridge a
 * dropped connection, never the number's history (the page shows the 10 newest messages).
 */
export const PUBLIC_REPLAY_WINDOW_MS = 2 * 60_000;
/**
 * A fresh public stream (no Last-Event-ID) first replays what was stored this long before it
 * opened: a code stored between the page's load and its stream's opening still arrives (the
 * client drops what it already shows, by message id).
 */
export const PUBLIC_FRESH_REPLAY_MS = 15_000;

/**
 * The anonymous side of sharing: a page's or endpoint's numbers and messages by hash (never the
 * provider link, its host or the owner), the newest code for scripts (optionally waiting for a new
 * one), arming numbers that are about to receive a code, and watching the numbers of open public
 * streams. A malformed hash is refused before any query, exactly as an unknown one. What a hash
 * shows is read from a short-lived cache (`read-cache.ts`): a hammered hash costs one load a
 * second, so it needs no rate limit of its own and keeps answering its viewers.
 */
export function publicSharingService(deps: {
  repo: SharingRepository;
  poller: Pick<PollerRepository, 'markNumbers'>;
  bus: EventBus;
  views: ViewCounter;
  /** Owner changes of a link in this process: a waiting script of a dead link stops at once. */
  changes?: Pick<SharingChanges, 'on'>;
  now: () => Date;
  /** Ends a script's wait (`?wait=`). */
  timers?: Scheduler;
  log: FastifyBaseLogger;
  config: {
    expectingWindowMs: number;
    expectingPollIntervalMs: number;
    watchedPollIntervalMs: number;
  };
  /** The streams' heartbeat: watched marks last two of them and 5 s more. */
  heartbeatMs: number;
}) {
  const { repo, now, config } = deps;
  const timers = deps.timers ?? realTimers;
  const notFound = (kind: ViewKind) =>
    kind === 'page' ? sharingErrors.publicPageNotFound() : sharingErrors.publicEndpointNotFound();

  function checkHash(kind: ViewKind, hash: string) {
    if (!HASH_RE.test(hash)) throw notFound(kind);
  }

  const toNumber = (r: PublicNumberRow): PublicNumber => ({
    id: r.id,
    phoneNumber: r.phoneNumber,
    isActive: r.isActive,
    endDate: r.endDate ? r.endDate.toISOString() : null,
    daysLeft: r.endDate ? daysLeft(r.endDate, now()) : null,
    // json_agg gives PostgreSQL timestamp text; the API speaks ISO 8601 UTC.
    messages: r.messages.map((m) => ({
      id: m.id,
      sender: m.sender,
      content: m.content,
      code: m.code,
      receivedAt: new Date(m.receivedAt).toISOString(),
    })),
  });

  type View =
    | { kind: 'page'; target: StreamTarget; body: PublicPage }
    | { kind: 'single'; target: StreamTarget; body: PublicEndpoint };
  const reads = publicReadCache<View>({
    ...(deps.changes ? { changes: deps.changes } : {}),
    now,
  });

  /** A page with its numbers (two statements) or an endpoint with its number (one), from the database. */
  async function load(kind: ViewKind, hash: string): Promise<View | undefined> {
    if (kind === 'page') {
      const page = await repo.activePage(hash);
      if (!page) return undefined;
      const numbers = await repo.pageNumbers(page.id);
      return {
        kind,
        target: { id: page.id, ownerId: page.userId, numberIds: numbers.map((n) => n.id) },
        body: { name: page.name, numbers: numbers.map(toNumber), numberCount: page.numberCount },
      };
    }
    const endpoint = await repo.activeEndpoint(hash);
    if (!endpoint) return undefined;
    return {
      kind,
      target: { id: endpoint.id, ownerId: endpoint.userId, numberIds: [endpoint.number.id] },
      body: { name: endpoint.name, number: toNumber(endpoint.number) },
    };
  }
  const loader = (kind: ViewKind, hash: string) => () => load(kind, hash);

  /** What a live hash shows (from the cache): 404 when unknown or inactive. */
  async function view<K extends ViewKind>(kind: K, hash: string) {
    checkHash(kind, hash);
    const v = await reads.view(kind, hash, loader(kind, hash));
    if (!v) throw notFound(kind);
    return v as Extract<View, { kind: K }>;
  }

  /** A live target by hash, asked of the database (a waiting script's last check). */
  async function liveTarget(kind: ViewKind, hash: string): Promise<StreamTarget> {
    const t = await repo.streamTarget(kind, hash);
    if (!t) throw notFound(kind);
    return t;
  }

  // Arming: at most once per ARM_EVERY_MS per hash, in this process (the injected clock).
  const armedAt = new Map<string, number>();
  async function arm(kind: ViewKind, hash: string, numberIds: string[]) {
    const t = now().getTime();
    const key = `${kind}:${hash}`;
    const last = armedAt.get(key);
    if (last !== undefined && t - last < ARM_EVERY_MS) return false;
    if (armedAt.size > 10_000) {
      for (const [k, at] of armedAt) if (t - at >= ARM_EVERY_MS) armedAt.delete(k);
    }
    armedAt.set(key, t);
    await deps.poller.markNumbers(numberIds, {
      expectingUntil: new Date(t + config.expectingWindowMs),
      pullForwardTo: new Date(t + config.expectingPollIntervalMs),
    });
    return true;
  }

  // Watching: every open stream of a hash re-checks it (still active? which numbers?) and marks its
  // numbers watched at each heartbeat; the streams of one hash in this process share one check a
  // second (or per half heartbeat, if shorter), so 500 viewers cost one query, not 500.
  const watchTtlMs = Math.min(1000, deps.heartbeatMs / 2);
  const watching = new Map<string, { at: number; target: Promise<StreamTarget | undefined> }>();
  function watch(kind: ViewKind, hash: string) {
    const key = `${kind}:${hash}`;
    const t = performance.now();
    const cached = watching.get(key);
    if (cached && t - cached.at < watchTtlMs) return cached.target;
    if (watching.size > 10_000) {
      for (const [k, c] of watching) if (t - c.at >= watchTtlMs) watching.delete(k);
    }
    const target = repo.streamTarget(kind, hash).then(async (found) => {
      if (!found) return undefined;
      const at = now().getTime();
      await deps.poller
        .markNumbers(found.numberIds, {
          watchedUntil: new Date(at + deps.heartbeatMs * 2 + 5_000),
          pullForwardTo: new Date(at + config.watchedPollIntervalMs),
        })
        .catch((err: unknown) => deps.log.warn({ err }, 'marking public numbers watched failed'));
      return found;
    });
    watching.set(key, { at: t, target });
    return target;
  }

  // Waiting scripts (`?wait=`), answered as none when the app closes.
  const waiters = new Set<() => void>();

  return {
    async page(hash: string): Promise<PublicPage> {
      const { target, body } = await view('page', hash);
      deps.views.hit('page', target.id);
      return body;
    },

    async single(hash: string): Promise<PublicEndpoint> {
      const { target, body } = await view('single', hash);
      deps.views.hit('single', target.id);
      return body;
    },

    /**
     * The endpoint's newest message with a code. With `waitMs`, only a code stored after the call
     * counts: it resolves when one arrives (live, from the bus), or with nulls after `waitMs`, or
     * when `signal` aborts (the client went away). Waiting arms the number.
     */
    async latest(hash: string, waitMs?: number, signal?: AbortSignal): Promise<PublicLatest> {
      const { target: endpoint } = await view('single', hash);
      deps.views.hit('single', endpoint.id);
      const numberId = endpoint.numberIds[0]!;
      if (!waitMs) {
        const latest = await reads.more('single', hash, loader('single', hash), 'latest', () =>
          repo.latestCode(numberId),
        );
        const m = latest?.value;
        return m
          ? { code: m.code, message: m.content, receivedAt: m.receivedAt.toISOString() }
          : NONE;
      }
      const asked = now().getTime();
      return new Promise<PublicLatest>((resolve) => {
        let settled = false;
        const done = (answer: PublicLatest) => {
          if (settled) return;
          settled = true;
          timers.clearTimeout(timer);
          unsubscribe();
          offChange();
          signal?.removeEventListener('abort', gone);
          waiters.delete(gone);
          resolve(answer);
        };
        const gone = () => done(NONE);
        /** The link is still this endpoint's and active (it may have changed in another process). */
        const alive = () =>
          liveTarget('single', hash).then(
            (t) => t.id === endpoint.id,
            () => false,
          );
        const unsubscribe = deps.bus.subscribe(endpoint.ownerId, (e) => {
          const m = e.message;
          if (m.voipNumberId !== numberId || !m.code) return;
          if (Date.parse(m.receivedAt) < asked - WAIT_CLOCK_SKEW_MS) return;
          const answer = { code: m.code, message: m.content, receivedAt: m.receivedAt };
          void alive().then((ok) => done(ok ? answer : NONE));
        });
        // Deactivated, regenerated or deleted by its owner here: the old link answers nothing more.
        const offChange =
          deps.changes?.on('single', endpoint.id, () => {
            void alive().then((ok) => ok || gone());
          }) ?? (() => {});
        const timer = timers.setTimeout(gone, waitMs);
        if (signal?.aborted) return gone();
        signal?.addEventListener('abort', gone);
        waiters.add(gone);
        arm('single', hash, endpoint.numberIds).catch((err: unknown) =>
          deps.log.warn({ err }, 'arming a waited-for number failed'),
        );
      });
    },

    /** 'Copy Number' on a public page: arms that number (one of those the page shows). */
    async expectOnPage(hash: string, numberId: string) {
      const { target: page } = await view('page', hash);
      if (!page.numberIds.includes(numberId)) throw sharingErrors.numberNotFound();
      return arm('page', hash, [numberId]);
    },

    /** 'Copy Number' on a single endpoint: arms its number. */
    async expectOnSingle(hash: string) {
      const { target: endpoint } = await view('single', hash);
      return arm('single', hash, endpoint.numberIds);
    },

    /**
     * A stream's target by hash (cached as the page is: a link changed here drops it at once, one
     * changed in another process ends its streams at their next heartbeat): 404 if none.
     */
    streamTarget: async (kind: ViewKind, hash: string) => (await view(kind, hash)).target,
    /** Re-checks a streamed hash and keeps its numbers watched (shared by its streams). */
    watch,

    /** Messages of a stream's numbers stored since `since` (replay), with their number's owner. */
    replay: (numberIds: string[], since: Date, limit: number) =>
      repo.messagesSince(
        numberIds,
        new Date(Math.max(since.getTime(), now().getTime() - PUBLIC_REPLAY_WINDOW_MS)),
        limit,
      ),

    /** Where a stream opened without Last-Event-ID replays from (as an SSE event id). */
    freshReplayId: () => String(now().getTime() - PUBLIC_FRESH_REPLAY_MS),

    /** Answers every waiting script (as none): the app is closing. */
    close() {
      for (const gone of [...waiters]) gone();
    },
  };
}
export type PublicSharingService = ReturnType<typeof publicSharingService>;

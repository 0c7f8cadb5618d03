import type { FastifyBaseLogger } from 'fastify';
import { realTimers, type Scheduler, type Timer } from '../../clock.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { createHostLimiter, type HostVerdict } from '../../poller/host-limiter.ts';
import { isHostFailure } from '../../providers/safe-fetch.ts';
import { quietUntil } from './quiet-hours.ts';
import type { Send, SendOutcome } from './targets.ts';
import type {
  AttemptResult,
  ClaimedDelivery,
  ClaimedEndpoint,
  EndpointKind,
  FinishedDelivery,
  WebhooksRepository,
} from './webhooks.repository.ts';
import { CHANNEL_TYPE_LABELS, type ChannelType } from '../../../shared/channels.ts';
import type { Locale } from '../../../shared/i18n/locales.ts';
import { translator } from '../../i18n.ts';
import { messageText } from '../../../shared/validation-message.ts';

export type DeliveryWorkerOptions = {
  /** Endpoints sent to at once in this process (one attempt at a time each). */
  concurrency: number;
  /**
   * Due deliveries of an endpoint claimed together and sent one after another, in order, under
   * its one lease (so a busy endpoint costs one claim and one record per batch, not per delivery).
   */
  perEndpoint: number;
  /** No attempt of a claimed batch starts this long after its claim (the rest go back unsent). */
  batchMs: number;
  /** Wait between claims when nothing is due. */
  idleMs: number;
  /** A claim's lease: a crashed worker's delivery is due again after it. */
  leaseMs: number;
  /** A delivery still failing this long after it was made is given up. */
  giveUpAfterMs: number;
  /** An endpoint whose deliveries fail this long is disabled and its owner emailed. */
  disableAfterMs: number;
  /** Attempts in flight at once to one receiver host (its endpoints together). */
  hostConcurrency: number;
  /**
   * The per-host breaker: this many host-level failures in a row (no answer, or 502–504) pause
   * the host's endpoints for `hostPauseMs`, doubled after each failed probe up to `hostMaxPauseMs`.
   */
  hostFailThreshold: number;
  hostPauseMs: number;
  hostMaxPauseMs: number;
};
const DAY_MS = 86_400_000;
export const DELIVERY_DEFAULTS: DeliveryWorkerOptions = {
  concurrency: 64,
  perEndpoint: 16,
  batchMs: 10_000,
  idleMs: 200,
  leaseMs: 60_000,
  giveUpAfterMs: DAY_MS,
  disableAfterMs: DAY_MS,
  hostConcurrency: 32,
  hostFailThreshold: 5,
  hostPauseMs: 30_000,
  hostMaxPauseMs: 600_000,
};
/** Waits before the retries (then the last one, repeated): the first within 10 s. */
export const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000];
/** The most a receiver's Retry-After can push a retry back. */
const MAX_RETRY_AFTER_MS = 3_600_000;
const EXCERPT_CHARS = 512;
/** Deliveries recorded per transaction (at most, unless one endpoint’s batch is larger). */
const RECORD_ROWS = 500;

/** Why an endpoint whose target is gone for good was turned off. */
export const GONE_REASON = messageText('server.disabled.pushEnded');

/** Events the owner just asked for (Send test, linking a chat): quiet hours never hold them. */
const ASKED_FOR = new Set(['webhook.test', 'channel.test', 'channel.linked']);

/** The wait before retry number `attempt` (1 = the first retry), ±20 % so retries spread out. */
export function retryDelay(attempt: number, random = Math.random) {
  const base = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length) - 1]!;
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** What an attempt says of its receiver's host (see host-limiter.ts). */
function verdictOf(out: SendOutcome): HostVerdict {
  if (out.ok) return 'answered';
  if (isHostFailure(out)) return 'host-fault';
  return out.kind === 'http' || out.kind === 'too-large' || out.kind === 'redirects'
    ? 'answered'
    : 'other';
}

/** A Retry-After header (seconds, or an HTTP date) in milliseconds from `now`. */
function retryAfterMs(value: string | undefined, now: Date): number | undefined {
  if (!value) return undefined;
  const s = Number(value);
  const ms = Number.isFinite(s) ? s * 1000 : Date.parse(value) - now.getTime();
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, MAX_RETRY_AFTER_MS) : undefined;
}

/**
 * Sends due webhook deliveries: claims endpoints with due deliveries (a lease each, at most
 * `hostConcurrency` per receiver host) with up to `perEndpoint` of them, signs and POSTs them one
 * after another through the SSRF-safe fetcher, and records each attempt: delivered, a retry with
 * backoff (at least the receiver's Retry-After), or given up after a day. An endpoint's first
 * failure ends its batch (the rest go back unsent, their attempts not counted), so a failing or
 * hung receiver costs one attempt per claim. A host that keeps failing at connection level is
 * paused as a whole (the poller's breaker, host-limiter.ts): its endpoints' deliveries wait
 * unclaimed, spending no attempt, until one probe gets an answer. So a dead or hung receiver,
 * however many endpoints it serves, holds a few slots and never the others'. Idle when nothing is
 * due (one claim per `idleMs`), so it never keeps the database busy.
 */
export function createDeliveryWorker(deps: {
  repo: WebhooksRepository;
  /** One attempt of a delivery to an endpoint (its kind's request: targets.ts). */
  send: Send;
  decrypt: (stored: string) => string;
  now: () => Date;
  timers?: Scheduler;
  log: FastifyBaseLogger;
  mailer: Mailer;
  publicUrl: string;
  options?: Partial<DeliveryWorkerOptions>;
  random?: () => number;
}) {
  const o = { ...DELIVERY_DEFAULTS, ...deps.options };
  const timers = deps.timers ?? realTimers;
  let running = false;
  /** Stopping: batches end after their current attempt. */
  let stopping = false;
  let loop: Promise<void> | undefined;
  let inFlight = 0;
  const batches = new Set<Promise<void>>();
  const hosts = createHostLimiter<ClaimedEndpoint>({
    perHost: o.hostConcurrency,
    queuePerHost: 0,
    failThreshold: o.hostFailThreshold,
    pauseMs: o.hostPauseMs,
    maxPauseMs: o.hostMaxPauseMs,
  });
  let wake: (() => void) | undefined;
  let idleTimer: Timer | undefined;
  /** Something finished (or was made due) since the last claim began: claim again at once. */
  let dirty = false;
  const wakeUp = () => {
    dirty = true;
    wake?.();
  };

  /**
   * One attempt: its outcome, and the result to record. A fault of ours (a secret that cannot be
   * read, a throw while sending) is logged and counts as a failed attempt, retried with backoff
   * like any other, so the batch is still recorded and nothing spins.
   */
  async function attempt(e: ClaimedEndpoint, secrets: () => string[], d: ClaimedDelivery) {
    const at = deps.now();
    const started = performance.now();
    let out: SendOutcome;
    try {
      out = await deps.send(e, d, at, secrets);
    } catch (err) {
      deps.log.error({ err, deliveryId: d.id }, 'a delivery attempt failed');
      out = { ok: false, kind: 'failed', error: 'Internal error' };
    }
    const base = { at, latencyMs: Math.round(performance.now() - started) };
    if (out.ok) {
      const result: AttemptResult = {
        ...base,
        outcome: 'delivered',
        responseStatus: out.status,
        responseExcerpt: out.body.slice(0, EXCERPT_CHARS) || null,
        error: null,
      };
      return { out, result };
    }
    const wait = Math.max(
      retryDelay(d.attempts, deps.random),
      retryAfterMs(out.retryAfter, at) ?? 0,
    );
    const failed = {
      ...base,
      responseStatus: out.status ?? null,
      responseExcerpt: out.excerpt?.slice(0, EXCERPT_CHARS) || null,
      error: out.error,
    };
    const result: AttemptResult =
      'gone' in out
        ? { ...failed, outcome: 'failed', gone: GONE_REASON }
        : at.getTime() + wait - d.createdAt.getTime() > o.giveUpAfterMs
          ? { ...failed, outcome: 'failed' }
          : { ...failed, outcome: 'retry', nextAttemptAt: new Date(at.getTime() + wait) };
    return { out, result };
  }

  /**
   * Sends a claimed endpoint's deliveries in order until one fails, the batch's time is up or the
   * worker stops, and records them all (those not attempted go back unsent).
   */
  async function sendBatch(e: ClaimedEndpoint) {
    const claimedAt = deps.now().getTime();
    let keys: string[] | undefined;
    // Decrypted once per batch, when the first attempt signs.
    const secrets = () =>
      (keys ??= [
        deps.decrypt(e.secretEnc),
        ...(e.previousSecretEnc && e.previousUntil && e.previousUntil.getTime() > claimedAt
          ? [deps.decrypt(e.previousSecretEnc)]
          : []),
      ]);
    const results: (AttemptResult | null)[] = e.deliveries.map(() => null);
    // In the owner's quiet hours, what they keep out waits (unsent) for the window's end.
    const quiet = e.quietHours && quietUntil(e.quietHours, new Date(claimedAt));
    const held = (d: ClaimedDelivery) =>
      !!quiet && !(d.event === 'code.received' && e.quietHours!.codes) && !ASKED_FOR.has(d.event);
    let last: SendOutcome | undefined;
    let tried = 0;
    for (const [i, d] of e.deliveries.entries()) {
      if (held(d)) continue;
      if (tried++ > 0 && (stopping || deps.now().getTime() - claimedAt >= o.batchMs)) break;
      const { out, result } = await attempt(e, secrets, d);
      results[i] = result;
      last = out;
      if (!out.ok) break;
    }
    // The host's slot is given back; what the last attempt says of the host may pause it.
    const { paused } = hosts.finish(
      e.host,
      last ? verdictOf(last) : 'other',
      last && !last.ok ? last.error : '',
      deps.now().getTime(),
    );
    if (paused)
      deps.log.warn(
        { host: e.host, until: new Date(paused.until).toISOString(), error: paused.error },
        'a webhook receiver host is paused',
      );
    await record(
      e,
      results,
      e.deliveries.map((d) => (quiet && held(d) ? quiet : undefined)),
    );
  }

  /**
   * Finished batches wait here and are recorded together (group commit, as the poller's writer
   * does): a batch of rows is written as soon as the previous one is, one transaction each, so
   * under load they grow and at rest a batch is written at once. An endpoint's lease (and the
   * worker slot) is held until its batch is recorded; its host's slot is free once it is sent.
   */
  const finished: {
    rows: FinishedDelivery[];
    done: () => void;
    fail: (err: unknown) => void;
  }[] = [];
  let recording = false;
  /** Emails to owners of endpoints just disabled, still being sent (stop and drain wait). */
  const mails = new Set<Promise<unknown>>();
  const record = (
    e: ClaimedEndpoint,
    results: (AttemptResult | null)[],
    dueAt: (Date | undefined)[] = [],
  ) =>
    new Promise<void>((done, fail) => {
      const rows = e.deliveries.map((d, i) => ({
        webhookId: e.webhookId,
        deliveryId: d.id,
        r: results[i] ?? null,
        // Kept back by quiet hours: due when they end (others not sent are due as they were).
        ...(dueAt[i] ? { dueAt: dueAt[i] } : {}),
      }));
      finished.push({ rows, done, fail });
      if (recording) return;
      recording = true;
      // Batches finishing in the same turn of the event loop are written together.
      setImmediate(() => void recordAll());
    });
  async function recordAll() {
    while (finished.length) {
      const group: typeof finished = [];
      let size = 0;
      while (finished.length && (size === 0 || size + finished[0]!.rows.length <= RECORD_ROWS)) {
        const next = finished.shift()!;
        group.push(next);
        size += next.rows.length;
      }
      try {
        const disabled = await deps.repo.finishMany(
          group.flatMap((g) => g.rows),
          o.disableAfterMs,
        );
        group.forEach((g) => g.done());
        for (const off of disabled) {
          const mail = tellDisabled(off).finally(() => mails.delete(mail));
          mails.add(mail);
        }
      } catch (err) {
        // Not recorded: each endpoint's lease runs out and its deliveries are sent again (same ids).
        group.forEach((g) => g.fail(err));
      }
    }
    recording = false;
  }

  /** The owner of an endpoint just turned off is told, in their language. */
  const tellDisabled = (off: {
    email: string;
    locale: Locale;
    kind: EndpointKind;
    url: string;
  }) => {
    const t = translator(off.locale);
    return deps.mailer
      .send(
        off.kind === 'webhook'
          ? {
              to: off.email,
              subject: t('server.mail.webhookOffSubject'),
              text: [
                t('server.mail.webhookOffText', { url: off.url }),
                t('server.mail.webhookOffFix', { link: `${deps.publicUrl}/dashboard/webhooks` }),
              ].join('\n\n'),
            }
          : {
              to: off.email,
              subject: t('server.mail.channelOffSubject'),
              text: [
                t('server.mail.channelOffText', {
                  channel:
                    off.kind === 'email'
                      ? t('server.mail.emailChannel')
                      : CHANNEL_TYPE_LABELS[off.kind as ChannelType],
                }),
                t('server.mail.channelOffFix', { link: `${deps.publicUrl}/dashboard/settings` }),
              ].join('\n\n'),
            },
      )
      .catch((err: unknown) => deps.log.warn({ err }, 'the webhook-disabled email failed'));
  };

  function track(run: () => Promise<void>, e: ClaimedEndpoint) {
    inFlight++;
    const p = run()
      .catch((err: unknown) =>
        deps.log.error({ err, webhookId: e.webhookId }, 'sending a webhook’s deliveries failed'),
      )
      .finally(() => {
        inFlight--;
        batches.delete(p);
        wakeUp();
      });
    batches.add(p);
  }

  /** Claims what is due (up to the free slots) and starts it; how many endpoints were claimed. */
  async function round() {
    const free = o.concurrency - inFlight;
    if (free <= 0) return 0;
    dirty = false;
    const t = deps.now();
    const claimed = await deps.repo.claim(
      t,
      free,
      o.leaseMs,
      hosts.room(t.getTime()),
      o.perEndpoint,
    );
    for (const e of claimed) {
      // The claim kept within each host's room, so a refusal is rare (a host paused while the
      // claim ran): those deliveries go back unsent, their attempts not counted.
      if (hosts.admit(e.host, e, t.getTime()) === 'run') track(() => sendBatch(e), e);
      else track(() => record(e, []), e);
    }
    return claimed.length;
  }

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (dirty) return resolve();
      wake = () => {
        wake = undefined;
        timers.clearTimeout(idleTimer);
        resolve();
      };
      idleTimer = timers.setTimeout(() => wake?.(), ms);
    });

  async function run() {
    while (running) {
      try {
        const n = await round();
        if (!running) break;
        if (n === 0 || inFlight >= o.concurrency) await pause(o.idleMs);
      } catch (err) {
        deps.log.error({ err }, 'claiming deliveries failed');
        if (running) await pause(o.idleMs);
      }
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      stopping = false;
      loop = run();
    },
    /** Claims now rather than at the next idle tick (a delivery was just made in this process). */
    kick: wakeUp,
    /** Waiting for its next claim with nothing in flight (tests). */
    idle: () => running && inFlight === 0 && wake !== undefined,
    /** Tests: sends everything due now, and what that makes due now, until nothing is. */
    async drain() {
      for (;;) {
        const n = await round();
        if (n === 0 && batches.size === 0) return void (await Promise.all([...mails]));
        await Promise.race([...batches]);
      }
    },
    /**
     * Stops claiming and waits for the attempts in flight (batches end after them, the rest given
     * back; all recorded).
     */
    async stop() {
      running = false;
      stopping = true;
      wake?.();
      await loop;
      await Promise.all([...batches]);
      await Promise.all([...mails]);
      stopping = false;
    },
  };
}
export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;

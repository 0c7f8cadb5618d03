/**
 * bench/webhooks: webhook deliveries and the wait-for-code API, with the faults receivers have.
 *
 *   npx tsx bench/webhooks/run.ts                                     (PGlite, in memory)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/webhooks/run.ts
 *
 * The app is `buildApp` with the production settings, its poller and delivery worker running, a
 * resolver stub (no DNS query leaves the machine), and the peers of `bench/webhooks/peers.ts` in a
 * worker thread: a fake provider and three receivers (healthy, failing with 500, hung).
 *
 * 1. Poller with and without deliveries: BENCH_NUMBERS (2,000) numbers all due at one instant,
 *    polled once unmeasured (warm-up), then measured alone (the baseline, same run), then
 *    measured while deliveries are made at BENCH_RATE (1,000) a second for the round's length
 *    (at least BENCH_SECONDS, 10) to 50 endpoints: 40 on the healthy receiver, 5 on the failing
 *    one, 5 on the hung one (20 % failing or hung). Prints polls/s of both rounds and their ratio
 *    (target ≥ 0.9), attempts per second, and for the healthy endpoints what was made, what was
 *    delivered and what still waited at the end (sustained: nothing but the last instants).
 * 2. Time to webhook and to the waiting script: 100 numbers of a second user expecting a code,
 *    each with a webhook (code.received, healthy receiver) and a script waiting on
 *    `GET /v1/numbers/{id}/code?wait=60` (API key). Each number's provider starts serving a code at
 *    a random instant over 20 s. The same user has notification channels on the healthy receiver
 *    (ntfy, Discord, Slack, Telegram's Bot API) and three dead ones (500, hung). Reported: stored →
 *    webhook received (p50, p99; target p99 ≤ 500 ms), stored → each channel received (target
 *    p99 ≤ 1 s) and SMS at the provider → wait answered (p50, p99; target p99 ≤ 3 s).
 *
 * Everything listens on and connects to 127.0.0.1 only; each phase has a limit and a hard
 * deadline ends the process. Targets are reported, never enforced.
 */
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { and, count, eq, gte, inArray, notInArray, sql } from 'drizzle-orm';
import webPush from 'web-push';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createCipher } from '../../src/server/crypto.ts';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client.ts';
import { apiKeys, deliveries, users, voipNumbers, webhooks } from '../../src/server/db/schema.ts';
import { randomToken, sha256 } from '../../src/server/secrets.ts';
import { createConsoleMailer } from '../../src/server/mail/mailer.ts';
import { benchServerUrl, createBenchDatabase } from '../lib/database.ts';
import type { Arrival, PeersReply, PeersRequest } from './peers.ts';

const NUMBERS = Number(process.env.BENCH_NUMBERS ?? 2000);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const MIN_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LATENCY_NUMBERS = 100;
const BOT_TOKEN = '4242:bench-token-of-the-site-bot-000000';
const SPREAD_MS = 20_000;
const secret = 'bench-secret-key-that-is-long-enough-0123456789';
const cipher = createCipher(secret);

const deadline = setTimeout(() => {
  console.error('bench/webhooks: took too long, giving up');
  process.exit(1);
}, 600_000);
deadline.unref();

const clock = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
function pct(values: number[], p: number): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}
const ms = (v: number) => (Number.isFinite(v) ? Math.round(v) : '-');
async function until(cond: () => Promise<boolean>, limitMs: number, everyMs = 50) {
  const end = Date.now() + limitMs;
  while (Date.now() < end) {
    if (await cond()) return true;
    await sleep(everyMs);
  }
  return false;
}

// --- peers (worker thread) --------------------------------------------------------------------

const entry = new URL('./peers.ts', import.meta.url).href;
const peers = new Worker(
  `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`,
  { eval: true },
);
peers.on('error', (err) => {
  console.error('bench/webhooks: peers failed', err);
  process.exit(1);
});
const waiting: ((m: PeersReply) => void)[] = [];
peers.on('message', (m: PeersReply) => waiting.shift()?.(m));
const nextReply = () => new Promise<PeersReply>((r) => waiting.push(r));
const hosts = (await nextReply()) as Extract<PeersReply, { type: 'ready' }>;
const tell = (m: PeersRequest) => peers.postMessage(m);
async function arrivals(): Promise<Arrival[]> {
  const reply = nextReply();
  peers.postMessage({ type: 'arrivals' });
  return ((await reply) as Extract<PeersReply, { type: 'arrivals' }>).items;
}

// --- database, app ----------------------------------------------------------------------------

const serverUrl = benchServerUrl();
const benchDb = serverUrl ? await createBenchDatabase(serverUrl, 'bench_webhooks') : undefined;
const config = loadConfig({
  NODE_ENV: 'production',
  SECRET_KEY: secret,
  LOG_LEVEL: 'silent',
  DATA_DIR: path.join(os.tmpdir(), 'voip-bench-webhooks-unused'),
  HOST: '127.0.0.1',
  DEMO_PROVIDER: '0',
  PROVIDER_ALLOWLIST: [hosts.provider, hosts.healthy, hosts.failing, hosts.hung].join(','),
  DATABASE_URL: benchDb?.url,
  TELEGRAM_BOT_TOKEN: BOT_TOKEN,
  TELEGRAM_API_URL: `http://${hosts.healthy}`,
});
let database: Database | undefined;
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
try {
  database = benchDb ? await openPostgres(benchDb.url) : await openPglite(undefined);
  const db = database.db;
  const mailer = createConsoleMailer({ print: false });
  app = await buildApp({
    config,
    database,
    mailer,
    secret,
    vapid: { ...webPush.generateVAPIDKeys(), subject: 'mailto:bench@example.com' },
    tuning: {
      provider: {
        lookup: async () => {
          throw Object.assign(new Error('no such host'), { code: 'ENOTFOUND' });
        },
      },
    },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  app.poller.start();
  app.deliveries.start();

  const [owner, waiter] = await db
    .insert(users)
    .values([
      { email: 'bench-load@example.com', emailVerified: true },
      { email: 'bench-wait@example.com', emailVerified: true },
    ])
    .returning({ id: users.id });
  const later = new Date(Date.now() + 3_600_000);
  async function insertNumbers(userId: string, first: number, n: number) {
    const rows = Array.from({ length: n }, (_, i) => {
      const phone = String(first + i);
      return {
        userId,
        phoneNumber: phone,
        apiLinkEnc: cipher.encrypt(`http://${hosts.provider}/p/${phone}?key=k${i}`),
        apiHost: hosts.provider,
        nextPollAt: later,
      };
    });
    const ids: string[] = [];
    for (let i = 0; i < n; i += 1000) {
      const made = await db
        .insert(voipNumbers)
        .values(rows.slice(i, i + 1000))
        .returning({ id: voipNumbers.id });
      ids.push(...made.map((m) => m.id));
    }
    return ids;
  }
  await insertNumbers(owner!.id, 2_000_000_000, NUMBERS);
  await db.execute(sql`analyze`);

  /** Every load number due now; polls/s until each was polled after that. */
  async function pollRound() {
    const start = new Date();
    await db
      .update(voipNumbers)
      .set({ nextPollAt: start })
      .where(eq(voipNumbers.userId, owner!.id));
    const t0 = performance.now();
    const done = await until(async () => {
      const [r] = await db
        .select({ n: count() })
        .from(voipNumbers)
        .where(and(eq(voipNumbers.userId, owner!.id), gte(voipNumbers.lastPolledAt, start)));
      return r!.n >= NUMBERS;
    }, 120_000);
    const seconds = (performance.now() - t0) / 1000;
    return { done, seconds, pollsPerSecond: NUMBERS / seconds };
  }

  // Endpoints of the load: 40 healthy, 5 failing, 5 hung.
  const endpoints = await db
    .insert(webhooks)
    .values(
      Array.from({ length: 50 }, (_, i) => ({
        userId: owner!.id,
        url: `http://${i < 40 ? hosts.healthy : i < 45 ? hosts.failing : hosts.hung}/hook/${i}`,
        events: ['code.received'],
        secretEnc: cipher.encrypt('whsec_' + Buffer.alloc(24, i).toString('base64')),
      })),
    )
    .returning({ id: webhooks.id });

  console.log(
    `bench/webhooks: ${benchDb ? 'PostgreSQL' : 'PGlite'}, ${NUMBERS} numbers, ${RATE} deliveries/s to 50 endpoints (5 failing, 5 hung)`,
  );
  await pollRound(); // warm-up
  const alone = await pollRound();

  // Deliveries made at RATE a second (batches every 100 ms), for the round and at least MIN_SECONDS.
  let made = 0;
  let making = true;
  const loadStart = performance.now();
  const maker = (async () => {
    const perTick = Math.max(1, Math.round(RATE / 10));
    for (let tick = 0; making || tick < MIN_SECONDS * 10; tick++) {
      const due = loadStart + tick * 100;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      await db.insert(deliveries).values(
        Array.from({ length: perTick }, (_, i) => ({
          webhookId: endpoints[(made + i) % endpoints.length]!.id,
          event: 'code.received',
          body: JSON.stringify({
            type: 'code.received',
            timestamp: new Date().toISOString(),
            data: {},
          }),
        })),
      );
      made += perTick;
    }
  })();
  await sleep(1000); // the load running before the round starts
  const withLoad = await pollRound();
  making = false;
  await maker;
  const loadSeconds = (performance.now() - loadStart) / 1000;
  // What became of the load, for the healthy receiver's 40 endpoints and for the 10 others.
  const healthyIds = endpoints.slice(0, 40).map((e) => e.id);
  const tally = async (healthy: boolean) => {
    const [r] = await db
      .select({
        made: count(),
        attempted:
          sql<number>`count(*) filter (where ${deliveries.lastAttemptAt} is not null)`.mapWith(
            Number,
          ),
        delivered: sql<number>`count(*) filter (where ${deliveries.status} = 'delivered')`.mapWith(
          Number,
        ),
        oldestWaiting: sql<
          string | null
        >`min(${deliveries.createdAt}) filter (where ${deliveries.lastAttemptAt} is null)`,
      })
      .from(deliveries)
      .where((healthy ? inArray : notInArray)(deliveries.webhookId, healthyIds));
    return r!;
  };
  const healthy = await tally(true);
  const faulty = await tally(false);
  const endedAt = Date.now();
  await arrivals(); // drop the load's arrivals

  console.log(
    `  poller alone:           ${alone.pollsPerSecond.toFixed(0)} polls/s (${alone.seconds.toFixed(1)} s)`,
  );
  console.log(
    `  poller with deliveries: ${withLoad.pollsPerSecond.toFixed(0)} polls/s (${withLoad.seconds.toFixed(1)} s)`,
  );
  console.log(
    `  ratio with/without deliveries: ${(withLoad.pollsPerSecond / alone.pollsPerSecond).toFixed(2)} (target ≥ 0.9)`,
  );
  const perSecond = (n: number) => (n / loadSeconds).toFixed(0);
  const lag = (oldest: string | null) =>
    oldest ? `${((endedAt - new Date(oldest).getTime()) / 1000).toFixed(1)} s` : 'none';
  console.log(
    `  deliveries made: ${made} in ${loadSeconds.toFixed(1)} s (${perSecond(made)}/s); ` +
      `attempted ${perSecond(healthy.attempted + faulty.attempted)}/s`,
  );
  console.log(
    `    40 healthy endpoints: ${healthy.made} made (${perSecond(healthy.made)}/s), ` +
      `${healthy.delivered} delivered (${perSecond(healthy.delivered)}/s), ` +
      `${healthy.made - healthy.attempted} not yet attempted at the end (oldest waiting ${lag(healthy.oldestWaiting)})`,
  );
  console.log(
    `    10 failing or hung:   ${faulty.made} made, ${faulty.attempted} attempted ` +
      `(retried with backoff; the hung host paused by its breaker)`,
  );
  // Drop what is left of the load before phase 2.
  await db.delete(webhooks).where(eq(webhooks.userId, owner!.id));

  // --- phase 2: stored → webhook, SMS → wait answer ---------------------------------------------

  const numberIds = await insertNumbers(waiter!.id, 3_000_000_000, LATENCY_NUMBERS);
  await db.insert(webhooks).values({
    userId: waiter!.id,
    url: `http://${hosts.healthy}/hook/latency`,
    events: ['code.received'],
    secretEnc: cipher.encrypt('whsec_' + Buffer.alloc(24, 7).toString('base64')),
  });
  // Its notification channels on the healthy receiver, and three dead ones (failing, hung).
  const channel = (kind: (typeof webhooks.kind.enumValues)[number], url: string) => ({
    userId: waiter!.id,
    kind,
    url,
    events: ['code.received'],
    secretEnc: cipher.encrypt(''),
  });
  await db.insert(webhooks).values([
    channel('ntfy', `http://${hosts.healthy}/ntfy/codes`),
    channel('discord', `http://${hosts.healthy}/discord/latency`),
    channel('slack', `http://${hosts.healthy}/slack/latency`),
    channel('telegram', 'tg:4242'),
    {
      ...channel('webpush', `http://${hosts.healthy}/push/latency`),
      secretEnc: cipher.encrypt(JSON.stringify(hosts.push)),
    },
    channel('discord', `http://${hosts.hung}/discord/dead`),
    channel('slack', `http://${hosts.failing}/slack/dead`),
    channel('ntfy', `http://${hosts.hung}/ntfy-dead/codes`),
  ]);
  // First polls (empty inboxes), then the scripts' waits (which mark each number expecting).
  await db
    .update(voipNumbers)
    .set({ nextPollAt: new Date() })
    .where(eq(voipNumbers.userId, waiter!.id));
  await until(async () => {
    const [r] = await db
      .select({ n: count() })
      .from(voipNumbers)
      .where(and(eq(voipNumbers.userId, waiter!.id), sql`${voipNumbers.lastPolledAt} is not null`));
    return r!.n >= LATENCY_NUMBERS;
  }, 60_000);
  // A key of the waiting user, made as the app makes keys.
  const keyText = 'vmk_' + randomToken(32);
  await db.insert(apiKeys).values({
    userId: waiter!.id,
    name: 'bench',
    prefix: keyText.slice(0, 12),
    keyHash: sha256(keyText),
    scopes: ['messages:read'],
  });
  const servedAt = new Map<string, number>();
  const answeredAt = new Map<string, number>();
  const waits = numberIds.map(async (id, i) => {
    const res = await fetch(`${appUrl}/v1/numbers/${id}/code?wait=60`, {
      headers: { authorization: `Bearer ${keyText}`, accept: 'text/plain' },
    });
    if (res.status === 200) answeredAt.set(String(3_000_000_000 + i), clock());
    await res.text();
  });
  await until(async () => app!.codeWaits.open() >= LATENCY_NUMBERS, 30_000);
  await Promise.all(
    numberIds.map(async (_, i) => {
      const phone = String(3_000_000_000 + i);
      await sleep(Math.random() * SPREAD_MS);
      const code = String(100000 + i);
      servedAt.set(phone, clock());
      tell({ type: 'code', phone, id: `c-${i}`, code });
    }),
  );
  await Promise.race([Promise.all(waits), sleep(40_000)]);
  await sleep(1000);
  const all = await arrivals();
  const got = all.filter((a) => a.path === '/hook/latency');
  const toWebhook = got.map((a) => a.at - Date.parse(a.sentAt));
  // A code's stored time: its webhook's timestamp (the poll that stored it).
  const storedAt = new Map(got.map((a) => [a.code, Date.parse(a.sentAt)]));
  const toWait = [...answeredAt].map(([phone, at]) => at - servedAt.get(phone)!);
  console.log(
    `  stored → webhook received: ${got.length}/${LATENCY_NUMBERS}, p50 ${ms(pct(toWebhook, 50))} ms, ` +
      `p99 ${ms(pct(toWebhook, 99))} ms (target p99 ≤ 500 ms)`,
  );
  for (const [name, path] of [
    ['ntfy', '/ntfy'],
    ['Discord', '/discord/latency'],
    ['Slack', '/slack/latency'],
    ['Telegram', `/bot${BOT_TOKEN}/sendMessage`],
    ['Web Push', '/push/latency'],
  ] as const) {
    const seen = all.filter((a) => a.path === path && a.code && storedAt.has(a.code));
    const lat = seen.map((a) => a.at - storedAt.get(a.code)!);
    console.log(
      `  stored → ${name} received: ${seen.length}/${LATENCY_NUMBERS}, p50 ${ms(pct(lat, 50))} ms, ` +
        `p99 ${ms(pct(lat, 99))} ms (target p99 ≤ 1000 ms; beside 3 dead channels of the same user)`,
    );
  }
  console.log(
    `  SMS at the provider → wait answered: ${toWait.length}/${LATENCY_NUMBERS}, p50 ${ms(pct(toWait, 50))} ms, ` +
      `p99 ${ms(pct(toWait, 99))} ms (target p99 ≤ 3000 ms; numbers expecting a code poll every 2 s)`,
  );
} finally {
  await app?.close();
  await database?.close();
  await benchDb?.drop();
  await peers.terminate();
}

/**
 * bench/soak: the app under a mixed load for a long time; is its heap flat after warm-up?
 *
 *   npx tsx bench/soak/run.ts                         (BENCH_SOAK_MINUTES=15)
 *   BENCH_SOAK_MINUTES=1.5 npx tsx bench/soak/run.ts   (a quick try)
 *   node --expose-gc --import tsx bench/soak/run.ts
 *
 * The app as `main.ts` runs it with PGlite (`buildApp`, `NODE_ENV=production`, a fresh temp
 * `DATA_DIR`, the poller and the analytics retention job started), its poller reading local fake
 * providers (`bench/soak/providers.ts`, own worker thread: 3 healthy hosts with a new verification
 * message every 20 s per number, a slow one, one answering bad payloads, a hung one and a refused
 * port), and BENCH_SOAK_USERS (10) virtual users (`bench/soak/load.ts`, own worker thread) doing a
 * mix of what users do, each with a think time of 0–2× BENCH_SOAK_THINK_MS (200) between actions.
 *
 * Every BENCH_SOAK_SAMPLE_SECONDS (30; a tenth of the run if shorter) the app's isolate is
 * collected (`gc()`, twice) and its heap used, RSS, external + array buffers, the event loop's
 * delay p99 and the clients' request p99 and statuses in the window are printed. The load
 * generator and the providers run in worker threads: their memory is in RSS, not in the heap
 * measured. `gc` comes from `--expose-gc` or, under plain tsx, from V8's flag set at run time.
 *
 * Verdict, after warm-up (the first 3 minutes, or 20 % of a shorter run): the baseline is the
 * first sample after warm-up; the heap at the end over it (fails above 1.2) and the heap's slope
 * by linear regression in MB per 10 minutes (fails above SLOPE_LIMIT_MB, judged when at least 5
 * minutes follow warm-up). It also fails on any 5xx, any error the server logged, any answer a
 * client did not expect, and when over 1 % of the requests were rate limited (429: the load is
 * meant to measure the app, not its limiter). Exit code 1 on failure.
 *
 * BENCH_SOAK_SNAPSHOTS=dir writes heap snapshots there at the end of warm-up and at the end (to
 * compare in Chrome DevTools' Memory tab). Everything is on 127.0.0.1; no name is resolved.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import type { Mailer } from '../../src/server/mail/mailer.ts';
import type { LoadConfig, LoadReply, LoadTotals } from './load.ts';
import type { SoakProvidersReply } from './providers.ts';

const MINUTES = Number(process.env.BENCH_SOAK_MINUTES || 15);
const USERS = Number(process.env.BENCH_SOAK_USERS || 10);
const THINK_MS = Number(process.env.BENCH_SOAK_THINK_MS || 200);
const DURATION_MS = MINUTES * 60_000;
const SAMPLE_MS = Number(process.env.BENCH_SOAK_SAMPLE_SECONDS || Math.min(30, MINUTES * 6)) * 1000;
const WARMUP_MS = Math.min(180_000, DURATION_MS * 0.2);
const SNAPSHOTS = process.env.BENCH_SOAK_SNAPSHOTS;
/** Heap at the end over the heap at the end of warm-up. */
const RATIO_LIMIT = 1.2;
/**
 * Heap slope after warm-up, MB per 10 minutes: 3.5 KB a second. This load makes about 16 requests
 * and 30 polls a second, so the limit is crossed by a leak of some 220 bytes per request or 120
 * per poll (a key or a small object kept each time). Caches that fill over the run and stop at
 * their bound (the link cache, `crypto.ts`, up to 4 million characters) and V8's optimised code
 * add a slope under 1.5 MB per 10 minutes at this load.
 */
const SLOPE_LIMIT_MB = 2;
const ADMIN_EMAIL = 'soak-admin@example.com';
const secret = 'bench-secret-key-that-is-long-enough-0123456789';

if (!Number.isFinite(MINUTES) || MINUTES <= 0) throw new Error('BENCH_SOAK_MINUTES must be > 0');

const deadline = setTimeout(() => {
  console.error('bench/soak: hard deadline passed; exiting');
  process.exit(1);
}, DURATION_MS + 300_000);
deadline.unref();

/** A full collection of the main isolate (the app's). */
const gc: () => void =
  (globalThis as { gc?: () => void }).gc ??
  (() => {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as () => void;
  })();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => bytes / 1024 / 1024;
const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-');

function startWorker(file: string, data: unknown) {
  const entry = new URL(file, import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`,
    { eval: true, workerData: data },
  );
}
/** The next message of `type` from `worker` (or its error). */
function next<M extends { type: string }, T extends M['type']>(
  worker: Worker,
  type: T,
): Promise<Extract<M, { type: T }>> {
  return new Promise((resolve, reject) => {
    const done = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
    };
    const onError = (err: Error) => {
      done();
      reject(err);
    };
    const onMessage = (m: M) => {
      if (m.type === 'failed') onError(new Error((m as { error?: string }).error));
      if (m.type !== type) return;
      done();
      resolve(m as Extract<M, { type: T }>);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
  });
}

// --- providers, database, app ---------------------------------------------------------------------

const providers = startWorker('./providers.ts', undefined);
const { hosts } = await next<SoakProvidersReply, 'ready'>(providers, 'ready');
const allHosts = [...hosts.healthy, hosts.slow, hosts.bad, hosts.hung, hosts.dead];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voip-bench-soak-'));
const config = loadConfig({
  NODE_ENV: 'production',
  SECRET_KEY: secret,
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  PORT: '0',
  DEMO_PROVIDER: '0',
  PROVIDER_ALLOWLIST: allHosts.join(','),
  ADMIN_EMAILS: ADMIN_EMAIL,
});

/** The server's log (warn and above): errors fail the run; warnings are counted by message. */
const logged = { errors: [] as string[], warnings: new Map<string, number>() };
const logStream = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of String(chunk).split('\n')) {
      if (!line) continue;
      const e = JSON.parse(line) as { level: number; msg?: string; err?: { message?: string } };
      const what = `${e.msg ?? ''}${e.err?.message ? `: ${e.err.message}` : ''}`;
      if (e.level >= 50) logged.errors.push(what);
      else logged.warnings.set(what, (logged.warnings.get(what) ?? 0) + 1);
    }
    done();
  },
});

let load: Worker | undefined;
/**
 * Mail goes to the clients (they read their sign-in codes) and is not kept: the console mailer's
 * outbox of the last 500 would fill over the run in the heap measured, as no SMTP mailer does.
 */
const mailer: Mailer = {
  kind: 'console',
  async send(mail) {
    load?.postMessage({ type: 'mail', to: mail.to, text: mail.text });
  },
};

type Sample = {
  t: number;
  heap: number;
  rss: number;
  external: number;
  loopP99: number;
  /** The window's request p99 (only figures are kept: the samples live in the heap measured). */
  reqP99: number;
};
const samples: Sample[] = [];
let database: Database | undefined;
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
let totals: LoadTotals | undefined;

try {
  database = await openDatabase(config);
  app = await buildApp({ config, database, mailer, secret, logStream });
  await app.listen({ host: '127.0.0.1', port: 0 });
  app.poller.start();
  app.analyticsRetention.start();
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  load = startWorker('./load.ts', {
    base,
    hosts,
    users: USERS,
    thinkMs: THINK_MS,
    adminEmail: ADMIN_EMAIL,
  } satisfies LoadConfig);
  const setupMs = (await next<LoadReply, 'ready'>(load, 'ready')).setupMs;
  const loadWorker = load;

  console.log(
    `bench/soak — ${database.kind}, ${os.cpus().length} cores, Node ${process.versions.node}: ` +
      `${MINUTES} min, ${USERS} virtual users (think 0–${2 * THINK_MS} ms), a sample every ` +
      `${SAMPLE_MS / 1000} s after gc(), warm-up ${WARMUP_MS / 1000} s; setup took ${setupMs} ms\n`,
  );
  const head =
    'min'.padStart(6) +
    'heap MB'.padStart(9) +
    'rss MB'.padStart(8) +
    'ext+ab MB'.padStart(10) +
    'loop p99'.padStart(9) +
    'req'.padStart(7) +
    'req p50'.padStart(8) +
    'req p99'.padStart(8) +
    'streams'.padStart(8) +
    '  statuses';
  console.log(head);

  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const start = performance.now();
  let snapshotTaken = false;
  for (let k = 1; performance.now() - start < DURATION_MS; k++) {
    await sleep(Math.max(0, start + k * SAMPLE_MS - performance.now()));
    const stats = (
      await new Promise<Extract<LoadReply, { type: 'sample' }>>((resolve) => {
        void next<LoadReply, 'sample'>(loadWorker, 'sample').then(resolve);
        loadWorker.postMessage({ type: 'sample' });
      })
    ).stats;
    const loopP99 = loop.percentile(99) / 1e6;
    gc();
    gc();
    const m = process.memoryUsage();
    loop.reset();
    const t = performance.now() - start;
    const s: Sample = {
      t,
      heap: mb(m.heapUsed),
      rss: mb(m.rss),
      external: mb(m.external + m.arrayBuffers),
      loopP99,
      reqP99: stats.p99,
    };
    samples.push(s);
    const statuses = Object.entries(stats.statuses)
      .sort()
      .map(([k, n]) => `${k}:${n}`)
      .join(' ');
    console.log(
      fmt(t / 60_000, 2).padStart(6) +
        fmt(s.heap).padStart(9) +
        fmt(s.rss, 0).padStart(8) +
        fmt(s.external).padStart(10) +
        fmt(loopP99, 0).padStart(9) +
        String(stats.requests).padStart(7) +
        String(stats.p50).padStart(8) +
        String(stats.p99).padStart(8) +
        String(stats.streams).padStart(8) +
        `  ${statuses}${t >= WARMUP_MS && !samples.slice(0, -1).some((x) => x.t >= WARMUP_MS) ? '  ← baseline (end of warm-up)' : ''}`,
    );
    if (SNAPSHOTS && !snapshotTaken && t >= WARMUP_MS) {
      snapshotTaken = true;
      fs.mkdirSync(SNAPSHOTS, { recursive: true });
      console.log(`  snapshot ${v8.writeHeapSnapshot(path.join(SNAPSHOTS, 'warm.heapsnapshot'))}`);
    }
  }
  loop.disable();
  loadWorker.postMessage({ type: 'stop' });
  totals = (await next<LoadReply, 'done'>(loadWorker, 'done')).totals;
  if (SNAPSHOTS) {
    gc();
    console.log(`  snapshot ${v8.writeHeapSnapshot(path.join(SNAPSHOTS, 'end.heapsnapshot'))}`);
  }
  const stored = await database.db.execute(
    sql`select (select count(*) from messages)::int as messages, (select count(*) from voip_numbers)::int as numbers, (select count(*) from users)::int as users`,
  );
  const counts = (stored as unknown as { rows: Record<string, number>[] }).rows[0]!;
  const polled = app.poller.stats();
  const provided = (
    await new Promise<Extract<SoakProvidersReply, { type: 'count' }>>((resolve) => {
      void next<SoakProvidersReply, 'count'>(providers, 'count').then(resolve);
      providers.postMessage({ type: 'count' });
    })
  ).requests;
  console.log(
    `\npoller: ${polled.polls} polls; provider requests ${Object.entries(provided)
      .map(([k, n]) => `${k} ${n}`)
      .join(
        ', ',
      )}; stored now: ${counts.messages} messages, ${counts.numbers} numbers, ${counts.users} users`,
  );
} finally {
  await app?.close();
  await database?.close();
  providers.postMessage({ type: 'close' });
  await next<SoakProvidersReply, 'closed'>(providers, 'closed').catch(() => {});
  await providers.terminate();
  await load?.terminate();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// --- verdict -----------------------------------------------------------------------------------

const byRoute = totals!.byRoute;
const statusTotals: Record<string, number> = {};
for (const r of Object.values(byRoute))
  for (const [s, n] of Object.entries(r)) statusTotals[s] = (statusTotals[s] ?? 0) + n;
const requests = Object.values(statusTotals).reduce((a, b) => a + b, 0);
const count = (pred: (s: string) => boolean) =>
  Object.entries(statusTotals)
    .filter(([s]) => pred(s))
    .reduce((a, [, n]) => a + n, 0);
const fivexx = count((s) => s.startsWith('5'));
const limited = count((s) => s === '429');
const fourxx = count((s) => s.startsWith('4') && s !== '429');

console.log('\nrequests by route and status:');
for (const [route, r] of Object.entries(byRoute).sort())
  console.log(
    `  ${route.padEnd(52)} ${Object.entries(r)
      .sort()
      .map(([s, n]) => `${s}:${n}`)
      .join(' ')}`,
  );
console.log(
  `\n${requests} requests: ${count((s) => s.startsWith('2'))} 2xx, ${fourxx} 4xx expected by the clients ` +
    `(unknown hashes) or not (below), ${limited} 429, ${fivexx} 5xx, ${statusTotals.error ?? 0} connection errors; ` +
    `${totals!.signIns} sign-ins, ${totals!.streamsOpened} event streams opened (${totals!.streamEvents} message events read)`,
);
if (totals!.unexpectedCount)
  console.log(
    `unexpected answers (${totals!.unexpectedCount}):\n  ${totals!.unexpected.join('\n  ')}`,
  );
if (logged.warnings.size)
  console.log(`server warnings: ${[...logged.warnings].map(([w, n]) => `${n}× ${w}`).join('; ')}`);
if (logged.errors.length)
  console.log(
    `server errors (${logged.errors.length}):\n  ${logged.errors.slice(0, 20).join('\n  ')}`,
  );

const post = samples.filter((s) => s.t >= WARMUP_MS);
const failures: string[] = [];
if (post.length < 2) failures.push('fewer than 2 samples after warm-up: run longer');
const baseline = post[0];
const last = samples.at(-1);
/** Least-squares slope of heap MB over minutes. */
function slope(points: Sample[]) {
  const xs = points.map((p) => p.t / 60_000);
  const ys = points.map((p) => p.heap);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  return den === 0 ? NaN : num / den;
}
const perTen = slope(post) * 10;
const ratio = baseline && last ? last.heap / baseline.heap : NaN;
const postMinutes = baseline && last ? (last.t - baseline.t) / 60_000 : 0;
const p99s = post.map((s) => s.reqP99).sort((a, b) => a - b);
const loops = post.map((s) => s.loopP99).sort((a, b) => a - b);
console.log(
  `\nheap after warm-up (baseline, ${fmt((baseline?.t ?? NaN) / 60_000, 2)} min): ${fmt(baseline?.heap ?? NaN)} MB; ` +
    `at the end (${fmt((last?.t ?? NaN) / 60_000, 2)} min): ${fmt(last?.heap ?? NaN)} MB; ` +
    `ratio end / baseline ${fmt(ratio, 3)} (limit ${RATIO_LIMIT})`,
);
console.log(
  `heap slope after warm-up: ${fmt(perTen, 2)} MB per 10 min over ${post.length} samples ` +
    `(${fmt(postMinutes, 1)} min; limit ${SLOPE_LIMIT_MB}${postMinutes < 5 ? ', not judged under 5 min' : ''}); ` +
    `rss ${fmt(baseline?.rss ?? NaN, 0)} → ${fmt(last?.rss ?? NaN, 0)} MB, ` +
    `external+arrayBuffers ${fmt(baseline?.external ?? NaN)} → ${fmt(last?.external ?? NaN)} MB`,
);
console.log(
  `after warm-up, per window: request p99 ${p99s[0]}–${p99s.at(-1)} ms (median ${p99s[Math.floor(p99s.length / 2)]}), ` +
    `event-loop delay p99 ${fmt(loops[0] ?? NaN, 0)}–${fmt(loops.at(-1) ?? NaN, 0)} ms`,
);
if (ratio > RATIO_LIMIT) failures.push(`heap grew ${fmt(ratio, 3)}× after warm-up`);
if (postMinutes >= 5 && perTen > SLOPE_LIMIT_MB)
  failures.push(`heap slope ${fmt(perTen, 2)} MB per 10 min`);
if (fivexx) failures.push(`${fivexx} answers were 5xx`);
if (logged.errors.length) failures.push(`the server logged ${logged.errors.length} errors`);
if (totals!.unexpectedCount) failures.push(`${totals!.unexpectedCount} unexpected answers`);
if (limited > requests * 0.01)
  failures.push(`${limited} of ${requests} requests were rate limited`);
console.log(
  failures.length ? `\nFAIL: ${failures.join('; ')}` : '\nPASS: the heap is flat after warm-up',
);
process.exit(failures.length ? 1 : 0);

/**
 * bench/numbers: import 10,000 lines, then list performance with 10,000 numbers for one user.
 *
 *   npx tsx bench/numbers/run.ts            (PGlite in a temp dir)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/numbers/run.ts
 *
 * With BENCH_DATABASE_URL (or DATABASE_URL) a fresh database `bench_numbers_<random>` is created on
 * that server, migrated by the app, used and dropped afterwards; nothing is written to the database
 * the URL names. Without either, PGlite in a temp dir (removed afterwards).
 *
 * Prints import time and rows/s, then GET /v1/numbers vs GET /healthz measured in the same run on
 * 127.0.0.1, each load generator in its own worker thread (so it does not share the app's event
 * loop): req/s flat out with autocannon (10 connections, as in bench/http), and p50/p99 latency at
 * 200 req/s with `bench/lib/paced.ts` (open loop: a request starts every 5 ms whatever the answers
 * do, latency counted from its scheduled start). For comparison, the list at 200 req/s as autocannon
 * sends it ("bursts": each of 10 connections sends its 20 requests of a second back to back at the
 * start of the second, so p99 there is mostly the time to drain a burst of 200). After the import the bench runs `vacuum analyze`,
 * as autovacuum would have on a production table of this size (planner statistics and the
 * visibility map; otherwise autovacuum may start in the middle of a run). Bounded in time. The
 * target is list p99 < 50 ms at 200 req/s; it is reported, never enforced.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { createConsoleMailer } from '../../src/server/mail/mailer.ts';
import { benchServerUrl, createBenchDatabase } from '../lib/database.ts';
import { paced } from '../lib/paced.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const LINES = 10_000;

const serverUrl = benchServerUrl();
const benchDb = serverUrl ? await createBenchDatabase(serverUrl, 'bench_numbers') : undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voip-bench-numbers-'));
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  DATABASE_URL: benchDb?.url,
});
let database: Database | undefined;
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
try {
  database = await openDatabase(config);
  const mailer = createConsoleMailer({ print: false });
  app = await buildApp({
    config,
    database,
    mailer,
    secret: 'bench-secret-0123456789abcdef0123456789',
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;

  const email = `bench-${Date.now()}@example.com`;
  await fetch(`${base}/v1/auth/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  const code = /code is (\d{6})/.exec(mailer.outbox!(email)[0]!.text)![1];
  const verify = await fetch(`${base}/v1/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, code }),
  });
  const cookie = verify.headers.get('set-cookie')!.split(';')[0]!;

  const lines = Array.from({ length: LINES }, (_, i) => {
    const phone = String(2000000000 + i);
    const link = `https://provider${i % 20}.example.com/api/sms?key=k${i}`;
    return i % 3 === 0
      ? `${phone}|${link}|Bench,Tag${i % 7}`
      : i % 3 === 1
        ? `${phone}----${link}`
        : `${link}\t+1${phone}`;
  }).join('\n');

  const t0 = performance.now();
  const imp = await fetch(`${base}/v1/numbers/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ text: lines }),
  });
  const importMs = performance.now() - t0;
  const result = (await imp.json()) as { imported: number };
  if (result.imported !== LINES) throw new Error(`import stored ${result.imported} of ${LINES}`);
  // What autovacuum does to a table this size in production (and may start mid-run otherwise):
  // statistics, and the visibility map that lets counts skip per-row visibility checks.
  await database.db.execute(sql`vacuum analyze`);

  async function load(url: string, headers: Record<string, string>, rate?: number) {
    const r = await autocannon({
      url: base + url,
      headers,
      connections: 10,
      workers: 1,
      duration: SECONDS,
      ...(rate ? { overallRate: rate } : {}),
    });
    if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
  }

  const at200 = async (url: string, headers: Record<string, string>) => {
    const r = await paced({ url: base + url, headers, rate: 200, seconds: SECONDS });
    if (r.failed) throw new Error(`${url}: ${r.failed} failed requests`);
    return { rps: r.rps, p50: r.p50, p99: r.p99 };
  };

  const listUrl = '/v1/numbers?limit=50';
  const searchUrl = '/v1/numbers?limit=50&q=provider7';
  const health = await load('/healthz', {});
  const list = await load(listUrl, { cookie });
  const healthAt200 = await at200('/healthz', {});
  const listAt200 = await at200(listUrl, { cookie });
  const searchAt200 = await at200(searchUrl, { cookie });
  const listBurst = await load(listUrl, { cookie }, 200);

  console.log(
    `\nbench/numbers — ${database.kind}, ${os.cpus().length} cores, ${SECONDS}s per run, 10 connections`,
  );
  console.log(
    `import ${LINES} lines: ${importMs.toFixed(0)} ms (${Math.round(LINES / (importMs / 1000))} rows/s)`,
  );
  console.table({
    'GET /healthz (flat out)': health,
    'GET /v1/numbers (flat out)': list,
    'GET /healthz @200 req/s': healthAt200,
    'GET /v1/numbers @200 req/s': listAt200,
    'GET /v1/numbers?q= @200 req/s': searchAt200,
    'GET /v1/numbers @200 req/s, bursts': listBurst,
  });
  console.log(`ratio list/healthz req/s (flat out): ${(list.rps / health.rps).toFixed(2)}`);
  console.log(`list p99 at 200 req/s: ${listAt200.p99} ms (target < 50 ms)`);
} finally {
  await app?.close();
  await database?.close();
  await benchDb?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

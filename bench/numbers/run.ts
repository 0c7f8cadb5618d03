/**
 * bench/numbers: import 10,000 lines, then list performance with 10,000 numbers for one user.
 *
 *   npx tsx bench/numbers/run.ts            (PGlite in a temp dir)
 *   DATABASE_URL=postgres://… npx tsx bench/numbers/run.ts
 *
 * Prints import time and rows/s, then GET /v1/numbers vs GET /healthz measured in the same run with
 * autocannon on 127.0.0.1: req/s flat out, and p50/p99 latency at a fixed 200 req/s. Bounded in time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { createConsoleMailer } from '../../src/server/mail/mailer.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const LINES = 10_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voip-bench-numbers-'));
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
const database = await openDatabase(config);
const mailer = createConsoleMailer({ print: false });
const app = await buildApp({
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

async function load(url: string, headers: Record<string, string>, rate?: number) {
  const r = await autocannon({
    url: base + url,
    headers,
    connections: 10,
    duration: SECONDS,
    ...(rate ? { overallRate: rate } : {}),
  });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

const listUrl = '/v1/numbers?limit=50';
const health = await load('/healthz', {});
const list = await load(listUrl, { cookie });
const healthAt200 = await load('/healthz', {}, 200);
const listAt200 = await load(listUrl, { cookie }, 200);
const searchAt200 = await load('/v1/numbers?limit=50&q=provider7', { cookie }, 200);

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
});
console.log(`ratio list/healthz req/s (flat out): ${(list.rps / health.rps).toFixed(2)}`);
console.log(`list p99 at 200 req/s: ${listAt200.p99} ms (target < 50 ms)`);

await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });

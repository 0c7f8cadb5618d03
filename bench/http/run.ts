/**
 * HTTP throughput of the app against a bare node:http server answering the same JSON.
 *
 *   npx tsx bench/http/run.ts          (BENCH_SECONDS=5, BENCH_CONNECTIONS=10 by default)
 *
 * One process: the app (buildApp on a fresh PGlite database in a temp dir) and the bare server share
 * the main thread; autocannon fires from one worker thread. Everything listens on 127.0.0.1 only.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openPglite } from '../../src/server/db/client.ts';
import { createConsoleMailer } from '../../src/server/mail/mailer.ts';

const seconds = Number(process.env.BENCH_SECONDS || 5);
const connections = Number(process.env.BENCH_CONNECTIONS || 10);
const secret = 'bench-secret-key-that-is-long-enough-0123456789';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voip-bench-http-'));
const config = loadConfig({
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  SECRET_KEY: secret,
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  PORT: '0',
});
const database = await openPglite(path.join(dataDir, 'pglite'));
const mailer = createConsoleMailer({ print: false });
const app = await buildApp({ config, database, mailer, secret });
await app.listen({ host: '127.0.0.1', port: 0 });
const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const healthBody = JSON.stringify({ status: 'ok', db: 'ok' });
const bare = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(healthBody);
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;

// Hard stop: whatever happens, the bench ends.
const deadline = setTimeout(
  () => {
    console.error('bench/http: took too long, giving up');
    process.exit(1);
  },
  (seconds + 2) * 3 * 1000 + 60_000,
);
deadline.unref();

async function signIn(): Promise<string> {
  const email = 'bench@example.com';
  const post = (url: string, body: unknown) =>
    fetch(appUrl + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const sent = await post('/v1/auth/code', { email });
  if (!sent.ok) throw new Error(`POST /v1/auth/code: ${sent.status} ${await sent.text()}`);
  const code = /code is (\d{6})/.exec(mailer.outbox!(email)[0]?.text ?? '')?.[1];
  if (!code) throw new Error('no code in the outbox');
  const verified = await post('/v1/auth/verify', { email, code });
  if (!verified.ok)
    throw new Error(`POST /v1/auth/verify: ${verified.status} ${await verified.text()}`);
  const cookie = verified.headers.getSetCookie().find((c) => c.startsWith('vm_session='));
  if (!cookie) throw new Error('no vm_session cookie');
  return cookie.split(';')[0]!;
}

async function measure(url: string, headers: Record<string, string> = {}): Promise<Result> {
  // One second of warm-up (JIT, connection pools), then the measured run.
  await autocannon({ url, connections, duration: 1, workers: 1, headers });
  const r = await autocannon({ url, connections, duration: seconds, workers: 1, headers });
  if (r.errors || r.timeouts || r.non2xx) {
    throw new Error(
      `${url}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx responses`,
    );
  }
  return r;
}

try {
  const cookie = await signIn();
  const me = await fetch(`${appUrl}/v1/me`, { headers: { cookie } });
  if (me.status !== 200) throw new Error(`GET /v1/me with the cookie: ${me.status}`);

  console.log(
    `bench/http: ${seconds} s per target, ${connections} connections, autocannon in 1 worker thread, ` +
      `${os.cpus().length} cores shared by servers and load generator\n`,
  );
  const rows: { target: string; r: Result }[] = [];
  rows.push({ target: 'bare node:http (same JSON)', r: await measure(bareUrl) });
  rows.push({ target: 'app GET /healthz', r: await measure(`${appUrl}/healthz`) });
  rows.push({ target: 'app GET /v1/me (cookie)', r: await measure(`${appUrl}/v1/me`, { cookie }) });

  const pad = (s: string | number, n: number) => String(s).padStart(n);
  console.log(
    `${'target'.padEnd(28)} ${pad('req/s', 9)} ${pad('p50 ms', 7)} ${pad('p99 ms', 7)} ${pad('total', 8)}`,
  );
  for (const { target, r } of rows) {
    console.log(
      `${target.padEnd(28)} ${pad(Math.round(r.requests.average), 9)} ${pad(r.latency.p50, 7)} ${pad(r.latency.p99, 7)} ${pad(r.requests.total, 8)}`,
    );
  }
  const [bareRow, health, meRow] = rows.map((x) => x.r.requests.average) as [
    number,
    number,
    number,
  ];
  console.log(`\nratio app/bare  GET /healthz: ${(health / bareRow).toFixed(2)}`);
  console.log(`ratio app/bare  GET /v1/me:   ${(meRow / bareRow).toFixed(2)}`);
} finally {
  await app.close();
  await database.close();
  await new Promise((resolve) => bare.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

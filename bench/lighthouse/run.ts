/**
 * Lighthouse (mobile, default simulated throttling) on the public pages of the production build.
 *
 *   npm run build:client && npx tsx bench/lighthouse/run.ts
 *
 * The app is `buildApp` (NODE_ENV=production) on a fresh PGlite database in a temp dir, serving
 * dist/client on 127.0.0.1. Chromium (CHROME_PATH, default /usr/bin/chromium) is started here,
 * headless, with a fresh profile and every hostname except 127.0.0.1 mapped to "not found"
 * (`--host-resolver-rules`), so nothing leaves the machine. Lighthouse attaches to its DevTools
 * port. Each page runs BENCH_RUNS times (default 3); the run with the median performance score is
 * reported: scores, FCP/LCP/TBT/CLS, failing accessibility audits and the performance audits that
 * cost points. BENCH_PAGES (comma-separated paths) picks the pages; BENCH_CLIENT_DIR serves another
 * build (default dist/client), e.g. a copy of an earlier one to compare; BENCH_SAVE_DIR writes each
 * page's reported run there as Lighthouse JSON (<page>.json), to read in detail.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { type Result } from 'lighthouse';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openPglite } from '../../src/server/db/client.ts';
import { createConsoleMailer } from '../../src/server/mail/mailer.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const clientDir = path.resolve(root, process.env.BENCH_CLIENT_DIR || 'dist/client');
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const runs = Math.max(1, Number(process.env.BENCH_RUNS || 3));
const pages = (process.env.BENCH_PAGES || '/,/auth,/date-checker,/about').split(',');
const saveDir = process.env.BENCH_SAVE_DIR;

if (!fs.existsSync(path.join(clientDir, 'index.html'))) {
  console.error('bench/lighthouse: dist/client not found; run `npm run build:client` first.');
  process.exit(1);
}
if (!fs.existsSync(chromePath)) {
  console.error(`bench/lighthouse: no Chromium at ${chromePath} (set CHROME_PATH).`);
  process.exit(1);
}

// Hard stop: whatever happens, the bench ends (about 30 s per Lighthouse run on 2 busy cores).
const deadline = setTimeout(
  () => {
    console.error('bench/lighthouse: took too long, giving up');
    process.exit(1);
  },
  (pages.length * runs * 90 + 60) * 1000,
);
deadline.unref();

const secret = 'bench-secret-key-that-is-long-enough-0123456789';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'voip-bench-lighthouse-'));
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  SECRET_KEY: secret,
  DATA_DIR: tmp,
  HOST: '127.0.0.1',
  PORT: '0',
});
const database = await openPglite(path.join(tmp, 'pglite'));
const app = await buildApp({
  config,
  database,
  mailer: createConsoleMailer({ print: false }),
  secret,
  clientDir,
});
await app.listen({ host: '127.0.0.1', port: 0 });
const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const chrome = spawn(
  chromePath,
  [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-extensions',
    '--disable-default-apps',
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    `--user-data-dir=${path.join(tmp, 'chromium')}`,
    '--remote-debugging-address=127.0.0.1',
    '--remote-debugging-port=0',
    'about:blank',
  ],
  { stdio: ['ignore', 'ignore', 'pipe'] },
);
const port = await new Promise<number>((resolve, reject) => {
  let err = '';
  chrome.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString();
    const m = /DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(err);
    if (m) resolve(Number(m[1]));
  });
  chrome.on('exit', (code) => reject(new Error(`chromium exited (${code}): ${err}`)));
});

type Row = {
  page: string;
  perf: number;
  a11y: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  lhr: Result;
};

const score = (lhr: Result, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const metric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN;

async function audit(page: string, attempt = 1): Promise<Row> {
  const result = await lighthouse(`${appUrl}${page}`, {
    port,
    hostname: '127.0.0.1',
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`no Lighthouse result for ${page}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    // A trace Chromium failed to record (NO_NAVSTART, NO_FCP on a busy machine) says nothing about
    // the page: try again, twice at most.
    if (attempt < 3) {
      console.log(`  ${page}: ${lhr.runtimeError.code}, running again`);
      return audit(page, attempt + 1);
    }
    throw new Error(`${page}: ${lhr.runtimeError.message}`);
  }
  return {
    page,
    perf: score(lhr, 'performance'),
    a11y: score(lhr, 'accessibility'),
    fcp: metric(lhr, 'first-contentful-paint'),
    lcp: metric(lhr, 'largest-contentful-paint'),
    tbt: metric(lhr, 'total-blocking-time'),
    cls: metric(lhr, 'cumulative-layout-shift'),
    lhr,
  };
}

/** Audits of a category that lost points (binary or numeric), with what Lighthouse says. */
function failing(lhr: Result, category: string): string[] {
  const metrics = new Set(['first-contentful-paint', 'largest-contentful-paint', 'speed-index']);
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => !metrics.has(ref.id) && ref.group !== 'metrics')
    .map((ref) => lhr.audits[ref.id]!)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        !['notApplicable', 'manual', 'informative'].includes(a.scoreDisplayMode),
    )
    .map((a) => {
      const items = (a.details as { items?: unknown[] } | undefined)?.items?.length;
      const value = a.displayValue ? ` (${a.displayValue})` : items ? ` (${items} items)` : '';
      const nodes =
        category === 'accessibility'
          ? ((a.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? [])
              .slice(0, 5)
              .map((item) => `\n          ${item.node?.snippet ?? ''}`)
              .join('')
          : '';
      return `${a.id}: ${a.title}${value}${nodes}`;
    });
}

try {
  const v = await fetch(`http://127.0.0.1:${port}/json/version`).then((r) => r.json());
  console.log(
    `bench/lighthouse: ${appUrl}, ${(v as { Browser: string }).Browser}, Lighthouse mobile defaults ` +
      `(simulated throttling), ${runs} run(s) per page, median by performance score\n`,
  );
  const report: Row[] = [];
  for (const page of pages) {
    const rows: Row[] = [];
    for (let i = 0; i < runs; i++) {
      const row = await audit(page);
      rows.push(row);
      console.log(`  ${page} run ${i + 1}: performance ${row.perf}, accessibility ${row.a11y}`);
    }
    rows.sort((a, b) => a.perf - b.perf);
    const median = rows[Math.floor(rows.length / 2)]!;
    report.push(median);
    if (saveDir) {
      fs.mkdirSync(saveDir, { recursive: true });
      const name = page === '/' ? 'index' : page.replace(/^\//, '').replace(/\W+/g, '-');
      fs.writeFileSync(path.join(saveDir, `${name}.json`), JSON.stringify(median.lhr));
    }
  }

  const pad = (s: string | number, n: number) => String(s).padStart(n);
  console.log(
    `\n${'page'.padEnd(14)} ${pad('perf', 5)} ${pad('a11y', 5)} ${pad('FCP ms', 7)} ${pad('LCP ms', 7)} ${pad('TBT ms', 7)} ${pad('CLS', 6)}`,
  );
  for (const r of report) {
    console.log(
      `${r.page.padEnd(14)} ${pad(r.perf, 5)} ${pad(r.a11y, 5)} ${pad(Math.round(r.fcp), 7)} ${pad(Math.round(r.lcp), 7)} ${pad(Math.round(r.tbt), 7)} ${pad(r.cls.toFixed(3), 6)}`,
    );
  }
  for (const r of report) {
    const a11y = failing(r.lhr, 'accessibility');
    const perf = failing(r.lhr, 'performance');
    if (!a11y.length && !perf.length) continue;
    console.log(`\n${r.page}`);
    for (const line of a11y) console.log(`  a11y  ${line}`);
    for (const line of perf) console.log(`  perf  ${line}`);
  }
} finally {
  const exited = new Promise((resolve) => chrome.once('exit', resolve));
  chrome.kill('SIGKILL');
  await exited;
  await app.close();
  await database.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}

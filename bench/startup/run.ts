/**
 * Time from `node scripts/start.mjs` (everything already built) to GET /healthz 200, first on a fresh
 * DATA_DIR (creates and migrates the embedded database), then again on the same, existing one.
 *
 *   npx tsx bench/startup/run.ts       (PORT=3200 by default; BENCH_PORT to change)
 *
 * Runs `node scripts/start.mjs --build-only` first (not timed). Polls every 50 ms and gives up after 60 s per start.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = process.env.BENCH_PORT || '3200';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voip-bench-startup-'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function timeToHealthy(label: string): Promise<number> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  try {
    while (performance.now() - t0 < 60_000) {
      if (child.exitCode !== null)
        throw new Error(`${label}: the server exited with ${child.exitCode}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`, {
          signal: AbortSignal.timeout(1000),
        });
        if (res.status === 200) return performance.now() - t0;
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    throw new Error(`${label}: no /healthz 200 within 60 s`);
  } finally {
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
  }
}

// Bring the builds up to date first; that time is not part of the measurement.
const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(1);

try {
  const fresh = await timeToHealthy('fresh DATA_DIR');
  const existing = await timeToHealthy('existing DATA_DIR');
  console.log(`start -> /healthz 200, fresh DATA_DIR:    ${(fresh / 1000).toFixed(2)} s`);
  console.log(`start -> /healthz 200, existing DATA_DIR: ${(existing / 1000).toFixed(2)} s`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

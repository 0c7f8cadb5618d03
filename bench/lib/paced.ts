/**
 * An open-loop load generator: requests start on a fixed schedule (one every 1000/rate ms,
 * whatever the answers do), and each latency counts from the request's scheduled start, so a slow
 * answer delays no later request and hides no queueing (no coordinated omission). Runs in its own
 * worker thread, so it does not share the event loop of an app in the calling thread. The schedule
 * starts with `warmupSeconds` (default 1) of the same load that is not counted: a fresh worker's
 * first requests run cold code and open connections, which is the generator's latency, not the
 * server's.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { Pool } from 'undici';

export type PacedOptions = {
  url: string;
  /** Paths (with query) requested in turn on `url`'s origin instead of `url`'s own path. */
  paths?: string[];
  headers: Record<string, string>;
  /** Requests per second. */
  rate: number;
  seconds: number;
  warmupSeconds?: number;
  /** POST these bodies in turn (JSON text) instead of GET requests. */
  bodies?: string[];
  /** Statuses that count as answered as expected (default: 200 only); others count as failed. */
  okStatuses?: number[];
};
export type PacedResult = {
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  /** How many answers of each status (counted requests only). */
  statuses?: Record<string, number>;
};

/** Nearest-rank percentile of sorted values. */
const pct = (sorted: Float64Array, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

async function run(o: PacedOptions): Promise<PacedResult> {
  const url = new URL(o.url);
  const paths = o.paths?.length ? o.paths : [url.pathname + url.search];
  // Enough connections that a request never waits for a free one at this rate.
  const pool = new Pool(url.origin, { connections: 256 });
  const total = Math.round(o.rate * o.seconds);
  const warm = Math.round(o.rate * (o.warmupSeconds ?? 1));
  const every = 1000 / o.rate;
  const latencies = new Float64Array(total);
  let failed = 0;
  const ok = new Set(o.okStatuses ?? [200]);
  const statuses: Record<string, number> = {};
  const start = performance.now() + 50 + warm * every;
  const sent: Promise<void>[] = [];
  for (let i = -warm; i < total; i++) {
    const at = start + i * every;
    const wait = at - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const path = paths[(i + warm) % paths.length]!;
    const body = o.bodies?.length ? o.bodies[(i + warm) % o.bodies.length]! : undefined;
    const status = pool
      .request(
        body === undefined
          ? { path, method: 'GET', headers: o.headers }
          : {
              path,
              method: 'POST',
              headers: { 'content-type': 'application/json', ...o.headers },
              body,
            },
      )
      .then(async (res) => {
        await res.body.text();
        return res.statusCode;
      });
    if (i < 0) {
      status.catch(() => {});
      continue;
    }
    sent.push(
      status
        .then(
          (code) => {
            statuses[code] = (statuses[code] ?? 0) + 1;
            if (!ok.has(code)) failed++;
          },
          () => {
            statuses.error = (statuses.error ?? 0) + 1;
            failed++;
          },
        )
        .finally(() => {
          latencies[i] = performance.now() - at;
        }),
    );
  }
  await Promise.all(sent);
  const elapsed = performance.now() - start;
  await pool.close();
  latencies.sort();
  return {
    rps: Math.round(total / (elapsed / 1000)),
    p50: Math.round(pct(latencies, 50)),
    p99: Math.round(pct(latencies, 99)),
    failed,
    statuses,
  };
}

/** Runs the schedule in a worker thread and resolves with its latencies. */
export function paced(o: PacedOptions): Promise<PacedResult> {
  const entry = new URL(import.meta.url).href;
  const worker = new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`,
    { eval: true, workerData: o },
  );
  return new Promise<PacedResult>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  }).finally(() => void worker.terminate());
}

if (!isMainThread && parentPort && workerData?.url) {
  parentPort.postMessage(await run(workerData as PacedOptions));
}

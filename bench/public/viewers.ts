/**
 * Public-page viewers for bench/public, in a worker thread (viewers are remote browsers in
 * production; here they must not share the app's event loop): `count` Server-Sent Events clients
 * (`node:http`, each its own connection to 127.0.0.1) on one stream URL, plus `slow` clients that
 * connect and never read what they are sent. For each round the main thread names a code; the
 * worker answers with every viewer's arrival time of the event carrying it (absolute ms:
 * `performance.timeOrigin + performance.now()`, comparable across threads), or what it has after
 * `timeoutMs`.
 */
import http from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

export type ViewersConfig = { url: string; count: number; slow: number };
type ToWorker = { round: string; timeoutMs: number } | { close: true };
type FromWorker = { ready: number } | { arrivals: number[] } | { error: string };

const absNow = () => performance.timeOrigin + performance.now();

async function runWorker(cfg: ViewersConfig) {
  const port = parentPort!;
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const requests: http.ClientRequest[] = [];
  /** code → arrival times seen so far. */
  const seen = new Map<string, number[]>();
  let waiting: { code: string; resolve: () => void } | undefined;

  const open = (slow: boolean) =>
    new Promise<void>((resolve, reject) => {
      const req = http.get(cfg.url, { agent }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        resolve();
        if (slow) {
          res.pause(); // never read: the server's writes pile up in buffers
          return;
        }
        res.setEncoding('utf8');
        let buf = '';
        res.on('data', (chunk: string) => {
          buf += chunk;
          let i;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (!data || !block.includes('event: message')) continue;
            const code = (JSON.parse(data) as { code: string | null }).code;
            if (!code) continue;
            const at = absNow();
            const list = seen.get(code) ?? [];
            list.push(at);
            seen.set(code, list);
            if (waiting?.code === code && list.length >= cfg.count) waiting.resolve();
          }
        });
      });
      req.on('error', reject);
      requests.push(req);
    });

  try {
    // 50 at a time: a burst of 500 connects is the kernel's accept queue's business, not the app's.
    for (let i = 0; i < cfg.count; i += 50)
      await Promise.all(Array.from({ length: Math.min(50, cfg.count - i) }, () => open(false)));
    for (let i = 0; i < cfg.slow; i++) await open(true);
  } catch (err) {
    port.postMessage({ error: String(err) } satisfies FromWorker);
    return;
  }
  port.postMessage({ ready: cfg.count } satisfies FromWorker);

  port.on('message', async (m: ToWorker) => {
    if ('close' in m) {
      for (const r of requests) r.destroy();
      agent.destroy();
      port.close();
      return;
    }
    const done = new Promise<void>((resolve) => {
      waiting = { code: m.round, resolve };
      if ((seen.get(m.round)?.length ?? 0) >= cfg.count) resolve();
    });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([done, new Promise((r) => (timer = setTimeout(r, m.timeoutMs)))]);
    clearTimeout(timer);
    waiting = undefined;
    port.postMessage({ arrivals: seen.get(m.round) ?? [] } satisfies FromWorker);
  });
}

/** Starts the viewers' thread; resolves once every stream is open. */
export async function startViewers(cfg: ViewersConfig) {
  const entry = new URL(import.meta.url).href;
  const worker = new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`,
    { eval: true, workerData: { viewers: cfg } },
  );
  const replies: ((m: FromWorker) => void)[] = [];
  worker.on('message', (m: FromWorker) => replies.shift()?.(m));
  const next = () =>
    new Promise<FromWorker>((resolve, reject) => {
      replies.push(resolve);
      worker.once('error', reject);
    });
  const first = await next();
  if ('error' in first) throw new Error(`viewers: ${first.error}`);
  return {
    /** Arrival times (absolute ms) of the event with `code` at each viewer. */
    async round(code: string, timeoutMs: number) {
      const reply = next();
      worker.postMessage({ round: code, timeoutMs } satisfies ToWorker);
      const m = await reply;
      if (!('arrivals' in m)) throw new Error('viewers: unexpected reply');
      return m.arrivals;
    },
    async close() {
      worker.postMessage({ close: true } satisfies ToWorker);
      await new Promise((r) => setTimeout(r, 100));
      await worker.terminate();
    },
  };
}
export { absNow };

if (!isMainThread && parentPort && (workerData as { viewers?: ViewersConfig })?.viewers) {
  void runWorker((workerData as { viewers: ViewersConfig }).viewers);
}

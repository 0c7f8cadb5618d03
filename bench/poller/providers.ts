/**
 * Fake SMS providers for bench/poller, run in a worker thread (providers are remote in production;
 * here they get their own thread so serving them does not eat the poller's event loop).
 *
 * Starts `fast + slow + fail` `node:http` servers on 127.0.0.1, port 0. A request for
 * `/p/<phone>` is answered with one verification message whose id is stable per phone (so a later
 * poll of the same number stores nothing new): at once by a fast host, after `slowMs` by a slow one;
 * a failing host answers 500; a hanging host accepts and never answers. Per phase, the worker keeps each phone's first request arrival and
 * the instant just before `res.end` of its first answer (epoch ms, sub-millisecond:
 * `performance.timeOrigin + performance.now()`, comparable across threads).
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

export type ProvidersConfig = {
  fast: number;
  slow: number;
  fail: number;
  /** Hosts that accept connections and never answer. */
  hang: number;
  slowMs: number;
};
export type ProviderHosts = { fast: string[]; slow: string[]; fail: string[]; hang: string[] };
/** Worker → main. */
export type ProvidersReply =
  | { type: 'ready'; hosts: ProviderHosts }
  | { type: 'phase' }
  | {
      type: 'report';
      arrived: Map<string, number>;
      answered: Map<string, number>;
      /** Every request of the phase: [phone, arrival]. */
      all: [string, number][];
      requests: number;
    }
  | { type: 'count'; phones: number }
  | { type: 'closed' };
/** Main → worker. `phase` starts a new recording (clearing the previous one). */
export type ProvidersRequest =
  { type: 'phase' } | { type: 'count' } | { type: 'report' } | { type: 'close' };

const port = parentPort!;
const cfg = workerData as ProvidersConfig;
const clock = () => performance.timeOrigin + performance.now();

let arrived = new Map<string, number>();
let answered = new Map<string, number>();
let all: [string, number][] = [];
let requests = 0;

const pad = (n: number) => String(n).padStart(2, '0');
const providerTime = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
const sentAt = providerTime(new Date(Date.now() - 60_000));
const endtime = providerTime(new Date(Date.now() + 30 * 86_400_000));

function body(phone: string): string {
  const code = String(100000 + (Number(phone.slice(-6)) % 900000));
  return JSON.stringify({
    data: [
      {
        id: `${phone}-1`,
        from: 'Telegram',
        content: `Telegram code: ${code}. Do not give this code to anyone, even if they say they are from Telegram!`,
        timestamp: sentAt,
      },
    ],
    endtime,
  });
}

type Kind = 'fast' | 'slow' | 'fail' | 'hang';
const sockets = new Set<Socket>();
const servers: http.Server[] = [];

async function start(kind: Kind): Promise<string> {
  const server = http.createServer((req, res) => {
    requests++;
    const phone = /^\/p\/(\d+)/.exec(req.url ?? '')?.[1] ?? '';
    const at = clock();
    if (!arrived.has(phone)) arrived.set(phone, at);
    all.push([phone, at]);
    if (kind === 'hang') return; // never answers; the socket is destroyed on close
    const answer = () => {
      if (kind === 'fail') {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"error":"internal error"}');
        return;
      }
      const text = body(phone);
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(text),
      });
      if (!answered.has(phone)) answered.set(phone, clock());
      res.end(text);
    };
    if (kind === 'slow') setTimeout(answer, cfg.slowMs);
    else answer();
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  servers.push(server);
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const startAll = async (kind: Kind, n: number) => {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(await start(kind));
  return out;
};

const hosts: ProviderHosts = {
  fast: await startAll('fast', cfg.fast),
  slow: await startAll('slow', cfg.slow),
  fail: await startAll('fail', cfg.fail),
  hang: await startAll('hang', cfg.hang),
};

const send = (m: ProvidersReply) => port.postMessage(m);

port.on('message', (m: ProvidersRequest) => {
  if (m.type === 'phase') {
    arrived = new Map();
    answered = new Map();
    all = [];
    requests = 0;
    send({ type: 'phase' });
  } else if (m.type === 'count') {
    send({ type: 'count', phones: arrived.size });
  } else if (m.type === 'report') {
    send({ type: 'report', arrived, answered, all, requests });
  } else if (m.type === 'close') {
    for (const s of sockets) s.destroy();
    void Promise.all(servers.map((s) => new Promise((r) => s.close(r)))).then(() => {
      send({ type: 'closed' });
      port.close();
    });
  }
});
send({ type: 'ready', hosts });

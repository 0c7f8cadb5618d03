/**
 * Fake SMS providers for bench/expecting, run in a worker thread (providers are remote in
 * production; here they get their own thread so serving them does not eat the app's event loop).
 *
 * Starts `fast` `node:http` servers on 127.0.0.1 (port 0) that answer at once, and `hang` servers
 * that accept and never answer. A fast host answers `/p/<phone>` with an empty inbox until the
 * phone's scheduled instant (`schedule`: epoch ms, `performance.timeOrigin + performance.now()`,
 * comparable across threads), and from then on with one verification message holding the phone's
 * new code: the SMS has landed at the provider.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

export type ProvidersConfig = { fast: number; hang: number };
export type ProviderHosts = { fast: string[]; hang: string[] };
/** Worker → main. */
export type ProvidersReply =
  | { type: 'ready'; hosts: ProviderHosts }
  | { type: 'scheduled' }
  | { type: 'report'; requests: { fast: number; hang: number } }
  | { type: 'closed' };
/** Main → worker. */
export type ProvidersRequest =
  { type: 'schedule'; at: [phone: string, at: number][] } | { type: 'report' } | { type: 'close' };

/** The code a phone's scheduled SMS carries (6 digits, from the phone). */
const codeOf = (phone: string) => String(100000 + (Number(phone.slice(-6)) % 900000));

const port = parentPort!;
const cfg = workerData as ProvidersConfig;
const clock = () => performance.timeOrigin + performance.now();

let schedule = new Map<string, number>();
const requests = { fast: 0, hang: 0 };
const sockets = new Set<Socket>();
const servers: http.Server[] = [];

function body(phone: string): string {
  const at = schedule.get(phone);
  if (at === undefined || clock() < at) return '{"data":[]}';
  return JSON.stringify({
    data: [
      {
        id: `sms-${phone}`,
        from: 'Telegram',
        content: `Telegram code: ${codeOf(phone)}. Do not give this code to anyone!`,
        timestamp: new Date(at).toISOString(),
      },
    ],
  });
}

async function start(kind: 'fast' | 'hang'): Promise<string> {
  const server = http.createServer((req, res) => {
    requests[kind]++;
    if (kind === 'hang') return; // never answers; the socket is destroyed on close
    const text = body(/^\/p\/(\d+)/.exec(req.url ?? '')?.[1] ?? '');
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
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

const hosts: ProviderHosts = { fast: [], hang: [] };
for (let i = 0; i < cfg.fast; i++) hosts.fast.push(await start('fast'));
for (let i = 0; i < cfg.hang; i++) hosts.hang.push(await start('hang'));

const send = (m: ProvidersReply) => port.postMessage(m);
port.on('message', (m: ProvidersRequest) => {
  if (m.type === 'schedule') {
    schedule = new Map(m.at);
    send({ type: 'scheduled' });
  } else if (m.type === 'report') {
    send({ type: 'report', requests: { ...requests } });
  } else if (m.type === 'close') {
    for (const s of sockets) s.destroy();
    void Promise.all(servers.map((s) => new Promise((r) => s.close(r)))).then(() => {
      send({ type: 'closed' });
      port.close();
    });
  }
});
send({ type: 'ready', hosts });

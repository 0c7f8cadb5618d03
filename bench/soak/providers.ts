/**
 * Fake SMS providers for bench/soak, in a worker thread (remote in production; here their own
 * isolate, so their memory is not in the app's heap that the soak measures). On 127.0.0.1, port 0:
 *
 * - `healthy` (3 hosts): `/p/<phone>` answers at once with the phone's last three verification
 *   messages; a new one arrives every NEW_MESSAGE_MS per phone (its id is the period's number), so
 *   the poller keeps storing new messages for the whole run, as for a number in use.
 * - `slow`: the same after SLOW_MS.
 * - `bad`: answers 200 with payloads a provider should not send, in turn: invalid JSON, an HTML
 *   page, JSON of the wrong shape, messages with the wrong field types, and a body over the
 *   fetcher's 1 MB cap.
 * - `hung`: accepts connections and never answers (`bench/lib/fault-hosts.ts`).
 * - `dead`: a loopback port with nothing listening (connections refused).
 *
 * Replies `{ type: 'ready', hosts }`; on `{ type: 'count' }` replies the requests per kind so far;
 * on `{ type: 'close' }` closes everything and replies `{ type: 'closed' }`.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { parentPort } from 'node:worker_threads';
import { hungHost, refusedHost } from '../lib/fault-hosts.ts';

export type SoakHosts = {
  healthy: string[];
  slow: string;
  bad: string;
  hung: string;
  dead: string;
};
export type SoakProvidersReply =
  | { type: 'ready'; hosts: SoakHosts }
  | { type: 'count'; requests: Record<string, number> }
  | { type: 'closed' };

const NEW_MESSAGE_MS = 20_000;
const SLOW_MS = 3_000;
const port = parentPort!;
const requests: Record<string, number> = { healthy: 0, slow: 0, bad: 0 };

const pad = (n: number) => String(n).padStart(2, '0');
const providerTime = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;

/** The phone's inbox now: its newest three messages, one per NEW_MESSAGE_MS. */
function inbox(phone: string): string {
  const period = Math.floor(Date.now() / NEW_MESSAGE_MS);
  const data = [0, 1, 2].map((back) => {
    const p = period - back;
    const code = String(100000 + ((Number(phone.slice(-4)) * 7919 + p) % 900000));
    return {
      id: `${phone}-${p}`,
      from: 'Telegram',
      content: `Telegram code: ${code}. Do not give this code to anyone, even if they say they are from Telegram!`,
      timestamp: providerTime(new Date(p * NEW_MESSAGE_MS)),
    };
  });
  return JSON.stringify({ data, endtime: providerTime(new Date(Date.now() + 30 * 86_400_000)) });
}

const BAD_BODIES: { type: string; body: string }[] = [
  { type: 'application/json', body: '{"data": [{"id": "1", "from": "Acme", "content": ' },
  { type: 'text/html', body: '<!doctype html><title>Bad gateway</title><h1>Oops</h1>' },
  { type: 'application/json', body: '{"data": "no messages here", "endtime": 12}' },
  {
    type: 'application/json',
    body: JSON.stringify({ data: [{ id: 7, from: null, content: { text: 1 }, timestamp: [] }] }),
  },
  { type: 'application/json', body: `{"data": [], "pad": "${'x'.repeat(1_200_000)}"}` },
];
let badTurn = 0;

const sockets = new Set<Socket>();
const servers: http.Server[] = [];
async function start(kind: 'healthy' | 'slow' | 'bad'): Promise<string> {
  const server = http.createServer((req, res) => {
    requests[kind]!++;
    if (kind === 'bad') {
      const bad = BAD_BODIES[badTurn++ % BAD_BODIES.length]!;
      res.writeHead(200, { 'content-type': bad.type });
      res.end(bad.body);
      return;
    }
    const phone = /^\/p\/(\d+)/.exec(req.url ?? '')?.[1] ?? '0000';
    const answer = () => {
      const text = inbox(phone);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(text);
    };
    if (kind === 'slow') setTimeout(answer, SLOW_MS);
    else answer();
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  servers.push(server);
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const hung = await hungHost();
const hosts: SoakHosts = {
  healthy: [await start('healthy'), await start('healthy'), await start('healthy')],
  slow: await start('slow'),
  bad: await start('bad'),
  hung: hung.hostPort,
  dead: await refusedHost(),
};

port.on('message', (m: { type: 'count' | 'close' }) => {
  if (m.type === 'count')
    port.postMessage({ type: 'count', requests } satisfies SoakProvidersReply);
  else {
    for (const s of sockets) s.destroy();
    void Promise.all([hung.close(), ...servers.map((s) => new Promise((r) => s.close(r)))]).then(
      () => {
        port.postMessage({ type: 'closed' } satisfies SoakProvidersReply);
        port.close();
      },
    );
  }
});
port.postMessage({ type: 'ready', hosts } satisfies SoakProvidersReply);

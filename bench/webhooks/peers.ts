/**
 * The outside world of bench/webhooks, in its own worker thread (its event loop is not the app's):
 * one fake provider host and three webhook receivers on 127.0.0.1. The provider answers each
 * phone's inbox (a JSON list, empty until the parent gives the phone a code); `healthy` answers
 * 200 at once (as a webhook receiver, an ntfy server, Discord's and Slack's incoming webhooks and
 * Telegram's Bot API would) and reports every delivery's arrival, `failing` answers 500, `hung`
 * never answers.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';

export type PeersRequest = { type: 'code'; phone: string; id: string; code: string };
export type PeersReply =
  | {
      type: 'ready';
      provider: string;
      healthy: string;
      failing: string;
      hung: string;
      /** A browser's push subscription keys (the healthy host is its push service). */
      push: { p256dh: string; auth: string };
    }
  | { type: 'arrivals'; items: Arrival[] };
/**
 * A delivery at the healthy receiver: its body's type, message id and timestamp (a webhook's),
 * the code it carries (a webhook's `data.code`, or the first 6-digit number of a channel's
 * message), arrival time.
 */
export type Arrival = {
  path: string;
  event: string;
  messageId?: string;
  code?: string;
  sentAt: string;
  at: number;
};

const clock = () => performance.timeOrigin + performance.now();
/** The push subscription's keys: what the healthy host gets on /push/* it decrypts (RFC 8291). */
const ecdh = crypto.createECDH('prime256v1');
ecdh.generateKeys();
const auth = crypto.randomBytes(16).toString('base64url');
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(
    body: Buffer,
    params: { version: string; privateKey: crypto.ECDH; authSecret: string },
  ): Buffer;
};
const inbox = new Map<string, { id: string; from: string; content: string }[]>();
let arrivals: Arrival[] = [];

async function listen(handler: http.RequestListener) {
  const server = http.createServer({ keepAliveTimeout: 60_000 }, handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const provider = await listen((req, res) => {
  const phone = /\/p\/(\d{10})/.exec(req.url ?? '')?.[1] ?? '';
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(inbox.get(phone) ?? []));
});
const healthy = await listen((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const at = clock();
    let body = Buffer.concat(chunks).toString();
    if (req.url?.startsWith('/push/')) {
      try {
        const raw = Buffer.concat(chunks);
        body = ece
          .decrypt(raw, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth })
          .toString();
      } catch {
        body = '';
      }
      res.writeHead(201);
    }
    try {
      const p = JSON.parse(body) as {
        type?: string;
        timestamp?: string;
        data?: { messageId?: string; code?: string };
      };
      const code = p.data?.code ?? /\b(\d{6})\b/.exec(body)?.[1];
      arrivals.push({
        path: req.url ?? '',
        event: p.type ?? 'channel',
        sentAt: p.timestamp ?? '',
        at,
        ...(p.data?.messageId ? { messageId: p.data.messageId } : {}),
        ...(code ? { code } : {}),
      });
      if (req.url?.endsWith('/sendMessage')) {
        res.setHeader('content-type', 'application/json');
        return res.end('{"ok":true,"result":{"message_id":1}}');
      }
    } catch {
      arrivals.push({ path: req.url ?? '', event: 'unparsed', sentAt: '', at });
    }
    res.end('ok');
  });
});
const failing = await listen((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(500);
    res.end('receiver error');
  });
});
const hung = await listen((req) => {
  req.resume(); // reads the body, never answers
});

parentPort!.on('message', (m: PeersRequest | { type: 'arrivals' }) => {
  if (m.type === 'code') {
    const list = inbox.get(m.phone) ?? [];
    list.push({ id: m.id, from: 'Bench', content: `Your verification code is ${m.code}` });
    inbox.set(m.phone, list);
  } else {
    parentPort!.postMessage({ type: 'arrivals', items: arrivals } satisfies PeersReply);
    arrivals = [];
  }
});
parentPort!.postMessage({
  type: 'ready',
  provider,
  healthy,
  failing,
  hung,
  push: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
} satisfies PeersReply);

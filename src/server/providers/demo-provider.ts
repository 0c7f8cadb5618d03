import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { App } from '../app.ts';
import type { FetchOutcome } from './safe-fetch.ts';

/**
 * The built-in demo provider (DEMO_PROVIDER=1): `GET /demo-provider/{10 digits}` behaves like a
 * rented number's API link. Each number receives a new realistic code every 30–90 s (a fixed
 * period per number, so it is stateless and the same in every process) and has an end date.
 */

const SERVICES = [
  [
    'Telegram',
    'Telegram code: {c}. Do not give this code to anyone, even if they say they are from Telegram!',
  ],
  ['WhatsApp', 'Your WhatsApp code: {c3}-{c3b}. Don\u2019t share this code with others.'],
  ['Google', 'G-{c} is your Google verification code.'],
  ['Microsoft', 'Use {c} as Microsoft account security code.'],
  ['Amazon', '{c} is your Amazon OTP. Do not share it with anyone.'],
  ['PayPal', 'PayPal: Your security code is {c}. Your code expires in 10 minutes.'],
  ['Discord', 'Your Discord verification code is: {c}'],
  ['TikTok', '[TikTok] {c} is your verification code, valid for 5 minutes.'],
  ['Apple', 'Your Apple ID Code is: {c}. Don\u2019t share it with anyone.'],
  ['Uber', 'Your Uber code: {c}. Never share this code.'],
] as const;

const digest = (s: string) => createHash('sha256').update(s).digest();

const pad = (n: number) => String(n).padStart(2, '0');
/** 'YYYY-MM-DD hh:mm:ss' in UTC, the format providers use. */
export const providerTime = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;

type DemoMessage = { id: string; from: string; content: string; timestamp: Date };

/** The latest `count` messages of a demo number at `now`, newest first, and its end date. */
export function demoMessages(phone: string, now: Date, count = 3) {
  const seed = digest(`demo:${phone}`);
  const periodMs = (30 + (seed.readUInt32BE(0) % 61)) * 1000;
  const offset = seed.readUInt32BE(4) % periodMs;
  const slot = Math.floor((now.getTime() - offset) / periodMs);
  const messages: DemoMessage[] = [];
  for (let k = slot; k > slot - count; k--) {
    const h = digest(`demo:${phone}:${k}`);
    const [from, template] = SERVICES[h.readUInt32BE(0) % SERVICES.length]!;
    const code = String(100000 + (h.readUInt32BE(4) % 900000));
    messages.push({
      id: `demo-${phone}-${k}`,
      from,
      content: template
        .replace('{c3}', code.slice(0, 3))
        .replace('{c3b}', code.slice(3))
        .replace('{c}', code),
      timestamp: new Date(k * periodMs + offset),
    });
  }
  // The rental ends 3–60 days after today (the same for every process), at midnight UTC.
  const day = 86_400_000;
  const endDate = new Date(
    (Math.floor(now.getTime() / day) + 3 + (seed.readUInt32BE(8) % 58)) * day,
  );
  return { messages, endDate };
}

/** The provider's answer: plain `YES|text|YYYY-MM-DD hh:mm:ss` (newest message) or JSON. */
export function demoResponse(phone: string, now: Date, format: 'text' | 'json') {
  const { messages, endDate } = demoMessages(phone, now);
  if (format === 'json') {
    return {
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({
        status: 'success',
        endtime: providerTime(endDate),
        messages: messages.map((m) => ({
          id: m.id,
          from: m.from,
          content: m.content,
          timestamp: providerTime(m.timestamp),
        })),
      }),
    };
  }
  const latest = messages[0]!;
  return {
    contentType: 'text/plain; charset=utf-8',
    body: `YES|${latest.content}|${providerTime(endDate)}`,
  };
}

const DEMO_PATH = /^\/demo-provider\/(\d{10})$/;

/**
 * Links to this app's own demo provider are answered in-process (no HTTP round trip, and no need to
 * open the app's origin to the provider fetch, whose other paths must stay unreachable).
 */
export function demoLinkFetcher(publicUrl: string, port: number, now: () => Date) {
  const origins = new Set([
    new URL(publicUrl).origin,
    `http://localhost:${port}`,
    `http://127.0.0.1:${port}`,
  ]);
  return (raw: string): FetchOutcome | undefined => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return undefined;
    }
    const m = DEMO_PATH.exec(url.pathname);
    if (!origins.has(url.origin) || !m) return undefined;
    const format = url.searchParams.get('format') === 'json' ? 'json' : 'text';
    const r = demoResponse(m[1]!, now(), format);
    return { ok: true, status: 200, contentType: r.contentType, body: r.body, finalUrl: raw };
  };
}

export function demoProviderRoutes(app: App, now: () => Date) {
  app.get(
    '/demo-provider/:number',
    {
      schema: {
        tags: ['demo'],
        params: z.object({ number: z.string().regex(/^\d{10}$/, 'Not found') }),
        querystring: z.object({ format: z.enum(['text', 'json']).default('text') }),
      },
    },
    async (req, reply) => {
      const r = demoResponse(req.params.number, now(), req.query.format);
      reply.header('cache-control', 'no-store').type(r.contentType);
      return r.body;
    },
  );
}

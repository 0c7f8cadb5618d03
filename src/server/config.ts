import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/** The only place that reads process.env. Everything else receives a Config. */

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const emailList = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email()));

/** Names Fastify's proxy-addr understands for address ranges. */
const proxyRangeNames = ['loopback', 'linklocal', 'uniquelocal'];

/** An IPv4 (dotted quad) or IPv6 address, with an optional CIDR prefix of at least 1. */
function isProxyAddress(s: string) {
  if (proxyRangeNames.includes(s)) return true;
  const [address = '', prefix, ...rest] = s.split('/');
  if (rest.length > 0) return false;
  const v4 = ipaddr.IPv4.isValidFourPartDecimal(address);
  if (!v4 && !(ipaddr.IPv6.isValid(address) && !address.includes('%'))) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && ipaddr.isValidCIDR(s);
}

/** false (trust no proxy), a hop count, or the addresses/ranges of trusted proxies. */
const trustProxy = z.string().transform((raw, ctx) => {
  const s = raw.trim().toLowerCase();
  if (s === 'false' || s === '0' || s === 'none') return false as const;
  if (/^([1-9]|10)$/.test(s)) return Number(s);
  const list = s
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (list.length > 0 && list.every(isProxyAddress)) return list;
  ctx.addIssue({ code: 'custom', message: 'invalid proxy list' });
  return z.NEVER;
});

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .transform((u) => (u ? u.replace(/\/+$/, '') : undefined)),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  SECRET_KEY: z.string().min(32).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('VOIP Manager <no-reply@localhost>'),
  PROCESS_MODE: z.enum(['all', 'web', 'worker']).default('all'),
  ADMIN_EMAILS: emailList.default([]),
  DEMO_PROVIDER: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PROVIDER_ALLOWLIST: z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/)))
    .default([]),
  POLL_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  WATCHED_POLL_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  EXPECTING_POLL_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(60).default(2),
  EXPECTING_WINDOW_SECONDS: z.coerce.number().int().min(10).max(3600).default(180),
  POLL_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(200),
  POLL_HOST_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(16),
  TRUST_PROXY: trustProxy.optional(),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d{1,20}:[A-Za-z0-9_-]{20,100}$/)
    .optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/)
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/)
    .optional(),
  TELEGRAM_API_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://api.telegram.org')
    .transform((u) => u.replace(/\/+$/, '')),
});

const expected: Record<string, string> = {
  NODE_ENV: 'one of development, production, test',
  PORT: 'an integer from 0 to 65535',
  HOST: 'a host name or address to listen on',
  PUBLIC_URL: 'an http(s) URL such as https://voip.example.com',
  DATA_DIR: 'a directory path',
  DATABASE_URL: 'a postgres:// or postgresql:// URL',
  SECRET_KEY: 'a random string of at least 32 characters',
  SMTP_URL: 'an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587',
  MAIL_FROM: 'a sender such as "VOIP Manager <no-reply@example.com>"',
  PROCESS_MODE: 'one of all, web, worker',
  ADMIN_EMAILS: 'a comma-separated list of email addresses',
  DEMO_PROVIDER: 'one of 1, 0, true, false',
  LOG_LEVEL: 'one of fatal, error, warn, info, debug, trace, silent',
  PROVIDER_ALLOWLIST: 'a comma-separated list of host:port pairs such as 127.0.0.1:4000',
  POLL_INTERVAL_SECONDS: 'an integer number of seconds from 1 to 3600',
  WATCHED_POLL_INTERVAL_SECONDS: 'an integer number of seconds from 1 to 3600',
  EXPECTING_POLL_INTERVAL_SECONDS: 'an integer number of seconds from 1 to 60',
  EXPECTING_WINDOW_SECONDS: 'an integer number of seconds from 10 to 3600',
  POLL_CONCURRENCY: 'an integer from 1 to 10000',
  POLL_HOST_CONCURRENCY: 'an integer from 1 to 1000',
  TELEGRAM_BOT_TOKEN:
    'a bot token from @BotFather such as 123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11',
  TELEGRAM_API_URL: 'the http(s) base URL of the Telegram Bot API',
  VAPID_PUBLIC_KEY:
    'a VAPID public key (87 base64url characters), set together with VAPID_PRIVATE_KEY',
  VAPID_PRIVATE_KEY:
    'a VAPID private key (43 base64url characters), set together with VAPID_PUBLIC_KEY',
  VAPID_SUBJECT: 'a mailto: address or an https: URL push services can reach you at',
  TRUST_PROXY:
    'false, 0 or none; a hop count from 1 to 10; or a comma-separated list of IP addresses, CIDR ranges (such as 10.0.0.0/8) and loopback, linklocal, uniquelocal',
};

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  /**
   * Whether an emailed sign-in link may use the origin the request came from instead of
   * `publicUrl`: only in development without PUBLIC_URL, and only for a loopback Host
   * (`signInLinkOrigin`), so a site opened at 127.0.0.1 signs in there and not at localhost.
   */
  linksFromLoopbackHost: boolean;
  secureCookies: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  secretKey: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  processMode: 'all' | 'web' | 'worker';
  adminEmails: string[];
  demoProvider: boolean;
  logLevel: string;
  /** host:port pairs (lower-case; IPv6 in brackets) the provider fetch may reach despite the address checks. */
  providerAllowlist: string[];
  pollIntervalMs: number;
  watchedPollIntervalMs: number;
  /** Poll interval of a number expecting a code, and how long copying a number arms it. */
  expectingPollIntervalMs: number;
  expectingWindowMs: number;
  pollConcurrency: number;
  pollHostConcurrency: number;
  /**
   * Fastify's `trustProxy`, i.e. which peers' X-Forwarded-For is believed: false (none), the
   * addresses, CIDR ranges and proxy-addr names of the trusted proxies (default `loopback`), or,
   * for a hop count, a trust function (Fastify treats a bare number as trusting nothing).
   */
  trustProxy: false | string[] | ((address: string, hop: number) => boolean);
  /** The site's Telegram bot (notification channels), and the Bot API it talks to. */
  telegramBotToken: string | undefined;
  telegramApiUrl: string;
  /** Web Push's VAPID keys (both or neither; generated into DATA_DIR when unset) and contact. */
  vapidPublicKey: string | undefined;
  vapidPrivateKey: string | undefined;
  vapidSubject: string | undefined;
};

export class ConfigError extends Error {}

/** proxy-addr's trust function for a hop count: the nearest `n` addresses are proxies. */
const hops = (n: number) => (_address: string, hop: number) => hop < n;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Treat empty strings as unset so `FOO= npm start` means "default".
  const cleaned = Object.fromEntries(
    Object.keys(envSchema.shape)
      .map((k) => [k, env[k]] as const)
      .filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(
      `Invalid environment variable ${name}=${JSON.stringify(cleaned[name])}: expected ${expected[name] ?? issue.message}`,
    );
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.SECRET_KEY) {
    throw new ConfigError(
      `Missing environment variable SECRET_KEY: expected ${expected.SECRET_KEY} (required when NODE_ENV=production)`,
    );
  }
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY) {
    const missing = e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
    throw new ConfigError(
      `Missing environment variable ${missing}: expected ${expected[missing]} (VAPID keys are set in pairs)`,
    );
  }
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    // Outside production only this machine can connect unless HOST says otherwise: the dev outbox
    // and the demo provider are no one else's business.
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    publicUrl,
    linksFromLoopbackHost: !e.PUBLIC_URL && e.NODE_ENV === 'development',
    secureCookies: publicUrl.startsWith('https:'),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    secretKey: e.SECRET_KEY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    processMode: e.PROCESS_MODE,
    adminEmails: e.ADMIN_EMAILS,
    demoProvider: e.DEMO_PROVIDER ?? e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    providerAllowlist: e.PROVIDER_ALLOWLIST,
    pollIntervalMs: e.POLL_INTERVAL_SECONDS * 1000,
    watchedPollIntervalMs: e.WATCHED_POLL_INTERVAL_SECONDS * 1000,
    expectingPollIntervalMs: e.EXPECTING_POLL_INTERVAL_SECONDS * 1000,
    expectingWindowMs: e.EXPECTING_WINDOW_SECONDS * 1000,
    pollConcurrency: e.POLL_CONCURRENCY,
    pollHostConcurrency: e.POLL_HOST_CONCURRENCY,
    trustProxy:
      typeof e.TRUST_PROXY === 'number' ? hops(e.TRUST_PROXY) : (e.TRUST_PROXY ?? ['loopback']),
    telegramBotToken: e.TELEGRAM_BOT_TOKEN,
    telegramApiUrl: e.TELEGRAM_API_URL,
    vapidPublicKey: e.VAPID_PUBLIC_KEY,
    vapidPrivateKey: e.VAPID_PRIVATE_KEY,
    vapidSubject: e.VAPID_SUBJECT,
  };
}

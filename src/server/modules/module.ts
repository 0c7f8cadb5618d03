import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { App } from '../app.ts';
import type { Scheduler } from '../clock.ts';
import type { Config } from '../config.ts';
import type { createCipher } from '../crypto.ts';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Vapid } from '../vapid.ts';
import type { PollerOptions } from '../poller/poller.ts';
import type { SafeFetchOptions } from '../providers/safe-fetch.ts';
import type { ApiKeyRateLimit } from './api-keys/api-key-auth.ts';
import type { WebhookTuning } from './webhooks/webhooks.module.ts';
import type { ChannelTuning } from './channels/channels.module.ts';
import type { AnalyticsRateLimits } from './analytics/analytics.routes.ts';
import type { PublicRateLimits } from './sharing/public.routes.ts';

/**
 * Tuning beyond the config, for tests and benches (production uses the defaults). Each part is
 * read by the one module it tunes.
 */
export type Tuning = {
  /** The poller's options (polling). */
  poller?: Partial<PollerOptions>;
  /** The provider fetchers' deadline, its timers and their resolver (polling). */
  provider?: Pick<SafeFetchOptions, 'timeoutMs' | 'timers' | 'lookup'>;
  /** Timers that end waits for a code (messages). */
  codeWaitTimers?: Scheduler;
  /** SSE heartbeat period (events). */
  heartbeatMs?: number;
  /** Limits of the public sharing routes (sharing). */
  publicRateLimits?: Partial<PublicRateLimits>;
  /** Limit of `POST /v1/analytics/events` per address (analytics). */
  analyticsRateLimits?: Partial<AnalyticsRateLimits>;
  /** Requests per key and window, every route together (api-keys). */
  apiKeyRateLimit?: Partial<ApiKeyRateLimit>;
  /** The webhook delivery worker's options and attempt deadline (webhooks). */
  webhooks?: WebhookTuning;
  /** The Telegram bot's long polling (channels). */
  channels?: ChannelTuning;
  /** How long a blog post's Markdown may take to render (blog). */
  markdownTimeoutMs?: number;
};

/** What every module is built from: the process's configuration and its shared resources. */
export type AppContext = {
  config: Config;
  database: Database;
  mailer: Mailer;
  secret: string;
  now: () => Date;
  /** The API-link cipher (one per app: it caches what it decrypted). */
  cipher: ReturnType<typeof createCipher>;
  tuning: Tuning;
  /** Web Push's VAPID identity, when the site has one (main.ts always does). */
  vapid: Vapid | undefined;
};

/**
 * A module of the app as a Fastify plugin: it registers its routes, creates its services (and
 * decorates the app with those other modules use), starts nothing by itself, and stops its
 * background work in its own close hooks. `dependencies` name the modules whose decorations or
 * hooks it relies on: Fastify refuses to boot if one of them was not registered before it.
 * Registered with `fastify-plugin`, so hooks and decorations apply to the whole app.
 */
export function defineModule(
  name: string,
  dependencies: string[],
  register: (app: App, ctx: AppContext) => void | Promise<void>,
) {
  return fp(
    async (app: FastifyInstance, opts: { ctx: AppContext }) => register(app as App, opts.ctx),
    { name, dependencies, fastify: '5.x' },
  );
}
export type AppModule = ReturnType<typeof defineModule>;

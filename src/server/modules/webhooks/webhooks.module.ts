import { retentionJob, type RetentionJob } from '../../retention-job.ts';
import { createSafeFetcher } from '../../providers/safe-fetch.ts';
import { defineModule } from '../module.ts';
import {
  createDeliveryWorker,
  type DeliveryWorker,
  type DeliveryWorkerOptions,
} from './delivery-worker.ts';
import { webhooksRepository } from './webhooks.repository.ts';
import { webhooksRoutes } from './webhooks.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends webhook deliveries (background work). */
    deliveries: DeliveryWorker;
    /** Prunes finished deliveries past the admin's retention (background work). */
    webhookLogRetention: RetentionJob<'deliveries'>;
  }
}

const DAY_MS = 86_400_000;
/** How long one delivery attempt may take (connect, send, answer). */
export const DELIVERY_TIMEOUT_MS = 5_000;

export type WebhookTuning = Partial<DeliveryWorkerOptions> & { timeoutMs?: number };

/**
 * Webhooks: their routes, and the worker that sends their deliveries (made by the poller's write,
 * in the transaction that stores the messages). Receivers are reached through the SSRF-safe
 * fetcher with its own connection pool (the provider guard, PROVIDER_ALLOWLIST), no redirects
 * and a short deadline.
 */
export const webhooksModule = defineModule('webhooks', ['auth', 'settings'], (app, ctx) => {
  const { config, now, cipher } = ctx;
  const repo = webhooksRepository(ctx.database.db);
  const { timeoutMs, ...options } = ctx.tuning.webhooks ?? {};
  const fetcher = createSafeFetcher({
    allowlist: config.providerAllowlist,
    timeoutMs: timeoutMs ?? DELIVERY_TIMEOUT_MS,
    maxRedirects: 0,
    ...(ctx.tuning.provider?.lookup ? { lookup: ctx.tuning.provider.lookup } : {}),
  });
  const worker = createDeliveryWorker({
    repo,
    send: (url, headers, body) => fetcher.fetch(url, { method: 'POST', headers, body }),
    decrypt: (s) => cipher.decrypt(s),
    now,
    log: app.log,
    mailer: ctx.mailer,
    publicUrl: config.publicUrl,
    options,
  });
  app.decorate('deliveries', worker);
  app.background.add('webhook deliveries', worker);
  app.addHook('onClose', async () => {
    await worker.stop();
    await fetcher.close();
  });
  webhooksRoutes(app, { repo, cipher, now, kick: worker.kick });

  const retention = retentionJob({
    name: 'webhook log',
    steps: {
      deliveries: async (at, batch) => {
        const days = await app.settings.get('webhook_log_retention_days');
        return repo.pruneDeliveries(new Date(at.getTime() - days * DAY_MS), batch);
      },
    },
    now,
    log: app.log,
  });
  app.decorate('webhookLogRetention', retention);
  app.background.add('webhook log retention', retention);
  app.addHook('onClose', async () => retention.stop());
});

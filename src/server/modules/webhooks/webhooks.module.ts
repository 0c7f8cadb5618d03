import { batchJob, type BatchJob } from '../../batch-job.ts';
import { createSafeFetcher } from '../../providers/safe-fetch.ts';
import { defineModule } from '../module.ts';
import {
  createDeliveryWorker,
  type DeliveryWorker,
  type DeliveryWorkerOptions,
} from './delivery-worker.ts';
import { DIGEST_DAYS } from '../../../shared/channels.ts';
import { createSender } from './targets.ts';
import { webhooksRepository } from './webhooks.repository.ts';
import { webhooksRoutes } from './webhooks.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends webhook deliveries (background work). */
    deliveries: DeliveryWorker;
    /** Prunes finished deliveries past the admin's retention (background work). */
    webhookLogRetention: BatchJob<'deliveries' | 'expiryMarks'>;
    /** Queues number.expiring deliveries (background work). */
    webhookExpiryEvents: BatchJob<'queued'>;
    /** Queues number.dead deliveries and flags the numbers (background work). */
    deadLinkEvents: BatchJob<'queued'>;
    /** Queues each channel's weekly expiry digest (background work). */
    expiryDigests: BatchJob<'queued'>;
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
export const webhooksModule = defineModule(
  'webhooks',
  ['auth', 'settings', 'polling'],
  (app, ctx) => {
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
      send: createSender({
        post: (url, headers, body) => fetcher.fetch(url, { method: 'POST', headers, body }),
        mailer: ctx.mailer,
        // The channels module's bot holds the token in use (registered after this module).
        telegram: () => app.telegramBot?.credentials(),
        vapid: ctx.vapid,
      }),
      decrypt: (s) => cipher.decrypt(s),
      now,
      log: app.log,
      mailer: ctx.mailer,
      publicUrl: config.publicUrl,
      options,
    });
    app.decorate('deliveries', worker);
    app.background.add('webhook deliveries', worker);
    // Deliveries of new messages are made by the poller's write: sent at once, not at the next tick.
    app.poller.onNewMessages(worker.kick);
    app.addHook('onClose', async () => {
      await worker.stop();
      await fetcher.close();
    });
    webhooksRoutes(app, { repo, cipher, now, kick: worker.kick });

    const retention = batchJob({
      name: 'webhook log retention',
      steps: {
        deliveries: async (at, batch) => {
          const days = await app.settings.get('webhook_log_retention_days');
          return repo.pruneDeliveries(new Date(at.getTime() - days * DAY_MS), batch);
        },
        // The marks of end dates gone by: no number.expiring is due for them any more.
        expiryMarks: (at, batch) => repo.pruneExpiryMarks(at, batch),
      },
      now,
      log: app.log,
    });
    app.decorate('webhookLogRetention', retention);
    app.background.add('webhook log retention', retention);
    app.addHook('onClose', async () => retention.stop());

    /**
     * A background job that queues deliveries (scheduled events): `queue` makes up to `batch` of
     * them for `at` and answers how many; the worker claims them at once.
     */
    const eventJob = (
      name: string,
      everyMs: number,
      firstMs: number,
      queue: (at: Date, batch: number) => Promise<number>,
    ) => {
      const job = batchJob({
        name,
        steps: {
          queued: async (at, batch) => {
            const n = await queue(at, batch);
            if (n > 0) worker.kick();
            return n;
          },
        },
        now,
        log: app.log,
        everyMs,
        firstMs,
      });
      app.background.add(name, job);
      app.addHook('onClose', async () => job.stop());
      return job;
    };
    // number.expiring reminders: every 5 minutes (once per endpoint, number, end date, threshold).
    app.decorate(
      'webhookExpiryEvents',
      eventJob('webhook expiry events', 5 * 60_000, 10_000, (at, batch) =>
        repo.queueExpiring(at, batch),
      ),
    );
    // number.dead: a link failing for the site's dead-link hours, told once per failing spell.
    app.decorate(
      'deadLinkEvents',
      eventJob('dead link events', 5 * 60_000, 20_000, async (at, batch) => {
        const hours = await app.settings.get('dead_link_hours');
        return repo.queueDead(at, new Date(at.getTime() - hours * 3_600_000), batch);
      }),
    );
    // The weekly expiry digest of the channels taking it: checked hourly, queued once a week.
    app.decorate(
      'expiryDigests',
      eventJob('expiry digests', 60 * 60_000, 60_000, (at, batch) =>
        repo.queueDigests(at, DIGEST_DAYS, batch),
      ),
    );
  },
);

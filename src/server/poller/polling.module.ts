import { defineModule } from '../modules/module.ts';
import { demoLinkFetcher, demoProviderRoutes } from '../providers/demo-provider.ts';
import {
  createProviderReader,
  type FetchLink,
  type ReadProvider,
} from '../providers/read-provider.ts';
import { createSafeFetcher, type SafeFetcher } from '../providers/safe-fetch.ts';
import { createPoller, type Poller } from './poller.ts';
import { pollerRepository, type PollerRepository } from './poller.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The worker loop; started by main.ts when PROCESS_MODE is all or worker. */
    poller: Poller;
    /** The poller's schedule: watched and expecting numbers are polled sooner. */
    pollerRepo: PollerRepository;
    /** Reads a link now, for a person waiting (Test, date checks): never on the poller's pool. */
    readOnDemand: ReadProvider;
  }
}

/**
 * Provider access and the poller. Two SSRF-safe fetchers with their own connection pools, one for
 * the poller and one for on-demand reads (Test, date checks, the public checker), so visitors can
 * never take the poller's connections to a host. Links to the app's own demo provider are
 * answered in-process.
 */
export const pollingModule = defineModule('polling', ['settings', 'events'], (app, ctx) => {
  const { config, now, cipher } = ctx;
  const fetcher = () =>
    createSafeFetcher({
      allowlist: config.providerAllowlist,
      connections: config.pollHostConcurrency,
      ...ctx.tuning.provider,
    });
  const pollFetcher = fetcher();
  const onDemandFetcher = fetcher();
  const demoFetch = config.demoProvider
    ? demoLinkFetcher(config.publicUrl, config.port, now)
    : undefined;
  const fetchWith =
    (f: SafeFetcher): FetchLink =>
    (url, signal) =>
      Promise.resolve(demoFetch?.(url) ?? f.fetch(url, signal ? { signal } : undefined));
  app.decorate(
    'readOnDemand',
    createProviderReader({ cipher, fetchLink: fetchWith(onDemandFetcher), now }),
  );
  const repo = pollerRepository(ctx.database.db);
  app.decorate('pollerRepo', repo);
  const poller = createPoller({
    repo,
    readProvider: createProviderReader({ cipher, fetchLink: fetchWith(pollFetcher), now }),
    bus: app.bus,
    now,
    log: app.log,
    // The site setting, unless a test or bench fixes it.
    ...(ctx.tuning.poller?.keepMessages === undefined
      ? { keepMessages: () => app.settings.keepMessages() }
      : {}),
    options: {
      intervalMs: config.pollIntervalMs,
      watchedIntervalMs: config.watchedPollIntervalMs,
      expectingIntervalMs: config.expectingPollIntervalMs,
      concurrency: config.pollConcurrency,
      hostConcurrency: config.pollHostConcurrency,
      // The embedded database runs each statement on the main thread, one at a time: smaller
      // batches (and claims, which are capped at a batch) keep any HTTP request's query from
      // waiting long behind the poller's.
      ...(ctx.database.kind === 'pglite' ? { writeBatch: 100 } : {}),
      ...ctx.tuning.poller,
    },
  });
  app.decorate('poller', poller);
  app.background.add('poller', poller);
  app.addHook('onClose', async () => {
    await poller.stop();
    await Promise.all([pollFetcher.close(), onDemandFetcher.close()]);
  });
  if (config.demoProvider) demoProviderRoutes(app, now);
});

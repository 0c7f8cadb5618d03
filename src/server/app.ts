import type { Writable } from 'node:stream';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawServerDefault,
} from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';
import { redactUrl, safeErr } from './log.ts';
import { adminsRepository } from './modules/admin/admins.repository.ts';
import { adminsRoutes } from './modules/admin/admins.routes.ts';
import { adminsService } from './modules/admin/admins.service.ts';
import { adminDataRoutes } from './modules/admin/admin-data.routes.ts';
import { analyticsRepository } from './modules/analytics/analytics.repository.ts';
import { analyticsRecorder, type AnalyticsRecorder } from './modules/analytics/recorder.ts';
import { analyticsRoutes, type AnalyticsRateLimits } from './modules/analytics/analytics.routes.ts';
import { analyticsService } from './modules/analytics/analytics.service.ts';
import { retentionJob, type RetentionJob } from './modules/analytics/retention.ts';
import { authRepository } from './modules/auth/auth.repository.ts';
import { blogPages } from './modules/blog/blog-pages.ts';
import { blogPublicRoutes } from './modules/blog/blog-public.routes.ts';
import { blogRepository } from './modules/blog/blog.repository.ts';
import { blogAdminRoutes } from './modules/blog/blog.routes.ts';
import { createMarkdownRenderer } from './modules/blog/markdown-renderer.ts';
import { blogService } from './modules/blog/blog.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { authService } from './modules/auth/auth.service.ts';
import { contactRepository } from './modules/contact/contact.repository.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { publicSharingRoutes, type PublicRateLimits } from './modules/sharing/public.routes.ts';
import { publicSharingService } from './modules/sharing/public.service.ts';
import { sharingRepository } from './modules/sharing/sharing.repository.ts';
import { sharingChanges } from './modules/sharing/changes.ts';
import { sharingRoutes } from './modules/sharing/sharing.routes.ts';
import { sharingService } from './modules/sharing/sharing.service.ts';
import { viewCounter, type ViewCounter } from './modules/sharing/views.ts';
import { statsRoutes } from './modules/stats/stats.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { registerMaintenanceGuard } from './modules/settings/maintenance.ts';
import { settingsRepository } from './modules/settings/settings.repository.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { settingsService, type SettingsService } from './modules/settings/settings.service.ts';
import { newsletterRepository } from './modules/newsletter/newsletter.repository.ts';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes.ts';
import { newsletterService } from './modules/newsletter/newsletter.service.ts';
import { numbersRepository } from './modules/numbers/numbers.repository.ts';
import { numbersRoutes } from './modules/numbers/numbers.routes.ts';
import { numbersService } from './modules/numbers/numbers.service.ts';
import { tagsRepository } from './modules/tags/tags.repository.ts';
import { tagsRoutes } from './modules/tags/tags.routes.ts';
import { usersRepository } from './modules/users/users.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { usersService } from './modules/users/users.service.ts';
import { createCipher } from './crypto.ts';
import { createMemoryBus, type EventBus } from './events/bus.ts';
import { eventsRoutes } from './events/events.routes.ts';
import { eventStreams } from './events/sse.ts';
import { dateChecksRoutes } from './modules/date-checks/date-checks.routes.ts';
import { dateChecksService } from './modules/date-checks/date-checks.service.ts';
import { messagesRepository } from './modules/messages/messages.repository.ts';
import { messagesRoutes } from './modules/messages/messages.routes.ts';
import { messagesService } from './modules/messages/messages.service.ts';
import { createPoller, type Poller, type PollerOptions } from './poller/poller.ts';
import { pollerRepository } from './poller/poller.repository.ts';
import { demoLinkFetcher, demoProviderRoutes } from './providers/demo-provider.ts';
import { createProviderReader, type FetchLink } from './providers/read-provider.ts';
import { createSafeFetcher, type LookupFn, type SafeFetcher } from './providers/safe-fetch.ts';
import { registerClient } from './plugins/client.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerCsrfGuard } from './plugins/csrf.ts';
import { frameworkErrors, registerErrorHandling } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { rateLimitStore } from './plugins/rate-limit-store.ts';
import { registerSessions, SESSION_COOKIE } from './plugins/session.ts';

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export type AppDeps = {
  config: Config;
  database: Database;
  mailer: Mailer;
  secret: string;
  now?: () => Date;
  /** Directory of the built client (dist/client); omitted in API tests. */
  clientDir?: string;
  /** Where request logs go (defaults to stdout); tests pass a stream to inspect them. */
  logStream?: Writable;
  /** Event fan-out; defaults to in-process (one process, PGlite). */
  bus?: EventBus;
  /** Poller tuning beyond the config (tests, benches). */
  pollerOptions?: Partial<PollerOptions>;
  /** SSE heartbeat period (tests shorten it). */
  heartbeatMs?: number;
  /** Provider request timeout (default 10 s; tests shorten it). */
  providerTimeoutMs?: number;
  /** The provider fetch's resolver (tests and benches stub host names; never real DNS there). */
  providerLookup?: LookupFn;
  /** Limits of the public sharing routes (tests lower them, benches raise them). */
  publicRateLimits?: Partial<PublicRateLimits>;
  /** Limit of `POST /v1/analytics/events` per address (tests lower it, benches raise it). */
  analyticsRateLimits?: Partial<AnalyticsRateLimits>;
  /** How long a blog post's Markdown may take to render (default RENDER_TIMEOUT_MS). */
  markdownTimeoutMs?: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The worker loop; started by main.ts when PROCESS_MODE is all or worker. */
    poller: Poller;
    bus: EventBus;
    /** Views of public pages and endpoints, written in batches (tests flush it). */
    publicViews: ViewCounter;
    /** Every route registered (method, url): the admin access-matrix test enumerates them. */
    routesList: () => { method: string; url: string }[];
    /** Site settings (cached a few seconds per process; `current()`). */
    settings: SettingsService;
    /** Analytics events, buffered and written in batches (tests flush it). */
    analytics: AnalyticsRecorder;
    /** Prunes old analytics events and post view marks; started by main.ts (PROCESS_MODE all or worker). */
    analyticsRetention: RetentionJob;
  }
}

export const BODY_LIMIT = 1024 * 1024;

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database, mailer, secret } = deps;
  const now = deps.now ?? (() => new Date());

  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    frameworkErrors,
    logger: {
      level: config.logLevel,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: {
        err: safeErr,
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
    },
  }).withTypeProvider<ZodTypeProvider>();

  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routes.push({ method, url: r.url });
  });
  app.decorate('routesList', () => [...routes]);

  // The API speaks JSON only; anything else is 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(fastifyCookie);
  // Before every route: the plugin applies a route's `config.rateLimit` only to routes added after
  // it. One in-memory store for every limiter's keys (addresses, users): room for many, so a flood
  // of made-up keys cannot push a real one's count out, and a key is dropped once its window has
  // passed (`rate-limit-store.ts`; windows by the injected clock).
  const rateLimits = rateLimitStore({ now: () => now().getTime() });
  await app.register(fastifyRateLimit, { global: false, store: rateLimits.Store });
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    strictTransportSecurity: config.secureCookies,
  });
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'VOIP Manager API', version: '1.0.0' },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'vm_session' } },
      },
    },
    transform: jsonSchemaTransform,
  });

  registerCsrfGuard(app, { publicUrl: config.publicUrl });
  registerInputGuard(app);
  const auth = authService({
    repo: authRepository(database.db),
    mailer,
    secret,
    publicUrl: config.publicUrl,
    adminEmails: config.adminEmails,
    now,
  });
  const cookies = registerSessions(app, auth, { secure: config.secureCookies });
  // Admin answers carry other people's data: never stored by a browser or proxy.
  app.addHook('onRequest', async (req, reply) => {
    if (req.routeOptions.url?.startsWith('/v1/admin/')) reply.header('cache-control', 'no-store');
  });
  const settings = settingsService({
    repo: settingsRepository(database.db),
    database,
    log: app.log,
    now,
    pollerRunning: () => app.poller.stats().running,
  });
  app.decorate('settings', settings);
  registerMaintenanceGuard(app, settings);
  const analyticsRepo = analyticsRepository(database.db);
  const analytics = analyticsRecorder({
    write: analyticsRepo.insertMany,
    enabled: async () => (await settings.current()).analytics_enabled,
    now,
    log: app.log,
  });
  app.decorate('analytics', analytics);
  // The last events are written before the database closes.
  app.addHook('onClose', async () => analytics.close());

  authRoutes(app, auth, cookies);
  contactRoutes(app, contactRepository(database.db), now);
  statsRoutes(app, database.db, now);
  adminDataRoutes(app, database.db, now);
  const tags = tagsRepository(database.db);
  tagsRoutes(app, tags);
  const cipher = createCipher(secret);
  const numbersRepo = numbersRepository(database.db);
  numbersRoutes(
    app,
    numbersService({
      repo: numbersRepo,
      cipher,
      now,
      maxNumbers: async () => (await settings.current()).max_numbers_per_user,
    }),
  );
  const sharingRepo = sharingRepository(database.db);
  const linkChanges = sharingChanges();
  sharingRoutes(
    app,
    sharingService({ repo: sharingRepo, numbers: numbersRepo, changes: linkChanges }),
  );

  // Provider access: two SSRF-safe fetchers with their own connection pools, one for the poller
  // and one for on-demand reads (Test, date checks, the public checker), so visitors can never
  // take the poller's connections to a host. Links to the app's own demo provider are answered
  // in-process.
  const fetcher = () =>
    createSafeFetcher({
      allowlist: config.providerAllowlist,
      connections: config.pollHostConcurrency,
      ...(deps.providerTimeoutMs ? { timeoutMs: deps.providerTimeoutMs } : {}),
      ...(deps.providerLookup ? { lookup: deps.providerLookup } : {}),
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
  const readProvider = createProviderReader({ cipher, fetchLink: fetchWith(pollFetcher), now });
  const readOnDemand = createProviderReader({
    cipher,
    fetchLink: fetchWith(onDemandFetcher),
    now,
  });
  const bus = deps.bus ?? createMemoryBus();
  const messagesRepo = messagesRepository(database.db);
  const pollerRepo = pollerRepository(database.db);
  const poller = createPoller({
    repo: pollerRepo,
    readProvider,
    bus,
    now,
    log: app.log,
    // The site setting, unless a test or bench fixes it.
    ...(deps.pollerOptions?.keepMessages === undefined
      ? { keepMessages: () => settings.keepMessages() }
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
      ...(database.kind === 'pglite' ? { writeBatch: 100 } : {}),
      ...deps.pollerOptions,
    },
  });
  app.decorate('poller', poller);
  app.decorate('bus', bus);
  app.addHook('onClose', async () => {
    await poller.stop();
    await Promise.all([pollFetcher.close(), onDemandFetcher.close()]);
  });
  messagesRoutes(app, {
    service: messagesService({
      repo: messagesRepo,
      numbers: numbersRepo,
      poller,
      readProvider: readOnDemand,
      expecting: {
        mark: pollerRepo.markNumbers,
        intervalMs: config.expectingPollIntervalMs,
        windowMs: config.expectingWindowMs,
      },
      now,
    }),
    now,
  });
  dateChecksRoutes(
    app,
    dateChecksService({ numbers: numbersRepo, readProvider: readOnDemand, now }),
  );
  const users = usersService({ repo: usersRepository(database.db), secret, now });
  const streams = eventStreams(app, {
    bus,
    log: app.log,
    ...(deps.heartbeatMs ? { heartbeatMs: deps.heartbeatMs } : {}),
  });
  const publicViews = viewCounter({
    write: (kind, views) => sharingRepo.addViews(kind, views),
    now,
    log: app.log,
  });
  app.decorate('publicViews', publicViews);
  const publicSharing = publicSharingService({
    repo: sharingRepo,
    poller: pollerRepo,
    bus,
    views: publicViews,
    changes: linkChanges,
    now,
    log: app.log,
    config,
    heartbeatMs: streams.heartbeatMs,
  });
  // Waiting scripts are answered before the server stops taking connections; the last views
  // are written before the database closes.
  app.addHook('preClose', async () => publicSharing.close());
  app.addHook('onClose', async () => publicViews.close());
  publicSharingRoutes(app, {
    service: publicSharing,
    streams,
    changes: linkChanges,
    ...(deps.publicRateLimits ? { limits: deps.publicRateLimits } : {}),
  });
  eventsRoutes(app, {
    messages: messagesRepo,
    poller: pollerRepo,
    streams,
    now,
    watchedIntervalMs: config.watchedPollIntervalMs,
    sessionAlive: users.sessionAlive,
  });
  usersRoutes(app, users, cookies);
  adminsRoutes(
    app,
    adminsService({ repo: adminsRepository(database.db), now, configured: config.adminEmails }),
  );
  settingsRoutes(app, settings);
  const markdownRenderer = createMarkdownRenderer(
    deps.markdownTimeoutMs ? { timeoutMs: deps.markdownTimeoutMs } : {},
  );
  app.addHook('onClose', async () => markdownRenderer.close());
  const blog = blogService({
    repo: blogRepository(database.db),
    secret,
    now,
    siteOrigin: new URL(config.publicUrl).origin,
    renderer: markdownRenderer,
    track: (e) => app.analytics.record(e),
    log: app.log,
  });
  blogAdminRoutes(app, blog);
  blogPublicRoutes(app, { service: blog, publicUrl: config.publicUrl });
  newsletterRoutes(
    app,
    newsletterService({
      repo: newsletterRepository(database.db),
      blogEnabled: async () => (await settings.current()).blog_enabled,
      now,
    }),
    now,
  );
  analyticsRoutes(app, {
    service: analyticsService({ repo: analyticsRepo, now }),
    now,
    ...(deps.analyticsRateLimits ? { limits: deps.analyticsRateLimits } : {}),
  });
  const retention = retentionJob({
    repo: analyticsRepo,
    retentionDays: async () => (await settings.current()).analytics_retention_days,
    now,
    log: app.log,
  });
  app.decorate('analyticsRetention', retention);
  app.addHook('onClose', async () => retention.stop());
  if (config.demoProvider) demoProviderRoutes(app, now);

  systemRoutes(app, { database, bus, mailer, production: config.nodeEnv === 'production', now });

  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await registerClient(app, deps.clientDir, {
    settings,
    blogPages: blogPages({ service: blog, publicUrl: config.publicUrl }),
    viewer: async (req) => {
      const token = req.cookies[SESSION_COOKIE];
      if (!token || token.length > 128) return null;
      // Read only: a page view neither slides nor touches the session (no cookie is sent back).
      return (await auth.findSessionUser(token)) ?? null;
    },
  });
  return app;
}

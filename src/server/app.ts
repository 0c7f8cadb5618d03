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
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';
import { createCipher } from './crypto.ts';
import type { EventBus } from './events/bus.ts';
import { eventsModule } from './events/events.module.ts';
import { redactUrl, safeErr } from './log.ts';
import { backgroundRegistry, type BackgroundRegistry } from './background.ts';
import { adminModule } from './modules/admin/admin.module.ts';
import { analyticsModule } from './modules/analytics/analytics.module.ts';
import { openApiSecurity } from './modules/api-keys/api-key-auth.ts';
import { apiKeysModule } from './modules/api-keys/api-keys.module.ts';
import { authModule } from './modules/auth/auth.module.ts';
import { blogPages } from './modules/blog/blog-pages.ts';
import { blogModule } from './modules/blog/blog.module.ts';
import { contactModule } from './modules/contact/contact.module.ts';
import { dateChecksModule } from './modules/date-checks/date-checks.module.ts';
import { webhooksModule } from './modules/webhooks/webhooks.module.ts';
import { channelsModule } from './modules/channels/channels.module.ts';
import { messagesModule } from './modules/messages/messages.module.ts';
import type { AppContext, AppModule, Tuning } from './modules/module.ts';
import type { Vapid } from './vapid.ts';
import { newsletterModule } from './modules/newsletter/newsletter.module.ts';
import { numbersModule } from './modules/numbers/numbers.module.ts';
import { settingsModule } from './modules/settings/settings.module.ts';
import { sharingModule } from './modules/sharing/sharing.module.ts';
import { statsModule } from './modules/stats/stats.module.ts';
import { systemModule } from './modules/system/system.module.ts';
import { tagsModule } from './modules/tags/tags.module.ts';
import { usersModule } from './modules/users/users.module.ts';
import { pollingModule } from './poller/polling.module.ts';
import { registerClient } from './plugins/client.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerCsrfGuard } from './plugins/csrf.ts';
import { frameworkErrors, registerErrorHandling } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { rateLimitStore } from './plugins/rate-limit-store.ts';

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
  /** Tests and benches only: see `Tuning`. */
  tuning?: Tuning;
  /** Web Push's VAPID identity (`loadVapid`); without it, Web Push channels cannot be made. */
  vapid?: Vapid;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered (method, url): the admin access-matrix test enumerates them. */
    routesList: () => { method: string; url: string }[];
    /** The modules' background work, started by main.ts where polling runs. */
    background: BackgroundRegistry;
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
  app.decorate('background', backgroundRegistry());

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
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'vm_session' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              "An API key (Settings → API keys) as `Authorization: Bearer vmk_…`. It works on the routes whose `x-scope` is one of the key's scopes; never on routes without `x-scope` (sign-in, account, API keys, admin).",
          },
        },
      },
    },
    transform: (arg) => {
      const out = jsonSchemaTransform(arg);
      return {
        ...out,
        schema: { ...out.schema, ...openApiSecurity(arg.route.config?.scope) },
      } as typeof out;
    },
    // Registered schemas (the error body, shared/api.ts) become components, referenced by $ref.
    transformObject: jsonSchemaTransformObject,
  });

  registerCsrfGuard(app, { publicUrl: config.publicUrl });
  registerInputGuard(app);

  // The modules, each after the ones it depends on (`dependencies` of each: Fastify checks).
  const ctx: AppContext = {
    config,
    database,
    mailer,
    secret,
    now,
    cipher: createCipher(secret),
    tuning: deps.tuning ?? {},
    vapid: deps.vapid,
  };
  const modules: AppModule[] = [
    authModule,
    apiKeysModule,
    settingsModule,
    eventsModule(deps.bus),
    analyticsModule,
    adminModule,
    contactModule,
    statsModule,
    tagsModule,
    numbersModule,
    usersModule,
    pollingModule,
    sharingModule,
    messagesModule,
    webhooksModule,
    channelsModule,
    dateChecksModule,
    blogModule,
    newsletterModule,
    systemModule,
  ];
  for (const m of modules) await app.register(m, { ctx });

  await registerClient(app, deps.clientDir, {
    settings: app.settings,
    blogPages: blogPages({ service: app.blog, publicUrl: config.publicUrl, log: app.log }),
    sharePages: app.sharePages,
  });
  return app;
}

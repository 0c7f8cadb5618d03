import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createMemoryBus, createPostgresBus } from './events/bus.ts';
import { messagesRepository } from './modules/messages/messages.repository.ts';
import { toEvent } from './modules/messages/messages.dto.ts';
import { createConsoleMailer, createSmtpMailer } from './mail/mailer.ts';
import { loadSecret } from './secrets.ts';
import { loadVapid } from './vapid.ts';
import { clientDistDir } from './paths.ts';

/** Composition root: read config, open the database (migrating it), start the web server. */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  const started = performance.now();
  const secret = loadSecret(config);
  const database = await openDatabase(config);
  const mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createConsoleMailer();

  // Several processes on PostgreSQL share events through LISTEN/NOTIFY (a worker-only process
  // only publishes: it serves no streams); PGlite is one process. The bus comes before the app
  // and its logger: its errors wait until then.
  const busErrors: Error[] = [];
  let onBusError: (err: Error) => void = (err) => busErrors.push(err);
  const messages = messagesRepository(database.db);
  const bus = config.databaseUrl
    ? await createPostgresBus(config.databaseUrl, {
        db: database.db,
        load: async (id) => {
          const m = await messages.byId(id);
          return m && toEvent(m);
        },
        listen: config.processMode !== 'worker',
        onError: (err) => onBusError(err),
      })
    : createMemoryBus();

  const vapid = loadVapid(config);
  const app = await buildApp({
    config,
    database,
    mailer,
    secret,
    bus,
    clientDir: clientDistDir,
    vapid,
  });
  onBusError = (err) => app.log.warn({ err }, 'live events: database error');
  busErrors.splice(0).forEach(onBusError);

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close(); // stops the background work too, waiting for work in flight
    await bus.close();
    mailer.close?.();
    await database.close();
  });

  if (config.processMode !== 'web') {
    // The poller, webhook deliveries and retention jobs (each stopped by app.close()).
    app.background.start();
  }
  if (config.processMode === 'worker') {
    await app.ready();
    app.log.info(
      { database: database.kind, readyMs: Math.round(performance.now() - started) },
      'VOIP Manager worker polling',
    );
    return;
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      database: database.kind,
      mailer: mailer.kind,
      mode: config.processMode,
      readyMs: Math.round(performance.now() - started),
    },
    `VOIP Manager ready on ${config.publicUrl}`,
  );
}

await main();

import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createConsoleMailer, createSmtpMailer } from './mail/mailer.ts';
import { loadSecret } from './secrets.ts';
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

  const app = await buildApp({ config, database, mailer, secret, clientDir: clientDistDir });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    mailer.close?.();
    await database.close();
  });

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

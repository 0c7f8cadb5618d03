import os from 'node:os';
import webPush from 'web-push';
import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createConsoleMailer, type Mailer } from '../mail/mailer.ts';
import type { EventBus } from '../events/bus.ts';
import type { Tuning } from '../modules/module.ts';
import { voipNumbers } from '../db/schema.ts';
import { createTestDb } from './db.ts';
import { watchErrorLogs } from './error-logs.ts';
import { manualClock as testClock, type ManualClock as TestClock } from './clock.ts';

/** One VAPID pair for every test app (generating one per app would cost each a key pair). */
const testVapid = webPush.generateVAPIDKeys();

export { manualClock as testClock, type ManualClock as TestClock } from './clock.ts';

export type TestApp = {
  app: App;
  database: Database;
  mailer: Mailer;
  clock: TestClock;
  /** Everything the app logged, as text. */
  logs: () => string;
  /**
   * Lets the current test log errors (level ≥ 50) matching a pattern; any other error line fails
   * the test (see `error-logs.ts`).
   */
  allowErrorLogs: (...patterns: RegExp[]) => void;
  close: () => Promise<void>;
};

/** The whole app on a fresh database, with a controllable clock and a console mailer that keeps an outbox. */
export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    mailer?: Mailer;
    database?: Database;
    clientDir?: string;
    /** Event fan-out (default: in-process); a PostgreSQL bus for tests of several processes. */
    bus?: EventBus;
  } & Tuning = {},
): Promise<TestApp> {
  const { env, mailer: givenMailer, database: givenDatabase, clientDir, bus, ...tuning } = opts;
  const database = givenDatabase ?? (await createTestDb());
  const mailer = givenMailer ?? createConsoleMailer({ print: false });
  const clock = testClock();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), 'voip-test-unused'),
    LOG_LEVEL: 'info',
    ...env,
  });
  let logText = '';
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => (logText += chunk.toString()));
  const app = await buildApp({
    config,
    database,
    mailer,
    secret: 'test-secret-key-that-is-long-enough-0123456789',
    now: clock.now,
    logStream,
    ...(clientDir ? { clientDir } : {}),
    ...(bus ? { bus } : {}),
    tuning,
    vapid: { ...testVapid, subject: 'mailto:push@example.com' },
  });
  const errorLogs = watchErrorLogs(() => logText);
  await app.ready();
  return {
    app,
    database,
    mailer,
    clock,
    logs: () => logText,
    allowErrorLogs: errorLogs.allow,
    close: async () => {
      await app.close();
      await database.close();
      errorLogs.closed();
    },
  };
}

/**
 * Sign-in helper: request a code, read it from the outbox, verify it, return the session cookie.
 * `ip` is the client address asking (sign-ins are limited per IP: 20 an hour).
 */
export async function signIn(
  t: TestApp,
  email = `user-${Math.random().toString(36).slice(2)}@example.com`,
  ip = '127.0.0.1',
) {
  const sent = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/code',
    payload: { email },
    remoteAddress: ip,
  });
  if (sent.statusCode !== 200) throw new Error(`code send failed: ${sent.body}`);
  const code = lastCode(t, email);
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/verify',
    payload: { email, code },
  });
  if (res.statusCode !== 200) throw new Error(`verify failed: ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'vm_session')!;
  return { email, cookie: `vm_session=${cookie.value}`, user: res.json() as { id: string } };
}

export function lastMail(t: TestApp, email: string) {
  const mail = t.mailer.outbox!(email)[0];
  if (!mail) throw new Error(`no mail for ${email}`);
  return mail;
}
/** The code of the latest sign-in mail, in any language: its first line ends with it. */
export const lastCode = (t: TestApp, email: string) =>
  / (\d{6})$/.exec(lastMail(t, email).text.split('\n')[0]!)![1]!;
export const lastLinkToken = (t: TestApp, email: string) =>
  /token=([A-Za-z0-9_-]+)/.exec(lastMail(t, email).text)![1]!;

/**
 * Polls the numbers now (due at the test clock's now) and waits for the poller to finish. Their
 * failure counts start again from 0 unless `keepFailures` (a test of consecutive failures).
 *
 * A claim skips a row that another statement holds locked (`for update skip locked`: on
 * PostgreSQL, a request still marking the number as expecting a code, say), so a number may be
 * left due by one drain: it drains again while one of them is still due and free (a few rounds at
 * most: a number whose host is paused stays due).
 */
export async function pollNow(t: TestApp, ids: string[], opts: { keepFailures?: boolean } = {}) {
  const at = t.clock.now();
  await t.database.db
    .update(voipNumbers)
    .set({ nextPollAt: at, ...(opts.keepFailures ? {} : { failures: 0 }) })
    .where(inArray(voipNumbers.id, ids));
  for (let round = 0; round < 5; round++) {
    await t.app.poller.drain();
    const due = await t.database.db
      .select({ id: voipNumbers.id })
      .from(voipNumbers)
      .where(
        and(
          inArray(voipNumbers.id, ids),
          eq(voipNumbers.isActive, true),
          lte(voipNumbers.nextPollAt, at),
          or(isNull(voipNumbers.leaseUntil), lte(voipNumbers.leaseUntil, at)),
        ),
      );
    if (due.length === 0) return;
  }
}

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../db/client.ts';
import { deliveries, voipNumbers } from '../../db/schema.ts';
import { createTestDb } from '../../test/db.ts';
import { startFakeProvider, type FakeProvider } from '../../test/fake-provider.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';

/*
 * Expiry reminders across 10 days of a test clock, run by two app instances at once (each with
 * its own connection pool on PostgreSQL, as two worker processes have; one shared PGlite
 * otherwise), one of them replaced half-way (a restart): each reminder is queued and sent exactly
 * once, none is missed, a number first seen late gets only the nearest threshold it passed, and
 * a renewal re-arms them.
 */

const DAY = 86_400_000;
const STEP = 6 * 3_600_000;
const RECEIVER = 'reminder-receiver.test';
let receiver: FakeProvider;
const texts: string[] = [];
let db: Database & { url?: string };
let second: Database;
let a: TestApp;
let b: TestApp;

const appOn = (database: Database) =>
  createTestApp({
    database,
    env: { PROVIDER_ALLOWLIST: `${RECEIVER}:${receiver.port}` },
    provider: { lookup: async () => [{ address: '127.0.0.1', family: 4 }] },
    webhooks: { idleMs: 60_000 },
  });

beforeAll(async () => {
  receiver = await startFakeProvider((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      texts.push(String((JSON.parse(body) as { text: string }).text));
      res.end('ok');
    });
  });
  db = await createTestDb();
  second = db.url ? await openPostgres(db.url, { migrate: false, max: 5 }) : db;
  a = await appOn(db);
  b = await appOn(second);
});
afterAll(async () => {
  await a.app.close();
  await b.app.close();
  if (second !== db) await second.close();
  await db.close();
  await receiver.close();
});

it('are each sent once per number and threshold across 10 days, two workers and a restart', async () => {
  const start = a.clock.now().getTime();
  b.clock.set(new Date(start));
  const alice = await signIn(a, 'alice-reminders@example.com');
  const call = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    a.app.inject({ method, url, headers: { cookie: alice.cookie }, payload });
  const made = await call('POST', '/v1/notification-channels', {
    type: 'slack',
    config: { webhookUrl: `http://${RECEIVER}:${receiver.port}/slack` },
    events: ['number.expiring'],
  });
  expect(made.statusCode, made.body).toBe(201);
  expect(made.json().reminderDays).toEqual([7, 3, 1, 0]);
  const channelId = made.json().id as string;

  let phone = 7085550000;
  const numberEnding = async (days: number) => {
    const res = await call('POST', '/v1/numbers', {
      phoneNumber: String(++phone),
      apiLink: `http://provider.test/p/${phone}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    await setEnd(id, days);
    return id;
  };
  const setEnd = (id: string, days: number) =>
    db.db
      .update(voipNumbers)
      .set({ endDate: new Date(start + days * DAY) })
      .where(eq(voipNumbers.id, id));
  const steady = await numberEnding(9.5); // 7, 3, 1 and 0 days before, in turn
  // First seen 2 days before its end: the 3-day reminder (2 days left), then 1 and 0.
  const late = await numberEnding(2);
  const far = await numberEnding(20); // none within the 10 days
  // The 7-day reminder (5 days left), the 3-day one; renewed on day 3 to day 12: 7 and 3 again.
  const renewed = await numberEnding(5);

  const steps = 10 * (DAY / STEP);
  let workers = [a, b];
  for (let i = 0; i <= steps; i++) {
    const at = new Date(start + i * STEP);
    for (const w of workers) w.clock.set(at);
    if (i === 12) await setEnd(renewed, 12);
    if (i === steps / 2) {
      // A restart: the second worker goes, a new one (a fresh pool) takes its place.
      await b.app.close();
      b = await appOn(second === db ? db : await openPostgres(db.url!, { migrate: false, max: 5 }));
      b.clock.set(at);
      workers = [a, b];
    }
    await Promise.all(workers.map((w) => w.app.webhookExpiryEvents.runOnce()));
    await a.app.deliveries.drain();
  }

  const rows = await db.db.select().from(deliveries).where(eq(deliveries.webhookId, channelId));
  const sent = rows
    .map((r) => {
      const d = (JSON.parse(r.body) as { data: { numberId: string; daysLeft: number } }).data;
      return `${[steady, late, far, renewed].indexOf(d.numberId)}:${d.daysLeft}`;
    })
    .sort();
  expect(sent).toEqual(
    ['0:7', '0:3', '0:1', '0:0', '1:2', '1:1', '1:0', '3:5', '3:3', '3:7', '3:3'].sort(),
  );
  expect(rows.every((r) => r.status === 'delivered')).toBe(true);
  expect(texts).toHaveLength(rows.length);
  expect(texts.filter((t) => t.includes('has expired'))).toHaveLength(2);

  // The second worker's instance after the restart shares the marks: running again adds none.
  const again = await Promise.all(workers.map((w) => w.app.webhookExpiryEvents.runOnce()));
  expect(again.map((r) => r.queued)).toEqual([0, 0]);
  expect(rows.some((r) => r.body.includes(far))).toBe(false);
});

import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { messages, voipNumbers } from '../db/schema.ts';
import { createTestApp, pollNow, signIn, type TestApp } from './app.ts';
import { createTestDb } from './db.ts';
import { startInboxProvider, type FakeProvider } from './fake-provider.ts';

/*
 * The tests' pollNow on PostgreSQL: a claim skips a row another connection holds locked (as a
 * request marking the number as expecting a code does, for a moment), and pollNow still polls it.
 * PGlite has one connection, so nothing else can hold a row while a claim runs there.
 */

const HOST = 'sms-poll-now.test';
const inbox = new Map<string, { id: string; from: string; content: string }[]>();
let provider: FakeProvider;
let t: TestApp;
let url: string;

describe.skipIf(!inject('pgTemplate'))('pollNow', () => {
  beforeAll(async () => {
    provider = await startInboxProvider(inbox);
    const database = await createTestDb();
    url = database.url!;
    t = await createTestApp({
      database,
      env: { PROVIDER_ALLOWLIST: `${HOST}:${provider.port}` },
      provider: { lookup: async () => [{ address: '127.0.0.1', family: 4 }] },
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  it('polls a number that another connection held locked during its first claim', async () => {
    const who = await signIn(t, 'poll-now@example.com');
    const phone = '6175550199';
    const added = await t.app.inject({
      method: 'POST',
      url: '/v1/numbers',
      headers: { cookie: who.cookie },
      payload: { phoneNumber: phone, apiLink: `http://${HOST}:${provider.port}/p/${phone}?t=s` },
    });
    expect(added.statusCode).toBe(201);
    const id = added.json().id as string;
    inbox.set(phone, [{ id: 'a', from: 'Shop', content: 'Shop code 135791' }]);

    const other = new pg.Client({ connectionString: url });
    await other.connect();
    const drain = t.app.poller.drain;
    // The first drain runs while the row is locked (after pollNow made the number due), the next
    // ones after the lock is given up.
    const drains = vi.spyOn(t.app.poller, 'drain').mockImplementation(async () => {
      const first = drains.mock.calls.length === 1;
      if (first) {
        await other.query('begin');
        await other.query('select 1 from voip_numbers where id = $1 for update', [id]);
      }
      await drain();
      if (first) await other.query('commit');
    });
    try {
      await pollNow(t, [id]);
      expect(drains).toHaveBeenCalledTimes(2);
    } finally {
      drains.mockRestore();
      await other.end();
    }

    const [row] = await t.database.db.select().from(voipNumbers).where(eq(voipNumbers.id, id));
    expect(row!.lastPolledAt).not.toBeNull();
    const stored = await t.database.db
      .select({ code: messages.code })
      .from(messages)
      .where(eq(messages.voipNumberId, id));
    expect(stored).toEqual([{ code: '135791' }]);
  });
});

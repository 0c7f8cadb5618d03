import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../db/client.ts';
import { createTestDb } from '../test/db.ts';
import { startTcpProxy, targetOf } from '../test/tcp-proxy.ts';
import { createMemoryBus, createPostgresBus, type EventBus, type MessageEvent } from './bus.ts';

const event = (userId: string, content: string, id = crypto.randomUUID()): MessageEvent => ({
  userId,
  id: String(Date.now()),
  message: {
    id,
    voipNumberId: crypto.randomUUID(),
    phoneNumber: '5550001234',
    sender: 'Svc',
    content,
    code: '123456',
    receivedAt: new Date().toISOString(),
  },
});

async function until(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('memory bus', () => {
  it('delivers to the user’s subscribers only, and unsubscribes', async () => {
    const bus = createMemoryBus();
    const got: string[] = [];
    const off = bus.subscribe('u1', (e) => got.push(e.message.content));
    bus.subscribe('u2', () => got.push('wrong user'));
    expect(bus.watchers('u1')).toBe(1);
    await bus.publish([event('u1', 'a'), event('u1', 'b')]);
    off();
    expect(bus.watchers('u1')).toBe(0);
    await bus.publish([event('u1', 'c')]);
    expect(got).toEqual(['a', 'b']);
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('postgres bus (LISTEN/NOTIFY)', () => {
  let database: Database;
  let a: EventBus;
  let b: EventBus;
  const big = event('u-big', 'x'.repeat(10_000));
  const loaded: string[] = [];

  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL!;
    database = await openPostgres(url, { migrate: false, max: 2 });
    const load = async (id: string) => {
      loaded.push(id);
      return id === big.message.id ? big : undefined;
    };
    a = await createPostgresBus(url, { db: database.db, load });
    b = await createPostgresBus(url, { db: database.db, load });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.close();
  });

  it('fans events out to every process, large ones by id', async () => {
    const user = `u-${crypto.randomUUID()}`;
    const inA: string[] = [];
    const inB: string[] = [];
    a.subscribe(user, (e) => inA.push(e.message.content));
    b.subscribe(user, (e) => inB.push(e.message.content));
    await a.publish([event(user, 'one'), event(user, 'two')]);
    await until(() => inA.length === 2 && inB.length === 2);
    expect(inB).toEqual(['one', 'two']);

    // Over the NOTIFY size limit: only the id travels and each listening process loads it.
    const bigGot: number[] = [];
    b.subscribe('u-big', (e) => bigGot.push(e.message.content.length));
    await a.publish([big]);
    await until(() => bigGot.length === 1);
    expect(bigGot).toEqual([10_000]);
    // Process a has no subscriber for that user, so it did not load anything.
    expect(loaded).toEqual([big.message.id]);
  });

  it('a publish-only bus (worker process) reaches listeners but holds no LISTEN connection', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const listeners = async () =>
      (
        (await database.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where query = 'listen vm_events' and datname = current_database()`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    const before = await listeners();
    const worker = await createPostgresBus(url, {
      db: database.db,
      load: async () => undefined,
      listen: false,
    });
    try {
      expect(await listeners()).toBe(before);
      // Real user ids (UUIDs) take the path that reads the user off the payload.
      const user = crypto.randomUUID();
      const other = crypto.randomUUID();
      const inB: string[] = [];
      const inWorker: string[] = [];
      b.subscribe(user, (e) => inB.push(e.message.content));
      worker.subscribe(user, (e) => inWorker.push(e.message.content));
      await worker.publish([event(other, 'not yours'), event(user, 'from the worker')]);
      // A later event: once it arrives, anything misrouted before it would have too.
      await worker.publish([event(user, 'later')]);
      await until(() => inB.length >= 2);
      expect(inB).toEqual(['from the worker', 'later']);
      expect(inWorker).toEqual([]);
    } finally {
      await worker.close();
    }
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('postgres bus reconnects', () => {
  it('listens again after its connection is killed twice, a reconnect failing in between', async () => {
    const clone = await createTestDb();
    const proxy = await startTcpProxy(targetOf(clone.url!));
    const errors: Error[] = [];
    const bus = await createPostgresBus(proxy.url(clone.url!), {
      db: clone.db,
      load: async () => undefined,
      onError: (err) => errors.push(err),
      connectTimeoutMs: 300,
    });
    // The LISTEN connection is found by its application name (the clone is this test's own).
    const kill = () =>
      clone.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'vm_events' and datname = current_database()`);
    try {
      expect(bus.status()).toMatchObject({ listening: true });
      const user = crypto.randomUUID();
      const got: string[] = [];
      let gaps = 0;
      bus.subscribe(
        user,
        (e) => got.push(e.message.content),
        () => gaps++,
      );

      await kill();
      await until(() => !bus.status().listening);
      const down = bus.status();
      expect(down.since).toBeInstanceOf(Date);
      expect(down.lastError).toMatch(/terminat/i);
      // Reconnects go into a dead network and time out, at least once.
      proxy.blackHole();
      const seen = errors.length;
      await until(() => errors.length > seen, 5000);
      expect(bus.status()).toMatchObject({ listening: false, since: down.since });
      expect(bus.status().lastError).toMatch(/timeout/i);
      proxy.restore();
      await until(() => bus.status().listening, 8000);
      // Back: subscribers hear that events may have been missed (SSE streams end and replay).
      expect(gaps).toBe(1);

      // Killed again at once: back again.
      await kill();
      await until(() => !bus.status().listening);
      await until(() => bus.status().listening, 5000);
      expect(gaps).toBe(2);

      await bus.publish([event(user, 'after the blips')]);
      await until(() => got.length === 1);
      expect(got).toEqual(['after the blips']);
    } finally {
      proxy.restore();
      await bus.close();
      await proxy.close();
      await clone.close();
    }
  }, 20_000);
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('postgres bus stall', () => {
  it('finds a LISTEN connection that froze without closing, and listens again on a new one', async () => {
    const clone = await createTestDb();
    const proxy = await startTcpProxy(targetOf(clone.url!));
    const errors: Error[] = [];
    const bus = await createPostgresBus(proxy.url(clone.url!), {
      db: clone.db,
      load: async () => undefined,
      onError: (err) => errors.push(err),
      probe: { everyMs: 100, timeoutMs: 200 },
    });
    try {
      const user = crypto.randomUUID();
      const got: string[] = [];
      let gaps = 0;
      bus.subscribe(
        user,
        (e) => got.push(e.message.content),
        () => gaps++,
      );
      await bus.publish([event(user, 'before')]);
      await until(() => got.length === 1);

      // The open connection goes silent (no error, no end); new connections still pass.
      proxy.freezeOpen();
      await until(() => !bus.status().listening);
      expect(bus.status().lastError).toMatch(/stalled/);
      expect(errors.map((e) => e.message)).toEqual([
        'LISTEN connection stalled: no answer in 200 ms',
      ]);
      await until(() => bus.status().listening, 5000);
      // Events sent meanwhile never arrived: subscribers hear of the gap and replay.
      expect(gaps).toBe(1);
      await bus.publish([event(user, 'after the stall')]);
      await until(() => got.length === 2);
      expect(got).toEqual(['before', 'after the stall']);
    } finally {
      proxy.restore();
      await bus.close();
      await proxy.close();
      await clone.close();
    }
  });
});

describe('memory bus status', () => {
  it('is always listening', () => {
    expect(createMemoryBus().status()).toEqual({ listening: true });
  });
});

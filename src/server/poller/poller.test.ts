import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client.ts';
import { messages, users, voipNumbers } from '../db/schema.ts';
import { createMemoryBus } from '../events/bus.ts';
import { createProviderReader } from '../providers/read-provider.ts';
import type { FetchOutcome } from '../providers/safe-fetch.ts';
import { createTestDb } from '../test/db.ts';
import { testClock } from '../test/app.ts';
import { createPoller, type PollerOptions } from './poller.ts';
import { pollerRepository, type PollerRepository } from './poller.repository.ts';
import { STORE_FAILED } from './writer.ts';

/** Waits for `check` to pass; generous, as a loaded CI machine is slow (the test's own limit still applies). */
const waitFor = <T>(check: () => T | Promise<T>) =>
  vi.waitFor(check, { timeout: 10_000, interval: 20 });

/*
 * The poller against provider faults and hostile data, on a real database with a fake fetch (no
 * network): a dead host pauses as a whole and never makes the loop spin, one poll's bad data
 * never fails another's, leases stay alive while held and come back when the poller stops.
 */

let database: Database;
let userId: string;
beforeAll(async () => {
  database = await createTestDb();
  const [u] = await database.db
    .insert(users)
    .values({ email: 'poller@example.com' })
    .returning({ id: users.id });
  userId = u!.id;
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(voipNumbers);
});

let seq = 0;
/** Numbers on `host`, due now; their "encrypted" link is the plain URL (identity cipher). */
async function addNumbers(host: string, count: number, now: Date) {
  return database.db
    .insert(voipNumbers)
    .values(
      Array.from({ length: count }, () => {
        const phone = `5550${String(++seq).padStart(6, '0')}`;
        return {
          userId,
          phoneNumber: phone,
          apiLinkEnc: `http://${host}/p/${phone}`,
          apiHost: host,
          nextPollAt: now,
        };
      }),
    )
    .returning();
}
const row = async (id: string) =>
  (await database.db.select().from(voipNumbers).where(eq(voipNumbers.id, id)))[0]!;
const stored = (id: string) =>
  database.db.select().from(messages).where(eq(messages.voipNumberId, id));

const ok = (body: unknown): FetchOutcome => ({
  ok: true,
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify(body),
  finalUrl: 'http://x/',
});
const inbox = (url: string) => {
  const phone = /\/p\/(\d{10})/.exec(url)![1]!;
  return ok([{ id: `m-${phone}`, from: 'Svc', content: `Your code is ${phone.slice(-6)}` }]);
};

/** A poller on the test database; `fetch` answers each URL; claims and errors are recorded. */
function makePoller(opts: {
  fetch: (url: string, signal?: AbortSignal) => Promise<FetchOutcome>;
  now?: () => Date;
  options?: Partial<PollerOptions>;
  repo?: (real: PollerRepository) => Partial<PollerRepository>;
}) {
  const real = pollerRepository(database.db);
  const seen = { claims: [] as string[][], asked: [] as string[], errors: [] as string[] };
  const poller = createPoller({
    repo: {
      ...real,
      claimDue: async (...args) => {
        const claimed = await real.claimDue(...args);
        seen.claims.push(claimed.map((n) => n.apiHost));
        return claimed;
      },
      ...opts.repo?.(real),
    },
    readProvider: createProviderReader({
      cipher: { encrypt: (v) => v, decrypt: (v) => v },
      fetchLink: (url, signal) => {
        seen.asked.push(url);
        return opts.fetch(url, signal);
      },
      now: opts.now ?? (() => new Date()),
    }),
    bus: createMemoryBus(),
    now: opts.now ?? (() => new Date()),
    log: { warn: () => {}, error: (_o, m) => seen.errors.push(m) },
    options: { idleMs: 10, ...opts.options },
  });
  return { poller, seen };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a provider host that is down', () => {
  it('is paused as a whole after repeated connection failures: its numbers wait in the table with a clear error, no claim loop, other hosts keep their schedule', async () => {
    const clock = testClock();
    const dead = await addNumbers('dead.example', 300, clock.now());
    const fine = await addNumbers('ok.example', 20, clock.now());
    const { poller, seen } = makePoller({
      now: clock.now,
      fetch: async (url) =>
        url.includes('dead.example')
          ? { ok: false, kind: 'resolve', error: 'Could not resolve host dead.example' }
          : inbox(url),
      options: { hostConcurrency: 4, hostQueue: 8, hostFailThreshold: 3, hostPauseMs: 60_000 },
    });
    poller.start();
    await waitFor(async () => {
      for (const n of fine) expect(await stored(n.id)).toHaveLength(1);
    });
    // Many idle rounds (10 ms each) go by.
    await sleep(400);
    const claimsBefore = seen.claims.length;
    await sleep(200);
    // Idle claims only: nothing of the dead host is claimed, asked or given back again.
    const asked = seen.asked.filter((u) => u.includes('dead.example')).length;
    expect(asked).toBeLessThanOrEqual(4 + 8);
    expect(seen.claims.slice(claimsBefore).flat()).toEqual([]);
    expect(seen.claims.length - claimsBefore).toBeLessThan(40);
    await poller.stop();

    const rows = await Promise.all(dead.map((n) => row(n.id)));
    const waiting = rows.filter((r) => r.lastPolledAt === null);
    expect(waiting.length).toBeGreaterThan(250);
    for (const r of waiting) {
      // Due when the pause ends, saying so; no lease held, no failure counted.
      expect(r.nextPollAt.getTime()).toBe(clock.now().getTime() + 60_000);
      expect(r.lastError).toBe(
        'Could not resolve host dead.example. Polling of this provider is paused; next try in 60 s.',
      );
      expect(r.leaseUntil).toBeNull();
      expect(r.failures).toBe(0);
    }
    // The ones asked failed as themselves (and, due before the pause ends, show the pause too).
    for (const r of rows.filter((x) => x.lastPolledAt !== null)) {
      expect(r.lastError).toMatch(/^Could not resolve host dead\.example/);
    }
  });

  it('is probed with one request when the pause ends: still down doubles the pause, back up resumes every number', async () => {
    const clock = testClock();
    const dead = await addNumbers('flaky.example', 40, clock.now());
    let up = false;
    const { poller, seen } = makePoller({
      now: clock.now,
      fetch: async (url) =>
        up ? inbox(url) : { ok: false, kind: 'connect', error: 'Connection failed: ECONNREFUSED' },
      options: {
        hostConcurrency: 2,
        hostQueue: 2,
        hostFailThreshold: 2,
        hostPauseMs: 10_000,
        hostMaxPauseMs: 15_000,
      },
    });
    const askedHere = () => seen.asked.length;
    await poller.drain();
    const first = askedHere();
    expect(first).toBeLessThanOrEqual(4);

    // The pause ends: one probe, which fails; the pause doubles (capped at 15 s).
    clock.advance(10_000);
    await poller.drain();
    expect(askedHere() - first).toBe(1);
    const rows = await Promise.all(dead.map((n) => row(n.id)));
    const unpolled = rows.filter((r) => r.lastPolledAt === null);
    expect(unpolled.length).toBeGreaterThan(30);
    for (const r of unpolled) {
      expect(r.nextPollAt.getTime() - clock.now().getTime()).toBe(15_000);
      expect(r.lastError).toBe(
        'Connection failed: ECONNREFUSED. Polling of this provider is paused; next try in 15 s.',
      );
    }

    // The host comes back: the next probe answers, and every number is polled.
    up = true;
    // Past the pause and the failed ones' own backoff: the probe may have been a number that had
    // failed before, so its second failure waits up to 2 × 30 s + 20 % jitter = 72 s.
    clock.advance(75_000);
    await poller.drain();
    for (const n of dead) {
      expect(await stored(n.id)).toHaveLength(1);
      expect((await row(n.id)).lastError).toBeNull();
    }
  });

  it('stops within moments even with requests hanging: after a short grace they are aborted and their numbers given back, still due, no failure counted', async () => {
    const now = new Date();
    const hung = await addNumbers('hung.example', 10, now);
    const { poller, seen } = makePoller({
      fetch: (_url, signal) =>
        new Promise((resolve) => {
          signal?.addEventListener('abort', () =>
            resolve({ ok: false, kind: 'aborted', error: 'Request aborted' }),
          );
        }),
      options: { hostConcurrency: 4, hostQueue: 2, stopGraceMs: 300 },
    });
    poller.start();
    await waitFor(() => expect(seen.asked).toHaveLength(4));
    const started = Date.now();
    await poller.stop();
    // The grace for requests to finish, then they are aborted.
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    for (const n of hung) {
      const r = await row(n.id);
      expect([r.leaseUntil, r.failures, r.lastError, r.lastPolledAt]).toEqual([
        null,
        0,
        null,
        null,
      ]);
      expect(r.nextPollAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });
});

describe('leases', () => {
  it('are short and renewed while a number is held, so a live worker keeps them and a dead one loses them fast', async () => {
    const [n] = await addNumbers('slow.example', 1, new Date());
    // Every fetch of the number waits for the test's word (or the poller's stop).
    const waiting: (() => void)[] = [];
    const { poller, seen } = makePoller({
      fetch: (url, signal) =>
        new Promise((resolve) => {
          waiting.push(() => resolve(inbox(url)));
          signal?.addEventListener('abort', () =>
            resolve({ ok: false, kind: 'aborted', error: 'Request aborted' }),
          );
        }),
      options: { leaseMs: 900 },
    });
    poller.start();
    await waitFor(() => expect(waiting).toHaveLength(1));
    // Held three times as long as a lease: still leased, into the future, and never claimed again.
    await sleep(2700);
    const held = await row(n!.id);
    expect(held.leaseUntil!.getTime()).toBeGreaterThan(Date.now());
    expect(held.leaseUntil!.getTime()).toBeLessThanOrEqual(Date.now() + 900);
    expect(seen.asked).toHaveLength(1);
    for (const answer of waiting) answer();
    await waitFor(async () => expect(await stored(n!.id)).toHaveLength(1));
    await poller.stop();
    expect((await row(n!.id)).leaseUntil).toBeNull();
  });
});

describe('bad data from one provider', () => {
  it('never fails another poll: NUL and control characters are stripped, messages stored', async () => {
    const clock = testClock();
    const bad = await addNumbers('bad.example', 3, clock.now());
    const good = await addNumbers('good.example', 3, clock.now());
    const { poller, seen } = makePoller({
      now: clock.now,
      fetch: async (url) =>
        url.includes('bad.example')
          ? ok({
              messages: [
                {
                  id: 'x\u0000y',
                  from: 'Evil\u0000Corp',
                  content: 'Your code is 424242\u0000\u0007',
                },
              ],
            })
          : inbox(url),
    });
    await poller.drain();
    expect(seen.errors).toEqual([]);
    for (const n of good) expect(await stored(n.id)).toHaveLength(1);
    for (const n of bad) {
      const [m] = await stored(n.id);
      expect(m).toMatchObject({
        sender: 'EvilCorp',
        content: 'Your code is 424242',
        code: '424242',
      });
      expect(m!.dedupeKey).toBe('id:xy');
      expect((await row(n.id)).lastError).toBeNull();
    }
  });

  it('a batch the database refuses is split until the poll that broke it stands alone; that one is stored as a failure', async () => {
    const clock = testClock();
    const numbers = await addNumbers('mixed.example', 8, clock.now());
    const poison = numbers[5]!.id;
    const batches: number[] = [];
    const { poller, seen } = makePoller({
      now: clock.now,
      fetch: async (url) => inbox(url),
      repo: (real) => ({
        recordPolls: async (outcomes, keep) => {
          batches.push(outcomes.length);
          // The database refuses any batch holding the poisoned poll's messages.
          if (outcomes.some((o) => o.number.id === poison && o.ok)) {
            await database.db.execute(sql`select 1/0`);
          }
          return real.recordPolls(outcomes, keep);
        },
      }),
    });
    await poller.drain();
    expect(batches[0]).toBe(8);
    expect(seen.errors).toEqual(['storing a poll failed']);
    for (const n of numbers) {
      const r = await row(n.id);
      if (n.id === poison) {
        expect(await stored(n.id)).toHaveLength(0);
        expect([r.lastError, r.failures]).toEqual([STORE_FAILED, 1]);
      } else {
        expect(await stored(n.id)).toHaveLength(1);
        expect(r.lastError).toBeNull();
      }
    }
  });
});

describe('deferHost', () => {
  it('defers every active number of the host in chunks, gives back the listed leases and keeps leases in flight', async () => {
    const now = new Date();
    const many = await addNumbers('paused.example', 2500, now);
    const other = await addNumbers('other.example', 3, now);
    const lease = new Date(now.getTime() + 30_000);
    const [inFlight, waiting] = [many[0]!, many[1]!];
    await database.db
      .update(voipNumbers)
      .set({ leaseUntil: lease })
      .where(sql`${voipNumbers.id} in (${inFlight.id}, ${waiting.id})`);
    const until = new Date(now.getTime() + 60_000);
    const repo = pollerRepository(database.db);
    expect(await repo.deferHost('paused.example', until, 'paused', [waiting.id])).toBe(2500);
    const rows = await database.db
      .select()
      .from(voipNumbers)
      .where(eq(voipNumbers.apiHost, 'paused.example'));
    expect(rows.every((r) => r.nextPollAt.getTime() === until.getTime())).toBe(true);
    expect(rows.every((r) => r.lastError === 'paused')).toBe(true);
    expect((await row(inFlight.id)).leaseUntil?.getTime()).toBe(lease.getTime());
    expect((await row(waiting.id)).leaseUntil).toBeNull();
    for (const n of other) expect((await row(n.id)).lastError).toBeNull();
    // Nothing left to defer: numbers already due at (or after) `until` are not touched again.
    expect(await repo.deferHost('paused.example', until, 'paused')).toBe(0);
  });
});

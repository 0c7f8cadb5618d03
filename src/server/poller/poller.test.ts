import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client.ts';
import { messages, users, voipNumbers } from '../db/schema.ts';
import { createMemoryBus } from '../events/bus.ts';
import { createProviderReader } from '../providers/read-provider.ts';
import type { FetchOutcome } from '../providers/safe-fetch.ts';
import { createTestDb } from '../test/db.ts';
import { testClock } from '../test/app.ts';
import { settleOn, type ManualClock } from '../test/clock.ts';
import { testLogger } from '../test/logger.ts';
import { createPoller, nextSlot, phaseOf, type PollerOptions } from './poller.ts';
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

/** A poller on the test database; `fetch` answers each URL; claims and logs are recorded. */
function makePoller(opts: {
  fetch: (url: string, signal?: AbortSignal) => Promise<FetchOutcome>;
  now?: () => Date;
  /** The poller's timers (its idle pause, lease renewal, stop grace) on this clock. */
  timers?: ManualClock;
  options?: Partial<PollerOptions>;
  repo?: (real: PollerRepository) => Partial<PollerRepository>;
}) {
  const real = pollerRepository(database.db);
  const seen = { claims: [] as string[][], asked: [] as string[], log: testLogger() };
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
    ...(opts.timers ? { timers: opts.timers } : {}),
    log: seen.log.log,
    options: { idleMs: IDLE_MS, ...opts.options },
  });
  return { poller, seen };
}

/** The loop is idle: it claimed nothing and waits out its idle pause on `clock`. */
const idle = (clock: ManualClock) => waitFor(() => expect(clock.pending()).toContain(IDLE_MS));
const IDLE_MS = 10;

/**
 * Steps the loop through `rounds` idle pauses and returns the claims made meanwhile: one per
 * pause when nothing is due (the loop waits out each pause, it never spins).
 */
/**
 * Steps idle pauses until `done()` holds: what the loop still has to claim may become due only after
 * its own writes land (later on PostgreSQL than on PGlite), and a loop idling on the manual clock
 * goes on only when the test advances it.
 */
async function stepUntil(clock: ManualClock, done: () => boolean, limit = 500) {
  for (let i = 0; i < limit && !done(); i++) {
    await waitFor(() => expect(done() || clock.pending().includes(IDLE_MS)).toBe(true));
    if (!done()) clock.advance(IDLE_MS);
  }
  expect(done()).toBe(true);
}

async function idleRounds(clock: ManualClock, seen: { claims: string[][] }, rounds: number) {
  await idle(clock);
  const before = seen.claims.length;
  for (let i = 0; i < rounds; i++) {
    clock.advance(IDLE_MS);
    await idle(clock);
  }
  return seen.claims.slice(before);
}

describe('a provider host that is down', () => {
  it('is paused as a whole after repeated connection failures: its numbers wait in the table with a clear error, no claim loop, other hosts keep their schedule', async () => {
    const clock = testClock();
    const t0 = clock.now().getTime();
    const dead = await addNumbers('dead.example', 300, clock.now());
    const fine = await addNumbers('ok.example', 20, clock.now());
    const { poller, seen } = makePoller({
      // The poller's time stands still while the idle pauses are stepped: a healthy number's next
      // slot may lie 1 ms after its poll, and must not fall due (a claim) during the test.
      now: () => new Date(t0),
      timers: clock,
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
    // Twenty idle pauses go by: one empty claim each, nothing of the dead host claimed, asked or
    // given back again.
    expect(await idleRounds(clock, seen, 20)).toEqual(Array(20).fill([]));
    const asked = seen.asked.filter((u) => u.includes('dead.example')).length;
    expect(asked).toBeLessThanOrEqual(4 + 8);
    await settleOn(clock, poller.stop());

    const rows = await Promise.all(dead.map((n) => row(n.id)));
    const waiting = rows.filter((r) => r.lastPolledAt === null);
    expect(waiting.length).toBeGreaterThan(250);
    for (const r of waiting) {
      // Due when the pause ends, saying so; no lease held, no failure counted.
      expect(r.nextPollAt.getTime()).toBe(t0 + 60_000);
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
    const clock = testClock();
    const hung = await addNumbers('hung.example', 10, clock.now());
    const signals: AbortSignal[] = [];
    const { poller, seen } = makePoller({
      now: clock.now,
      timers: clock,
      fetch: (_url, signal) =>
        new Promise((resolve) => {
          signals.push(signal!);
          signal!.addEventListener('abort', () =>
            resolve({ ok: false, kind: 'aborted', error: 'Request aborted' }),
          );
        }),
      options: { hostConcurrency: 4, hostQueue: 2, stopGraceMs: 300 },
    });
    poller.start();
    await waitFor(() => expect(seen.asked).toHaveLength(4));
    await idle(clock);
    let stopped = false;
    const stopping = poller.stop().then(() => (stopped = true));
    // The loop ends at the end of its idle pause; then the requests in flight get their grace.
    clock.advance(IDLE_MS);
    await waitFor(() => expect(clock.pending()).toContain(300));
    expect(signals.map((s) => s.aborted)).toEqual([false, false, false, false]);
    expect(stopped).toBe(false);
    // The grace runs out: they are aborted, and stop() returns.
    clock.advance(300);
    await stopping;
    expect(signals.map((s) => s.aborted)).toEqual([true, true, true, true]);
    for (const n of hung) {
      const r = await row(n.id);
      expect([r.leaseUntil, r.failures, r.lastError, r.lastPolledAt]).toEqual([
        null,
        0,
        null,
        null,
      ]);
      expect(r.nextPollAt.getTime()).toBeLessThanOrEqual(clock.now().getTime());
    }
  });
});

describe('leases', () => {
  it('are short and renewed while a number is held, so a live worker keeps them and a dead one loses them fast', async () => {
    const clock = testClock();
    const [n] = await addNumbers('slow.example', 1, clock.now());
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
      now: clock.now,
      timers: clock,
      options: { leaseMs: 900 },
    });
    poller.start();
    await waitFor(() => expect(waiting).toHaveLength(1));
    expect((await row(n!.id)).leaseUntil!.getTime()).toBe(clock.now().getTime() + 900);
    // Held three times as long as a lease, in steps of a third of one: each renewal moves the
    // lease a whole lease past now, and the number is never claimed again (the loop claims at
    // each step, and a lease run out would be claimable).
    for (let step = 1; step <= 9; step++) {
      await waitFor(() => expect(clock.pending()).toContain(300));
      clock.advance(300);
      const at = clock.now().getTime();
      await waitFor(async () => expect((await row(n!.id)).leaseUntil!.getTime()).toBe(at + 900));
    }
    expect(seen.asked).toHaveLength(1);
    for (const answer of waiting) answer();
    await waitFor(async () => expect(await stored(n!.id)).toHaveLength(1));
    await settleOn(clock, poller.stop());
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
    expect(seen.log.messages('error')).toEqual([]);
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
    seen.log.allowErrorLogs(/storing a poll failed/);
    expect(seen.log.messages('error')).toEqual(['storing a poll failed']);
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
    expect(await repo.deferHost('paused.example', until, 'paused', [waiting.id], now)).toBe(2500);
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
    expect(await repo.deferHost('paused.example', until, 'paused', [], now)).toBe(0);
  });
});

describe('poll tiers', () => {
  const repo = () => pollerRepository(database.db);
  const later = (t: Date, ms: number) => new Date(t.getTime() + ms);
  const setUserWatched = (until: Date | null) =>
    database.db.update(users).set({ watchedUntil: until }).where(eq(users.id, userId));
  const allDue = (at: Date) =>
    database.db.update(voipNumbers).set({ nextPollAt: at }).where(eq(voipNumbers.userId, userId));
  /** Each number's tier in a claim at `at` (every number made due; the claim is given back). */
  async function tiersAt(at: Date) {
    await allDue(at);
    const claimed = await repo().claimDue(at, later(at, 20_000), 100);
    await repo().release(claimed.map((n) => n.id));
    return Object.fromEntries(claimed.map((n) => [n.id, n.tier]));
  }
  /** The number's slot after `t` on the grid of `period` (as the poller schedules it). */
  const slot = (id: string, t: Date, period: number) => nextSlot(t, period, phaseOf(id, period));

  it('claims each number in its tier (expecting beats watched beats unwatched) and schedules it on that interval; each mark running out returns it to the slower tier', async () => {
    const clock = testClock();
    const t0 = clock.now();
    const [expecting, both, watched, plain] = await addNumbers('tiers.example', 4, t0);
    const [e, b, w, p] = [expecting!.id, both!.id, watched!.id, plain!.id];
    await repo().markNumbers([e, b], { expectingUntil: later(t0, 60_000) });
    await repo().markNumbers([b, w], { watchedUntil: later(t0, 120_000) });

    expect(await tiersAt(t0)).toEqual({
      [e]: 'expecting',
      [b]: 'expecting',
      [w]: 'watched',
      [p]: 'unwatched',
    });
    // The poller polls each on its tier's interval, at the number's own phase of it.
    const { poller } = makePoller({ now: clock.now, fetch: async (url) => inbox(url) });
    await allDue(t0);
    await poller.drain();
    expect((await row(e)).nextPollAt).toEqual(slot(e, t0, 2_000));
    expect((await row(b)).nextPollAt).toEqual(slot(b, t0, 2_000));
    expect((await row(w)).nextPollAt).toEqual(slot(w, t0, 5_000));
    expect((await row(p)).nextPollAt).toEqual(slot(p, t0, 30_000));

    // Expecting runs out (at its instant): back to watched, or unwatched.
    const t1 = later(t0, 60_000);
    expect(await tiersAt(t1)).toEqual({
      [e]: 'unwatched',
      [b]: 'watched',
      [w]: 'watched',
      [p]: 'unwatched',
    });
    // The number's watch runs out: unwatched, unless its owner has the app open.
    const t2 = later(t0, 120_000);
    expect(Object.values(await tiersAt(t2))).toEqual(Array(4).fill('unwatched'));
    await setUserWatched(later(t0, 150_000));
    try {
      expect(Object.values(await tiersAt(t2))).toEqual(Array(4).fill('watched'));
      // The owner's watch expecting beats too, and claimOne (Refresh) tells the same tier.
      await repo().markNumbers([p], { expectingUntil: later(t0, 130_000) });
      expect((await tiersAt(t2))[p]).toBe('expecting');
      const one = await repo().claimOne(userId, p, t2, later(t2, 20_000));
      expect(one?.tier).toBe('expecting');
      expect(Object.values(await tiersAt(later(t0, 150_000)))).toEqual(Array(4).fill('unwatched'));
    } finally {
      await setUserWatched(null);
    }
  });

  it('within a host’s room, numbers expecting a code are claimed first', async () => {
    const t0 = new Date();
    const [older, old, newest] = await addNumbers('room.example', 3, t0);
    await database.db
      .update(voipNumbers)
      .set({ nextPollAt: later(t0, -10_000) })
      .where(eq(voipNumbers.id, older!.id));
    await database.db
      .update(voipNumbers)
      .set({ nextPollAt: later(t0, -5_000) })
      .where(eq(voipNumbers.id, old!.id));
    await repo().markNumbers([newest!.id], { expectingUntil: later(t0, 60_000) });
    const claimed = await repo().claimDue(t0, later(t0, 20_000), 10, {
      skip: [],
      room: { 'room.example': 1 },
      fresh: 10,
    });
    expect(claimed.map((n) => [n.id, n.tier])).toEqual([[newest!.id, 'expecting']]);
    // Room for two: the expecting one, then the oldest due.
    await repo().release([newest!.id]);
    const two = await repo().claimDue(t0, later(t0, 20_000), 10, {
      skip: [],
      room: { 'room.example': 2 },
      fresh: 10,
    });
    expect(two.map((n) => n.id).sort()).toEqual([newest!.id, older!.id].sort());
  });

  it('a new code ends expecting 10 s later, in the poll’s own write; no code, a first poll or an earlier end change nothing', async () => {
    const clock = testClock();
    const t0 = clock.now();
    const [n] = await addNumbers('code.example', 1, t0);
    const id = n!.id;
    const sms: { id: string; from: string; content: string }[] = [
      { id: 'old', from: 'Svc', content: 'Your code is 111111' },
    ];
    const calls: string[] = [];
    const { poller } = makePoller({
      now: clock.now,
      fetch: async () => ok([...sms]),
      repo: (real) =>
        Object.fromEntries(
          Object.entries(real).map(([name, fn]) => [
            name,
            (...args: unknown[]) => {
              calls.push(name);
              return (fn as (...a: unknown[]) => unknown)(...args);
            },
          ]),
        ) as Partial<PollerRepository>,
    });
    const until = later(t0, 180_000);
    await repo().markNumbers([id], { expectingUntil: until });

    // First poll: the provider's backlog (a code among it) is stored, expecting goes on.
    await poller.drain();
    expect((await stored(id)).map((m) => m.code)).toEqual(['111111']);
    expect((await row(id)).expectingUntil).toEqual(until);
    expect((await row(id)).nextPollAt).toEqual(slot(id, t0, 2_000));

    // A new verification message without a code: nothing changes.
    clock.advance(2_000);
    sms.unshift({ id: 'nocode', from: 'Svc', content: 'Open the confirmation link we sent you' });
    await poller.drain();
    expect((await stored(id)).find((m) => m.dedupeKey === 'id:nocode')?.code).toBeNull();
    expect((await row(id)).expectingUntil).toEqual(until);

    // A new code: expecting ends 10 s after this poll, and the number still polls every 2 s.
    clock.advance(2_000);
    const t2 = clock.now();
    sms.unshift({ id: 'new', from: 'Svc', content: 'Your code is 222222' });
    calls.length = 0;
    await poller.drain();
    expect(await row(id)).toMatchObject({
      expectingUntil: later(t2, 10_000),
      nextPollAt: slot(id, t2, 2_000),
    });
    // In the batch's one statement: besides claims, one recordPolls and nothing else.
    expect(calls.filter((c) => c !== 'claimDue')).toEqual(['recordPolls']);

    // Another code 2 s later does not move the end further.
    clock.advance(2_000);
    sms.unshift({ id: 'newer', from: 'Svc', content: 'Your code is 333333' });
    await poller.drain();
    expect((await row(id)).expectingUntil).toEqual(later(t2, 10_000));

    // Past the end: polled as unwatched again.
    clock.set(later(t2, 10_000));
    await allDue(clock.now());
    await poller.drain();
    expect((await row(id)).nextPollAt).toEqual(slot(id, clock.now(), 30_000));
  });

  it('a number marked while its poll is in flight is next due on the expecting interval', async () => {
    const clock = testClock();
    const t0 = clock.now();
    const [n] = await addNumbers('race.example', 1, t0);
    let answer = () => {};
    const { poller, seen } = makePoller({
      now: clock.now,
      fetch: (url) => new Promise((resolve) => (answer = () => resolve(inbox(url)))),
    });
    const drained = poller.drain();
    await waitFor(() => expect(seen.asked).toHaveLength(1));
    // Claimed unwatched (30 s); the owner copies it meanwhile.
    await repo().markNumbers([n!.id], {
      expectingUntil: later(t0, 180_000),
      pullForwardTo: later(t0, 2_000),
    });
    answer();
    await drained;
    expect((await row(n!.id)).nextPollAt).toEqual(slot(n!.id, t0, 2_000));
  });

  it('a failing number expecting a code backs off from its interval, as any other', async () => {
    const clock = testClock();
    const t0 = clock.now();
    const [n] = await addNumbers('err.example', 1, t0);
    await repo().markNumbers([n!.id], { expectingUntil: later(t0, 180_000) });
    const { poller } = makePoller({
      now: clock.now,
      fetch: async () => ({
        ok: false,
        kind: 'http',
        status: 500,
        error: 'HTTP error! status: 500',
      }),
    });
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      await poller.drain();
      const r = await row(n!.id);
      expect(r.failures).toBe(i + 1);
      waits.push(r.nextPollAt.getTime() - clock.now().getTime());
      clock.set(r.nextPollAt);
    }
    // 2 s, 4 s, 8 s, 16 s, each ±20 %.
    waits.forEach((w, i) => {
      expect(w).toBeGreaterThanOrEqual(0.8 * 2_000 * 2 ** i);
      expect(w).toBeLessThanOrEqual(1.2 * 2_000 * 2 ** i);
    });
  });

  it('host caps and the circuit breaker apply to numbers expecting a code: a dead and a hung host with 50 each neither make the loop spin nor starve another host', async () => {
    const clock = testClock();
    const t0 = clock.now();
    const dead = await addNumbers('dead-expecting.example', 50, t0);
    const hung = await addNumbers('hung-expecting.example', 50, t0);
    const fine = await addNumbers('fine-expecting.example', 10, t0);
    await repo().markNumbers(
      [...dead, ...hung, ...fine].map((n) => n.id),
      { expectingUntil: later(t0, 180_000) },
    );
    const { poller, seen } = makePoller({
      now: clock.now,
      timers: clock,
      fetch: (url, signal) => {
        if (url.includes('dead-expecting'))
          return Promise.resolve({
            ok: false,
            kind: 'resolve',
            error: 'Could not resolve host dead-expecting.example',
          });
        if (url.includes('hung-expecting'))
          return new Promise((resolve) =>
            signal?.addEventListener('abort', () =>
              resolve({ ok: false, kind: 'aborted', error: 'Request aborted' }),
            ),
          );
        return Promise.resolve(inbox(url));
      },
      options: {
        hostConcurrency: 4,
        hostQueue: 8,
        hostFailThreshold: 3,
        hostPauseMs: 60_000,
        stopGraceMs: 50,
      },
    });
    const askedOf = (host: string) => seen.asked.filter((u) => u.includes(host)).length;
    const claimedOf = (host: string, from = 0) =>
      seen.claims
        .slice(from)
        .flat()
        .filter((h) => h === host).length;
    poller.start();
    try {
      // Every 2 s of the clock, each healthy number is polled again.
      for (let round = 1; round <= 4; round++) {
        await stepUntil(clock, () => askedOf('fine-expecting') >= 10 * round);
        await idle(clock);
        clock.advance(2_000);
      }
      // Thirty idle pauses: the dead host is paused, the hung one full, so neither is claimed
      // again, and the loop idles (one empty claim per pause; the healthy numbers falling due
      // meanwhile are claimed in rounds of their own).
      const claimsBefore = seen.claims.length;
      const rounds = await idleRounds(clock, seen, 30);
      expect(claimedOf('dead-expecting.example', claimsBefore)).toBe(0);
      expect(claimedOf('hung-expecting.example', claimsBefore)).toBe(0);
      expect(rounds.filter((hosts) => hosts.length === 0)).toHaveLength(30);
      // Per-host caps: no more asked of either than its slots and queue allow.
      expect(askedOf('dead-expecting')).toBeLessThanOrEqual(4 + 8);
      expect(askedOf('hung-expecting')).toBe(4);
      expect(claimedOf('hung-expecting.example')).toBeLessThanOrEqual(4 + 8);
    } finally {
      await settleOn(clock, poller.stop());
    }
    // The dead host's numbers wait for the end of its pause, not 2 s.
    const waiting = (await Promise.all(dead.map((n) => row(n.id)))).filter(
      (r) => r.lastPolledAt === null,
    );
    expect(waiting.length).toBeGreaterThan(30);
    for (const r of waiting)
      expect(r.nextPollAt.getTime()).toBeGreaterThanOrEqual(t0.getTime() + 60_000);
  });
});

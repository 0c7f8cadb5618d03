import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages, voipNumbers } from '../../db/schema.ts';
import { createMemoryBus, type EventBus } from '../../events/bus.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { manualClock, settleOn } from '../../test/clock.ts';
import { testLogger } from '../../test/logger.ts';
import { createPoller, type PollerOptions } from '../../poller/poller.ts';
import { pollerRepository, type PollerRepository } from '../../poller/poller.repository.ts';
import { createProviderReader } from '../../providers/read-provider.ts';

/** Waits for `check` to pass; generous, as a loaded CI machine is slow. */
const waitFor = <T>(check: () => T | Promise<T>) =>
  vi.waitFor(check, { timeout: 10_000, interval: 20 });

/**
 * A fake provider on 127.0.0.1: /p/{phone} answers with that phone's inbox as JSON; other paths
 * misbehave in one way each. Every request is counted per path.
 */
type InboxItem = { id?: string; from: string; content: string; timestamp?: string };
const inbox = new Map<string, InboxItem[]>();
const endtimes = new Map<string, string>();
const hits = new Map<string, number>();
let provider: http.Server;
let base = '';
const sockets = new Set<import('node:net').Socket>();

function startProvider() {
  provider = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    const m = /^\/p\/(\d{10})$/.exec(url.pathname);
    if (m) {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ messages: inbox.get(m[1]!) ?? [], endtime: endtimes.get(m[1]!) }));
      return;
    }
    switch (url.pathname) {
      case '/text':
        res.end('YES|Your Acme code is 735112|2031-05-06 10:00:00');
        return;
      case '/slow':
        return; // never answers
      case '/500':
        res.statusCode = 500;
        res.end('oops');
        return;
      case '/404':
        res.statusCode = 404;
        res.end('missing');
        return;
      case '/html':
        res.setHeader('content-type', 'text/html');
        res.end('<!doctype html><html><body>Login</body></html>');
        return;
      case '/badjson':
        res.setHeader('content-type', 'application/json');
        res.end('{"messages": [');
        return;
      case '/big':
        res.setHeader('content-type', 'application/json');
        res.write('[');
        res.end('"' + 'x'.repeat(5 * 1024 * 1024) + '"]');
        return;
      case '/loop':
        res.statusCode = 302;
        res.setHeader('location', '/loop');
        res.end();
        return;
      case '/elsewhere':
        res.statusCode = 302;
        // A loopback port that is not on the allow-list.
        res.setHeader('location', 'http://127.0.0.1:9/p/1');
        res.end();
        return;
      default:
        res.statusCode = 404;
        res.end();
    }
  });
  provider.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return new Promise<void>((resolve) =>
    provider.listen(0, '127.0.0.1', () => {
      base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

let t: TestApp;
/** The provider deadline's clock: a read times out only when a test steps it past the deadline. */
const deadlines = manualClock();
let alice: { cookie: string; user: { id: string } };
let bob: { cookie: string; user: { id: string } };

beforeAll(async () => {
  await startProvider();
  t = await createTestApp({
    env: { PROVIDER_ALLOWLIST: `127.0.0.1:${(provider.address() as AddressInfo).port}` },
    provider: { timers: deadlines },
    poller: { keepMessages: 5, idleMs: 20 },
  });
  alice = await signIn(t, 'alice@example.com');
  bob = await signIn(t, 'bob@example.com');
});
afterAll(async () => {
  await t.close();
  for (const s of sockets) s.destroy();
  await new Promise((r) => provider.close(r));
});

const req = (
  who: { cookie: string } | null,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let seq = 0;
const phone = () => `4155${String(++seq).padStart(6, '0')}`;
async function addNumber(who: { cookie: string }, path?: string) {
  const p = phone();
  const res = await req(who, 'POST', '/v1/numbers', {
    phoneNumber: p,
    apiLink: `${base}${path ?? `/p/${p}`}?key=SECRET-${p}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; phoneNumber: string };
}
const numberRow = async (id: string) =>
  (await t.database.db.select().from(voipNumbers).where(eq(voipNumbers.id, id)))[0]!;
const storedMessages = (id: string) =>
  t.database.db.select().from(messages).where(eq(messages.voipNumberId, id));
/** Makes every active number due now, then polls until nothing is due. */
async function pollAll() {
  await t.database.db.update(voipNumbers).set({ nextPollAt: t.clock.now(), leaseUntil: null });
  await t.app.poller.drain();
}

beforeEach(async () => {
  // Each test starts with no numbers, so drains only poll the test's own.
  await t.database.db.delete(voipNumbers);
});

describe('poller', () => {
  it('stores verification messages once, with the code, last_used and the end date', async () => {
    const n = await addNumber(alice);
    inbox.set(n.phoneNumber, [
      {
        id: 'a1',
        from: 'Telegram',
        content: 'Telegram code: 48213',
        timestamp: '2026-11-23 10:00:00',
      },
      {
        id: 'a2',
        from: 'Bank',
        content: 'Your statement is ready',
        timestamp: '2026-11-23 10:01:00',
      },
      { from: 'system', content: 'G-771204 is your Google verification code.' },
    ]);
    endtimes.set(n.phoneNumber, '2031-01-02 03:04:05');
    await pollAll();
    await pollAll(); // the same payload again stores nothing new

    const rows = await storedMessages(n.id);
    expect(rows.map((r) => [r.sender, r.code]).sort()).toEqual(
      [
        [n.phoneNumber, '771204'],
        ['Telegram', '48213'],
      ].sort(),
    );
    const row = await numberRow(n.id);
    expect(row.lastUsed).not.toBeNull();
    expect(row.endDate?.toISOString()).toBe('2031-01-02T03:04:05.000Z');
    expect(row.lastError).toBeNull();
    expect(row.failures).toBe(0);
    expect(row.nextPollAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(row.nextPollAt.getTime()).toBeLessThanOrEqual(t.clock.now().getTime() + 30_000);
    expect(row.leaseUntil).toBeNull();

    // The card data carries the count and the newest messages.
    const card = (await req(alice, 'GET', `/v1/numbers/${n.id}`)).json();
    expect(card.messageCount).toBe(2);
    expect(card.recentMessages).toHaveLength(2);
  });

  it('keeps only the newest messages per number', async () => {
    const n = await addNumber(alice);
    inbox.set(
      n.phoneNumber,
      Array.from({ length: 8 }, (_, i) => ({
        id: `k${i}`,
        from: 'Svc',
        content: `Your code is ${100000 + i}`,
        timestamp: `2026-11-20T10:0${i}:00Z`,
      })),
    );
    await pollAll();
    const rows = await storedMessages(n.id);
    expect(rows).toHaveLength(5);
    expect(rows.map((r) => r.code).sort()).toEqual([
      '100003',
      '100004',
      '100005',
      '100006',
      '100007',
    ]);
  });

  it('skips inactive numbers', async () => {
    const n = await addNumber(alice);
    await t.app.inject({
      method: 'PATCH',
      url: `/v1/numbers/${n.id}`,
      headers: { cookie: alice.cookie },
      payload: { isActive: false },
    });
    const before = hits.get(`/p/${n.phoneNumber}`) ?? 0;
    await pollAll();
    expect(hits.get(`/p/${n.phoneNumber}`) ?? 0).toBe(before);
  });

  it('reads plain-text providers (YES|text|end date)', async () => {
    const n = await addNumber(alice, '/text');
    await pollAll();
    const rows = await storedMessages(n.id);
    expect(rows.map((r) => r.code)).toEqual(['735112']);
    expect((await numberRow(n.id)).endDate?.toISOString()).toBe('2031-05-06T10:00:00.000Z');
  });

  const faults: Array<[string, string | RegExp]> = [
    ['/slow', 'Request timed out after 10 seconds'],
    ['/500', 'HTTP error! status: 500'],
    ['/404', 'HTTP error! status: 404'],
    ['/html', /HTML/],
    ['/badjson', /Invalid JSON/],
    ['/big', /too large/i],
    ['/loop', /redirects/i],
    ['/elsewhere', /Blocked address/],
  ];
  it('turns every provider fault into a per-number error while other numbers keep their schedule', async () => {
    const good = await addNumber(alice);
    inbox.set(good.phoneNumber, [{ id: 'g', from: 'Svc', content: 'code 5512' }]);
    const bad: { id: string; phoneNumber: string }[] = [];
    for (const [path] of faults) bad.push(await addNumber(alice, path));
    // Links that must never be fetched: loopback spelled in other ways, not on the allow-list.
    const sneaky = ['http://[::1]:80/x', 'http://2130706433/x', 'http://127.1/x', 'http://0/x'];
    const sneakyIds: string[] = [];
    for (const link of sneaky) {
      const res = await req(alice, 'POST', '/v1/numbers', { phoneNumber: phone(), apiLink: link });
      expect(res.statusCode, res.body).toBe(201);
      sneakyIds.push(res.json().id as string);
    }
    const polled = pollAll();
    // Every read but the hung one has ended and been stored; then its deadline passes.
    const hung = bad[faults.findIndex(([path]) => path === '/slow')]!;
    await waitFor(async () => {
      for (const id of [good.id, ...bad.map((n) => n.id), ...sneakyIds])
        if (id !== hung.id) expect((await numberRow(id)).lastPolledAt).not.toBeNull();
    });
    deadlines.advance(10_000);
    await polled;

    for (const [i, [, expected]] of faults.entries()) {
      const row = await numberRow(bad[i]!.id);
      if (typeof expected === 'string') expect(row.lastError).toBe(expected);
      else expect(row.lastError).toMatch(expected);
      expect(row.failures).toBe(1);
      // Backoff: due again after about one interval (±20 % jitter), not at once.
      expect(row.nextPollAt.getTime()).toBeGreaterThan(t.clock.now().getTime() + 20_000);
      expect(row.leaseUntil).toBeNull();
    }
    for (const id of sneakyIds) expect((await numberRow(id)).lastError).toMatch(/Blocked address/);
    const healthy = await numberRow(good.id);
    expect(healthy.lastError).toBeNull();
    expect(await storedMessages(good.id)).toHaveLength(1);
    // The error reaches the owner on the card, and the server is still up.
    const card = (await req(alice, 'GET', `/v1/numbers/${bad[1]!.id}`)).json();
    expect(card.lastError).toBe('HTTP error! status: 500');
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    // No provider secret ever reaches the logs.
    expect(t.logs()).not.toContain('SECRET-');
  });

  it('backs off exponentially on repeated failures, capped', async () => {
    const n = await addNumber(alice, '/500');
    const delays: number[] = [];
    for (let i = 0; i < 12; i++) {
      await pollAll();
      const row = await numberRow(n.id);
      delays.push(row.nextPollAt.getTime() - t.clock.now().getTime());
    }
    expect((await numberRow(n.id)).failures).toBe(12);
    expect(delays[1]!).toBeGreaterThan(delays[0]! * 1.2);
    expect(delays[3]!).toBeGreaterThan(delays[1]! * 2);
    expect(Math.max(...delays)).toBeLessThanOrEqual(15 * 60_000 * 1.2);
    expect(delays.at(-1)!).toBeGreaterThanOrEqual(15 * 60_000 * 0.8);
  });

  it('two pollers never claim the same number at once', async () => {
    for (let i = 0; i < 6; i++) await addNumber(alice);
    await t.database.db.update(voipNumbers).set({ nextPollAt: t.clock.now(), leaseUntil: null });
    const repo = pollerRepository(t.database.db);
    const now = t.clock.now();
    const lease = new Date(now.getTime() + 60_000);
    const [a, b] = await Promise.all([repo.claimDue(now, lease, 4), repo.claimDue(now, lease, 4)]);
    const ids = [...a, ...b].map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(6);
    // Leased numbers are not claimable again until the lease runs out.
    expect(await repo.claimDue(now, lease, 10)).toHaveLength(0);
    const later = new Date(lease.getTime() + 1);
    expect(await repo.claimDue(later, new Date(later.getTime() + 60_000), 10)).toHaveLength(6);
  });
});

describe('storing polls in batches', () => {
  const repo = () => pollerRepository(t.database.db);
  const msg = (key: string, minute: number) => ({
    sender: 'Svc',
    content: `Your code is ${100000 + minute}`,
    code: String(100000 + minute),
    receivedAt: new Date(Date.UTC(2026, 10, 20, 10, minute)),
    dedupeKey: key,
  });
  const base = (n: { id: string; phoneNumber: string }) => ({
    number: { id: n.id, phoneNumber: n.phoneNumber, userId: alice.user.id },
    polledAt: t.clock.now(),
    nextPollAt: new Date(t.clock.now().getTime() + 30_000),
  });
  const ok = (n: { id: string; phoneNumber: string }, found: ReturnType<typeof msg>[]) => ({
    ...base(n),
    ok: true as const,
    found,
    endDate: null,
  });
  const keys = async (id: string) => (await storedMessages(id)).map((m) => m.dedupeKey).sort();

  it('stores successes and failures together; a deleted number stores nothing and fails nothing', async () => {
    const [a, b, gone] = [await addNumber(alice), await addNumber(alice), await addNumber(alice)];
    await t.database.db.delete(voipNumbers).where(eq(voipNumbers.id, gone.id));
    const stored = await repo().recordPolls(
      [
        ok(a, [msg('a2', 2), msg('a1', 1), msg('a2', 3)]),
        { ...base(b), ok: false, error: 'HTTP error! status: 500' },
        ok(gone, [msg('g1', 1)]),
      ],
      5,
    );
    // New messages per poll, in the provider's order, each dedupe key once.
    expect(stored.map((list) => list.map((m) => m.dedupeKey))).toEqual([['a2', 'a1'], [], []]);
    expect(stored[0]![0]).toMatchObject({ phoneNumber: a.phoneNumber, userId: alice.user.id });
    expect(await keys(a.id)).toEqual(['a1', 'a2']);
    const rowA = await numberRow(a.id);
    expect(rowA.lastUsed?.getTime()).toBe(t.clock.now().getTime());
    expect(rowA.failures).toBe(0);
    const rowB = await numberRow(b.id);
    expect([rowB.failures, rowB.lastError, rowB.lastUsed]).toEqual([
      1,
      'HTTP error! status: 500',
      null,
    ]);
    expect(await storedMessages(gone.id)).toHaveLength(0);
  });

  it('a message trimmed once is not new again, and a stored one keeps its place on equal times', async () => {
    const n = await addNumber(alice);
    const eight = Array.from({ length: 8 }, (_, i) => msg(`k${i}`, i));
    const [first] = await repo().recordPolls([ok(n, eight)], 5);
    expect(first!.map((m) => m.dedupeKey)).toEqual(['k3', 'k4', 'k5', 'k6', 'k7']);
    expect((await repo().recordPolls([ok(n, eight)], 5))[0]).toEqual([]);
    const [newer] = await repo().recordPolls([ok(n, [...eight, msg('k8', 8)])], 5);
    expect(newer!.map((m) => m.dedupeKey)).toEqual(['k8']);
    expect(await keys(n.id)).toEqual(['k4', 'k5', 'k6', 'k7', 'k8']);
    // As old as the oldest kept message: the stored one stays, the found one is not new.
    expect((await repo().recordPolls([ok(n, [msg('t4', 4)])], 5))[0]).toEqual([]);
    expect(await keys(n.id)).toEqual(['k4', 'k5', 'k6', 'k7', 'k8']);
  });

  /** A poller on the test database whose provider answers every number with one new message. */
  function fakePoller(opts: {
    recordPolls?: PollerRepository['recordPolls'];
    bus?: EventBus;
    options?: Partial<PollerOptions>;
    /** Holds the answer for these links until the returned promise settles. */
    hold?: (url: string) => Promise<void> | undefined;
  }) {
    const real = repo();
    const start = t.clock.now();
    const log = {
      fetches: 0,
      asked: [] as string[],
      batches: [] as number[],
      logger: testLogger(),
      /** Hosts of the numbers each claim returned. */
      claims: [] as string[][],
    };
    const poller = createPoller({
      repo: {
        ...real,
        claimDue: async (...args) => {
          const claimed = await real.claimDue(...args);
          log.claims.push(claimed.map((n) => n.apiHost));
          return claimed;
        },
        recordPolls: (outcomes, keep) => {
          log.batches.push(outcomes.length);
          return (opts.recordPolls ?? real.recordPolls)(outcomes, keep);
        },
      },
      readProvider: createProviderReader({
        cipher: { encrypt: (v) => v, decrypt: (v) => v },
        fetchLink: async (url) => {
          log.asked.push(url);
          await opts.hold?.(url);
          return answer();
        },
        now: t.clock.now,
      }),
      bus: opts.bus ?? createMemoryBus(),
      // The poller's time stands still while a test steps its idle pauses on the clock: a polled
      // number's next slot lies anywhere in the next period (even 1 ms on), and must not fall due
      // again during the test.
      now: () => start,
      timers: t.clock,
      log: log.logger.log,
      options: opts.options,
    });
    const answer = () => ({
      ok: true as const,
      status: 200,
      contentType: 'application/json',
      finalUrl: 'http://127.0.0.1/',
      body: JSON.stringify([
        { id: `m${++log.fetches}`, from: 'Svc', content: 'Your code is 5150' },
      ]),
    });
    return { poller, log };
  }
  const dueNumbers = async (count: number) => {
    const numbers = await Promise.all(Array.from({ length: count }, () => addNumber(alice)));
    await t.database.db.update(voipNumbers).set({ nextPollAt: t.clock.now() });
    return numbers;
  };

  it('writes polls that finish together in one batch, and a failed publish fails no poll', async () => {
    const numbers = await dueNumbers(12);
    const { poller, log } = fakePoller({
      bus: { ...createMemoryBus(), publish: () => Promise.reject(new Error('bus down')) },
    });
    await poller.drain();
    expect(log.batches).toEqual([12]);
    expect(log.fetches).toBe(12);
    log.logger.allowErrorLogs(/publishing new messages failed/);
    expect(log.logger.messages('error')).toEqual(['publishing new messages failed']);
    for (const n of numbers) {
      expect(await storedMessages(n.id)).toHaveLength(1);
      expect((await numberRow(n.id)).lastError).toBeNull();
    }
  });

  /** A fake poller whose writes wait until `open()` is called. */
  function gatedPoller(options: Partial<PollerOptions>) {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const real = repo();
    const fake = fakePoller({
      recordPolls: async (outcomes, keep) => {
        await gate;
        return real.recordPolls(outcomes, keep);
      },
      options,
    });
    return { ...fake, open };
  }

  it('frees a host slot when the provider answers, not when the poll is stored', async () => {
    const numbers = await dueNumbers(3);
    const { poller, log, open } = gatedPoller({ hostConcurrency: 1 });
    const drained = poller.drain();
    // One host, one request at a time: all three are asked while the first poll is not stored yet.
    await waitFor(() => expect(log.fetches).toBe(3));
    open();
    await drained;
    for (const n of numbers) expect(await storedMessages(n.id)).toHaveLength(1);
  });

  it('keeps fetching while a batch is written, up to two batches waiting', async () => {
    const numbers = await dueNumbers(12);
    const { poller, log, open } = gatedPoller({ concurrency: 2, writeBatch: 4 });
    // The running loop (not drain): it waits to be woken when slots free up.
    poller.start();
    // Two requests at a time, yet eight polls are fetched while the first write waits.
    await waitFor(() => expect(log.fetches).toBe(8));
    // Three idle pauses of the loop go by: no room, so no claim and no further fetch.
    for (let i = 0; i < 3; i++) {
      await waitFor(() => expect(t.clock.pending()).toContain(250));
      t.clock.advance(250);
    }
    await waitFor(() => expect(t.clock.pending()).toContain(250));
    expect(log.fetches).toBe(8);
    expect(log.claims.flat()).toHaveLength(8);
    open();
    await waitFor(async () => {
      for (const n of numbers) expect(await storedMessages(n.id)).toHaveLength(1);
    });
    await settleOn(t.clock, poller.stop());
  });

  it('a host that never answers holds its slots and a bounded queue; other hosts go on, with no claim loop', async () => {
    const rows = (host: string, count: number) =>
      Array.from({ length: count }, () => {
        const p = phone();
        return {
          userId: alice.user.id,
          phoneNumber: p,
          apiLinkEnc: `http://${host}/p/${p}`,
          apiHost: host,
          nextPollAt: t.clock.now(),
        };
      });
    const dead = await t.database.db
      .insert(voipNumbers)
      .values(rows('dead.example', 12))
      .returning();
    const fine = await t.database.db.insert(voipNumbers).values(rows('ok.example', 6)).returning();
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    const { poller, log } = fakePoller({
      hold: (url) => (url.includes('dead.example') ? stuck : undefined),
      options: { concurrency: 50, hostConcurrency: 2, hostQueue: 4, idleMs: 10 },
    });
    poller.start();
    // Every number of the healthy host is polled and stored while the dead host hangs.
    await waitFor(async () => {
      for (const n of fine) expect(await storedMessages(n.id)).toHaveLength(1);
    });
    // Ten idle pauses pass while the dead host hangs: one claim each, and it brings nothing.
    await waitFor(() => expect(t.clock.pending()).toContain(10));
    const claimsBefore = log.claims.length;
    for (let i = 0; i < 10; i++) {
      t.clock.advance(10);
      await waitFor(() => expect(t.clock.pending()).toContain(10));
    }
    expect(log.claims.slice(claimsBefore)).toEqual(Array(10).fill([]));
    // The dead host: 2 requests in flight, 4 waiting (one claim brought exactly those); the other
    // 6 were never claimed while the host is saturated: still due, no failure counted.
    expect(log.asked.filter((u) => u.includes('dead.example'))).toHaveLength(2);
    expect(log.claims.filter((hosts) => hosts.includes('dead.example'))).toHaveLength(1);
    const deadRows = await Promise.all(dead.map((n) => numberRow(n.id)));
    const handedBack = deadRows.filter((r) => r.leaseUntil === null);
    expect(handedBack).toHaveLength(6);
    for (const r of handedBack) {
      expect(r.failures).toBe(0);
      expect(r.nextPollAt.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
    }
    release();
    await settleOn(t.clock, poller.stop());
    // Stopping gives the waiting ones back too; the ones in flight were stored.
    const after = await Promise.all(dead.map((n) => numberRow(n.id)));
    expect(after.filter((r) => r.leaseUntil !== null)).toHaveLength(0);
    expect(after.filter((r) => r.lastPolledAt !== null).length).toBeGreaterThanOrEqual(2);
  });
});

describe('refresh and test', () => {
  it('refreshes now, at most once per 5 s per number', async () => {
    const n = await addNumber(alice);
    inbox.set(n.phoneNumber, [{ id: 'r1', from: 'Svc', content: 'Your code is 4242' }]);
    const path = `/p/${n.phoneNumber}`;
    const before = hits.get(path) ?? 0;
    const [a, b] = await Promise.all([
      req(alice, 'POST', `/v1/numbers/${n.id}/refresh`),
      req(alice, 'POST', `/v1/numbers/${n.id}/refresh`),
    ]);
    expect(a.json()).toEqual({ polled: true, newMessages: 1, error: null });
    expect(b.json()).toEqual(a.json());
    expect((hits.get(path) ?? 0) - before).toBe(1);
    t.clock.advance(5_000);
    const c = await req(alice, 'POST', `/v1/numbers/${n.id}/refresh`);
    expect(c.json()).toEqual({ polled: true, newMessages: 0, error: null });
    expect((hits.get(path) ?? 0) - before).toBe(2);
  });

  it('Refresh Messages polls the caller’s active numbers now and reports their errors', async () => {
    const good = await addNumber(alice);
    inbox.set(good.phoneNumber, [{ id: 'ra1', from: 'Svc', content: 'Your code is 7788' }]);
    const failing = await addNumber(alice, '/500');
    const off = await addNumber(alice);
    await req(alice, 'PATCH', `/v1/numbers/${off.id}`, { isActive: false });
    const bobs = await addNumber(bob);
    const count = (p: string) => hits.get(`/p/${p}`) ?? 0;
    const before = { off: count(off.phoneNumber), bobs: count(bobs.phoneNumber) };

    const res = await req(alice, 'POST', '/v1/messages/refresh');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      numbers: 2,
      newMessages: 1,
      errors: [
        {
          numberId: failing.id,
          phoneNumber: failing.phoneNumber,
          error: 'HTTP error! status: 500',
        },
      ],
    });
    expect((await storedMessages(good.id)).map((m) => m.code)).toEqual(['7788']);
    // Neither the inactive number nor another user's was asked.
    expect(count(off.phoneNumber)).toBe(before.off);
    expect(count(bobs.phoneNumber)).toBe(before.bobs);
    expect((await req(null, 'POST', '/v1/messages/refresh')).statusCode).toBe(401);
  });

  it('answers the Test labels', async () => {
    const ok = await addNumber(alice);
    inbox.set(ok.phoneNumber, [
      { from: 'A', content: 'code 1234' },
      { from: 'B', content: 'hello' },
    ]);
    const failed = await addNumber(alice, '/500');
    const slow = await addNumber(alice, '/slow');
    expect((await req(alice, 'POST', `/v1/numbers/${ok.id}/test`)).json()).toEqual({
      ok: true,
      label: '✓ Success (2 messages)',
      messages: 2,
      status: 200,
    });
    expect((await req(alice, 'POST', `/v1/numbers/${failed.id}/test`)).json()).toMatchObject({
      ok: false,
      label: '✗ Failed (500)',
    });
    const hung = req(alice, 'POST', `/v1/numbers/${slow.id}/test`);
    await waitFor(() => expect(deadlines.pending()).toEqual([10_000]));
    deadlines.advance(10_000);
    expect((await hung).json()).toMatchObject({
      ok: false,
      label: '✗ Error: Request timed out after 10 seconds',
    });
  });

  it('answers 404 for another user’s number, a malformed id, and without a session 401', async () => {
    const n = await addNumber(alice);
    for (const path of ['refresh', 'test']) {
      expect((await req(bob, 'POST', `/v1/numbers/${n.id}/${path}`)).statusCode).toBe(404);
      expect((await req(bob, 'POST', `/v1/numbers/not-a-uuid/${path}`)).statusCode).toBe(404);
      expect((await req(null, 'POST', `/v1/numbers/${n.id}/${path}`)).statusCode).toBe(401);
    }
    expect((await req(bob, 'GET', `/v1/messages?numberId=${n.id}`)).statusCode).toBe(404);
    expect((await req(bob, 'GET', `/v1/messages/export?numberId=${n.id}`)).statusCode).toBe(404);
    expect((await req(bob, 'POST', '/v1/date-checks', { numberIds: [n.id] })).statusCode).toBe(404);
    expect((await req(null, 'GET', '/v1/messages')).statusCode).toBe(401);
    expect((await req(null, 'GET', '/v1/events')).statusCode).toBe(401);
  });
});

describe('GET /v1/messages', () => {
  it('lists the user’s messages newest first with filters and cursor paging, and exports CSV', async () => {
    const a = await addNumber(alice);
    const b = await addNumber(alice);
    const other = await addNumber(bob);
    inbox.set(a.phoneNumber, [
      {
        id: '1',
        from: 'Telegram',
        content: 'Telegram code 11111',
        timestamp: '2026-11-01T10:00:00Z',
      },
      {
        id: '2',
        from: 'Google',
        content: 'Your Google code is 222-222',
        timestamp: '2026-11-02T10:00:00Z',
      },
    ]);
    inbox.set(b.phoneNumber, [
      { id: '3', from: 'Apple', content: 'Apple code: 3333', timestamp: '2026-11-03T10:00:00Z' },
      {
        id: '4',
        from: 'Bank',
        content: '=HYPERLINK("x") code 4444',
        timestamp: '2026-11-04T10:00:00Z',
      },
    ]);
    inbox.set(other.phoneNumber, [{ id: '5', from: 'Svc', content: 'code 55555' }]);
    await pollAll();

    const all = (await req(alice, 'GET', '/v1/messages')).json();
    expect(all.items.map((m: { code: string }) => m.code)).toEqual([
      '4444',
      '3333',
      '222222',
      '11111',
    ]);
    expect(all.items[0]).toMatchObject({
      phoneNumber: b.phoneNumber,
      voipNumberId: b.id,
      sender: 'Bank',
    });

    const page1 = (await req(alice, 'GET', '/v1/messages?limit=3')).json();
    expect(page1.items).toHaveLength(3);
    const page2 = (
      await req(alice, 'GET', `/v1/messages?limit=3&cursor=${page1.nextCursor}`)
    ).json();
    expect(page2.items.map((m: { code: string }) => m.code)).toEqual(['11111']);
    expect(page2.nextCursor).toBeNull();

    const byNumber = (await req(alice, 'GET', `/v1/messages?numberId=${a.id}`)).json();
    expect(byNumber.items).toHaveLength(2);
    // A code shown with a separator is found by its digits.
    const byCode = (await req(alice, 'GET', '/v1/messages?q=222222')).json();
    expect(byCode.items.map((m: { code: string }) => m.code)).toEqual(['222222']);
    const search = (await req(alice, 'GET', '/v1/messages?q=telegram')).json();
    expect(search.items.map((m: { code: string }) => m.code)).toEqual(['11111']);
    const dated = (await req(alice, 'GET', '/v1/messages?from=2026-11-02&to=2026-11-03')).json();
    expect(dated.items.map((m: { code: string }) => m.code)).toEqual(['3333', '222222']);

    expect((await req(alice, 'GET', '/v1/messages?from=yesterday')).statusCode).toBe(400);
    expect((await req(alice, 'GET', '/v1/messages?cursor=bogus')).statusCode).toBe(400);
    expect((await req(alice, 'GET', '/v1/messages?limit=1000')).statusCode).toBe(400);

    const csv = await req(alice, 'GET', '/v1/messages/export');
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/message-history-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('Received,Number,From,Code,Message');
    expect(lines).toHaveLength(5);
    // Formula injection is neutralised.
    expect(csv.body).toContain(`'=HYPERLINK`);
  });
});

describe('date checks', () => {
  it('checks numbers by id and by pasted lines, streams results, saves found dates', async () => {
    const soon = await addNumber(alice);
    const later = await addNumber(alice);
    const none = await addNumber(alice);
    const broken = await addNumber(alice, '/500');
    const now = t.clock.now().getTime();
    const fmt = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
    endtimes.set(soon.phoneNumber, fmt(now + 3 * 86_400_000 + 60_000));
    endtimes.set(later.phoneNumber, fmt(now + 40 * 86_400_000));
    endtimes.delete(none.phoneNumber);
    inbox.set(none.phoneNumber, [{ from: 'A', content: 'hello' }]);

    const res = await req(alice, 'POST', '/v1/date-checks', {
      numberIds: [soon.id, later.id, none.id, broken.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/x-ndjson/);
    const results = res.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .sort((x, y) => x.index - y.index);
    expect(results.map((r) => [r.status, r.daysLeft, r.error])).toEqual([
      ['expiring-soon', 4, null],
      ['active', 40, null],
      ['error', null, 'No expiry date found in API response or message content'],
      ['error', null, 'API request failed (500)'],
    ]);
    const saved = await numberRow(later.id);
    expect(saved.endDate).not.toBeNull();
    expect(saved.dateLastChecked).not.toBeNull();

    const byLines = await req(alice, 'POST', '/v1/date-checks', {
      lines: `+1${soon.phoneNumber}\n\n2125550199|https://x.example/a\nnot a number`,
    });
    const lineResults = byLines.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .sort((x, y) => x.index - y.index);
    expect(lineResults.map((r) => [r.phoneNumber, r.status, r.error])).toEqual([
      [soon.phoneNumber, 'expiring-soon', null],
      [
        '2125550199',
        'error',
        'Number not found in your collection. Add it first to check its date.',
      ],
      ['not a number', 'error', 'Line 3: Invalid phone number. Must be exactly 10 digits.'],
    ]);

    expect((await req(alice, 'POST', '/v1/date-checks', { lines: '\n \n' })).statusCode).toBe(400);
    expect((await req(alice, 'POST', '/v1/date-checks', { numberIds: [] })).statusCode).toBe(400);
    expect((await req(alice, 'POST', '/v1/date-checks', {})).statusCode).toBe(400);
  });

  it('refuses more lines than a check allows before asking any provider', async () => {
    const n = await addNumber(alice);
    const path = `/p/${n.phoneNumber}`;
    const before = hits.get(path) ?? 0;
    const lines = (count: number) => Array.from({ length: count }, () => n.phoneNumber).join('\n');
    const mine = await req(alice, 'POST', '/v1/date-checks', { lines: lines(501) });
    expect(mine.statusCode).toBe(400);
    expect(mine.json().error).toMatchObject({
      code: 'TOO_MANY_LINES',
      message: 'Check at most 500 numbers at a time.',
    });
    const pub = await t.app.inject({
      method: 'POST',
      url: '/v1/public/date-check',
      payload: { lines: lines(51).replaceAll(n.phoneNumber, `${n.phoneNumber}|${base}${path}`) },
      headers: { 'x-forwarded-for': '198.51.100.9' },
    });
    expect(pub.statusCode).toBe(400);
    expect(pub.json().error.message).toBe('Check at most 50 numbers at a time.');
    expect(hits.get(path) ?? 0).toBe(before);
    expect((await numberRow(n.id)).dateLastChecked).toBeNull();
  });

  it('runs the public checker without storing or logging links, and rate-limits it per IP', async () => {
    const p = phone();
    endtimes.set(p, '2031-01-01 00:00:00');
    const body = { lines: `${p}|${base}/p/${p}?key=PUBLICSECRET\n${p}|ftp://nope\nhello` };
    const headers = { 'x-forwarded-for': '198.51.100.7' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/public/date-check',
      payload: body,
      headers,
    });
    expect(res.statusCode).toBe(200);
    const results = res.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .sort((x, y) => x.index - y.index);
    expect(results[0]).toMatchObject({ phoneNumber: p, status: 'active', error: null });
    expect(results[1]).toMatchObject({
      status: 'error',
      error: 'Line 2: Invalid API link. Must start with http.',
    });
    // The checker's own formats: no tags (those are the bulk import's).
    expect(results[2]).toMatchObject({
      status: 'error',
      error:
        'Line 3: Invalid format. Expected format: phone|link, phone----link, phone<TAB>link, link<TAB>phone or phone link',
    });
    expect(t.logs()).not.toContain('PUBLICSECRET');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v1/public/date-check',
      payload: { lines: 'x' },
      headers,
    });
    expect(bad.statusCode).toBe(400);
    let status = 0;
    for (let i = 0; i < 10 && status !== 429; i++) {
      status = (
        await t.app.inject({
          method: 'POST',
          url: '/v1/public/date-check',
          payload: { lines: 'x' },
          headers,
        })
      ).statusCode;
    }
    expect(status).toBe(429);
  });
});

describe('demo provider', () => {
  it('serves realistic codes as text and JSON, and its links poll in-process', async () => {
    const text = await t.app.inject({ method: 'GET', url: '/demo-provider/5550001234' });
    expect(text.statusCode).toBe(200);
    expect(text.body).toMatch(/^YES\|.*\d{3}.*\|\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const json = (
      await t.app.inject({ method: 'GET', url: '/demo-provider/5550001234?format=json' })
    ).json();
    expect(json.messages).toHaveLength(3);
    expect(json.endtime).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect((await t.app.inject({ method: 'GET', url: '/demo-provider/123' })).statusCode).toBe(404);

    // Same number, same moment: the same answer (stateless, the same in every process).
    const again = await t.app.inject({
      method: 'GET',
      url: '/demo-provider/5550001234?format=json',
    });
    expect(again.json()).toEqual(json);
    // A new code appears within 90 s.
    t.clock.advance(91_000);
    const next = (
      await t.app.inject({ method: 'GET', url: '/demo-provider/5550001234?format=json' })
    ).json();
    expect(next.messages[0].content).not.toBe(json.messages[0].content);

    const res = await req(alice, 'POST', '/v1/numbers', {
      phoneNumber: '5550001234',
      apiLink: 'http://localhost:3000/demo-provider/5550001234',
    });
    const id = res.json().id as string;
    await pollAll();
    const stored = await storedMessages(id);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.code).toMatch(/^\d{6}$/);
    expect((await numberRow(id)).endDate).not.toBeNull();
  });
});

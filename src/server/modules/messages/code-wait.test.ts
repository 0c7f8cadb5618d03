import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeAnswer } from '../../../shared/code-wait.ts';
import { createPostgresBus } from '../../events/bus.ts';
import { messages, voipNumbers } from '../../db/schema.ts';
import { startInboxProvider, type FakeProvider } from '../../test/fake-provider.ts';
import {
  createTestApp,
  signIn,
  testClock,
  type TestApp,
  pollNow as pollNowIn,
} from '../../test/app.ts';
import { createTestDb } from '../../test/db.ts';
import { until } from '../../test/sse.ts';
import { toEvent } from './messages.dto.ts';
import { messagesRepository } from './messages.repository.ts';

/*
 * GET /v1/numbers/{id}/code: a script waits for the code an SMS brings (session or API key),
 * plain or claiming, and looks its number up by phone digits.
 */

const HOST = 'sms-wait.test';
const inbox = new Map<string, { id: string; from: string; content: string; time?: string }[]>();
let provider: FakeProvider;
let t: TestApp;
const waitClock = testClock();
let alice: { cookie: string; user: { id: string } };
let bob: { cookie: string; user: { id: string } };
let key: string;

beforeAll(async () => {
  provider = await startInboxProvider(inbox);
  t = await createTestApp({
    env: { PROVIDER_ALLOWLIST: `${HOST}:${provider.port}` },
    provider: { lookup: async () => [{ address: '127.0.0.1', family: 4 }] },
    poller: { idleMs: 20 },
    codeWaitTimers: waitClock,
  });
  alice = await signIn(t, 'alice-wait@example.com');
  bob = await signIn(t, 'bob-wait@example.com');
  const made = await t.app.inject({
    method: 'POST',
    url: '/v1/api-keys',
    headers: { cookie: alice.cookie },
    payload: { name: 'waiter', scopes: ['messages:read', 'numbers:read'] },
  });
  key = made.json().key;
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

const asKey = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { authorization: `Bearer ${key}`, ...headers } });

let phoneSeq = 4125550000;
async function addNumber(cookie = alice.cookie) {
  const phone = String(++phoneSeq);
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/numbers',
    headers: { cookie },
    payload: { phoneNumber: phone, apiLink: `http://${HOST}:${provider.port}/p/${phone}?k=s` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as string, phone };
}
/** Stores a code message as the poller would and tells the bus (storage time: 1 ms on). */
async function store(numberId: string, code: string, receivedAgoMs = 0) {
  t.clock.advance(1);
  const [m] = await t.database.db
    .insert(messages)
    .values({
      voipNumberId: numberId,
      sender: 'Acme',
      content: `Your code is ${code}`,
      code,
      receivedAt: new Date(t.clock.now().getTime() - receivedAgoMs),
      dedupeKey: `k-${crypto.randomUUID()}`,
      createdAt: t.clock.now(),
    })
    .returning();
  await t.app.bus.publish([
    {
      userId: alice.user.id,
      id: String(m!.createdAt.getTime()),
      message: {
        id: m!.id,
        voipNumberId: numberId,
        phoneNumber: '',
        sender: m!.sender,
        content: m!.content,
        code,
        receivedAt: m!.receivedAt.toISOString(),
      },
    },
  ]);
  return m!;
}
const pollNow = (...ids: string[]) => pollNowIn(t, ids);
const waitingFor = (n: number) => until(() => t.app.codeWaits.open() === n);

describe('GET /v1/numbers/:id/code without waiting', () => {
  it('answers only codes newer than the request, or than `after` (a message id or a time)', async () => {
    const a = await addNumber();
    const none = await asKey(`/v1/numbers/${a.id}/code`);
    expect(none.statusCode).toBe(204);
    const old = await store(a.id, '111111');
    // The newest message when the request arrived is not newer than the request.
    expect((await asKey(`/v1/numbers/${a.id}/code`)).statusCode).toBe(204);
    const second = await store(a.id, '222222');
    const next = await asKey(`/v1/numbers/${a.id}/code?after=${old.id}`);
    expect(next.statusCode).toBe(200);
    expect(next.headers['cache-control']).toBe('no-store');
    expect(next.json()).toEqual({
      messageId: second.id,
      numberId: a.id,
      phoneNumber: a.phone,
      code: '222222',
      content: 'Your code is 222222',
      sender: 'Acme',
      receivedAt: second.receivedAt.toISOString(),
      storedAt: second.createdAt.toISOString(),
      claimed: false,
    } satisfies CodeAnswer);
    const byTime = await asKey(
      `/v1/numbers/${a.id}/code?after=${encodeURIComponent(old.createdAt.toISOString())}`,
    );
    expect(byTime.json().code).toBe('222222');
    const text = await asKey(`/v1/numbers/${a.id}/code?after=${old.id}`, { accept: 'text/plain' });
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(text.body).toBe('222222\n');
    // The session works as the key does.
    const bySession = await t.app.inject({
      url: `/v1/numbers/${a.id}/code?after=${old.id}`,
      headers: { cookie: alice.cookie },
    });
    expect(bySession.json().code).toBe('222222');
  });

  it('refuses bad input with the field named, another user’s number as a missing one', async () => {
    const a = await addNumber();
    const b = await addNumber();
    const other = await store(b.id, '333333');
    for (const [q, field] of [
      ['wait=-1', 'wait'],
      ['wait=121', 'wait'],
      ['wait=1.5', 'wait'],
      ['after=yesterday', 'after'],
      ['claim=yes', 'claim'],
      [`after=${other.id}`, 'after'], // a message of another number
    ]) {
      const res = await asKey(`/v1/numbers/${a.id}/code?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(Object.keys(res.json().error.fields), q).toContain(field);
    }
    const long = await asKey(`/v1/numbers/${a.id}/code?claim=true`, {
      'idempotency-key': 'x'.repeat(201),
    });
    expect(long.statusCode).toBe(400);

    const bobs = await addNumber(bob.cookie);
    const foreign = await asKey(`/v1/numbers/${bobs.id}/code?wait=5`);
    const missing = await asKey(`/v1/numbers/${crypto.randomUUID()}/code?wait=5`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(t.app.codeWaits.open()).toBe(0);
  });
});

describe('GET /v1/numbers/:id/code?wait=', () => {
  it('holds the request until the poller stores a code, and marks the number as expecting one', async () => {
    const a = await addNumber();
    inbox.set(a.phone, [{ id: 'm1', from: 'Shop', content: 'Shop code 404040' }]);
    await pollNow(a.id); // the first poll: the provider's backlog, before the request
    const waiting = asKey(`/v1/numbers/${a.id}/code?wait=60`, { accept: 'text/plain' });
    await waitingFor(1);
    await until(async () => {
      const [row] = await t.database.db.select().from(voipNumbers).where(eq(voipNumbers.id, a.id));
      return !!row!.expectingUntil && row!.expectingUntil > t.clock.now();
    });
    inbox.set(a.phone, [
      { id: 'm1', from: 'Shop', content: 'Shop code 404040' },
      { id: 'm2', from: 'Shop', content: 'Your code is on its way' },
    ]);
    await pollNow(a.id);
    expect(t.app.codeWaits.open()).toBe(1); // a message without a code answers nothing
    inbox.set(a.phone, [
      { id: 'm1', from: 'Shop', content: 'Shop code 404040' },
      { id: 'm2', from: 'Shop', content: 'Your code is on its way' },
      { id: 'm3', from: 'Shop', content: 'Shop code 918273' },
    ]);
    await pollNow(a.id);
    const res = await waiting;
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('918273\n');
    expect(t.app.codeWaits.open()).toBe(0);
  });

  it('never answers a code whose SMS is older than the request (a first poll’s backlog), unless asked by id', async () => {
    const a = await addNumber();
    const waiting = asKey(`/v1/numbers/${a.id}/code?wait=60`);
    await waitingFor(1);
    const backlog = await store(a.id, '121212', 10 * 60_000);
    const fresh = await store(a.id, '343434');
    const res = await waiting;
    expect(res.json()).toMatchObject({ messageId: fresh.id, code: '343434' });
    expect(backlog.code).toBe('121212');
  });

  it('never answers what a number’s first poll stores (its backlog), even without a time from the provider', async () => {
    const a = await addNumber();
    inbox.set(a.phone, [{ id: 'b1', from: 'Shop', content: 'Shop code 565656' }]);
    const waiting = asKey(`/v1/numbers/${a.id}/code?wait=60`);
    await waitingFor(1);
    await pollNow(a.id); // the first poll, while the script waits
    const [backlog] = await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.voipNumberId, a.id));
    expect(backlog).toMatchObject({ code: '565656', backlog: true });
    expect(t.app.codeWaits.open()).toBe(1);
    inbox.set(a.phone, [
      { id: 'b1', from: 'Shop', content: 'Shop code 565656' },
      { id: 'b2', from: 'Shop', content: 'Shop code 676767' },
    ]);
    await pollNow(a.id);
    expect((await waiting).json()).toMatchObject({ code: '676767' });
  });

  it('answers 204 when no code comes in time, and stops waiting when the caller leaves', async () => {
    const a = await addNumber();
    const waiting = asKey(`/v1/numbers/${a.id}/code?wait=30`);
    await waitingFor(1);
    waitClock.advance(29_999);
    expect(t.app.codeWaits.open()).toBe(1);
    waitClock.advance(1);
    const res = await waiting;
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(t.app.bus.watchers(alice.user.id)).toBe(0);
  });

  it('limits the waits one account holds open', async () => {
    const a = await addNumber();
    const held = Array.from({ length: 100 }, () => asKey(`/v1/numbers/${a.id}/code?wait=60`));
    await waitingFor(100);
    const over = await asKey(`/v1/numbers/${a.id}/code?wait=60`);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('TOO_MANY_OPEN');
    // Not waiting is still answered.
    expect((await asKey(`/v1/numbers/${a.id}/code`)).statusCode).toBe(204);
    waitClock.advance(60_000);
    expect((await Promise.all(held)).map((r) => r.statusCode)).toEqual(Array(100).fill(204));
  });
});

describe('claim mode', () => {
  it('hands each of 20 codes to exactly one of 20 parallel claiming waiters; plain waiters all see the first', async () => {
    const a = await addNumber();
    const claims = Array.from({ length: 20 }, () =>
      asKey(`/v1/numbers/${a.id}/code?wait=60&claim=true`),
    );
    const plain = Array.from({ length: 3 }, () => asKey(`/v1/numbers/${a.id}/code?wait=60`));
    await waitingFor(23);
    const codes = Array.from({ length: 20 }, (_, i) => String(500000 + i));
    for (const c of codes) await store(a.id, c);
    const got = (await Promise.all(claims)).map((r) => {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().claimed).toBe(true);
      return r.json().code as string;
    });
    expect(got.sort()).toEqual(codes);
    for (const r of await Promise.all(plain)) expect(r.json().code).toBe('500000');
    // Every code is claimed: the next claimer gets nothing, even from the start.
    const first = (
      await t.database.db.select().from(messages).where(eq(messages.voipNumberId, a.id))
    ).sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime())[0]!;
    const none = await asKey(
      `/v1/numbers/${a.id}/code?claim=true&after=${encodeURIComponent(new Date(first.createdAt.getTime() - 1).toISOString())}`,
    );
    expect(none.statusCode).toBe(204);
  });

  it('gives a retried claim (same Idempotency-Key) the same code, and no one else', async () => {
    const a = await addNumber();
    const start = await store(a.id, '700000');
    const c1 = await store(a.id, '700001');
    await store(a.id, '700002');
    const claim = (idem: string) =>
      asKey(`/v1/numbers/${a.id}/code?claim=true&after=${start.id}`, { 'idempotency-key': idem });
    const first = await claim('run-1');
    expect(first.json()).toMatchObject({ messageId: c1.id, code: '700001', claimed: true });
    // The answer was lost (a crash, a timeout): the retry gets it again, whatever `after` says.
    const retry = await asKey(`/v1/numbers/${a.id}/code?claim=true`, {
      'idempotency-key': 'run-1',
    });
    expect(retry.json().code).toBe('700001');
    expect((await claim('run-2')).json().code).toBe('700002');
    expect((await claim('run-3')).statusCode).toBe(204);
    // Another user's identical key is theirs alone.
    const bobs = await addNumber(bob.cookie);
    const bobRes = await t.app.inject({
      url: `/v1/numbers/${bobs.id}/code?claim=true`,
      headers: { cookie: bob.cookie, 'idempotency-key': 'run-1' },
    });
    expect(bobRes.statusCode).toBe(204);
  });
});

describe('closing', () => {
  it('ends open waits with 503 SHUTTING_DOWN and Retry-After', async () => {
    const own = await createTestApp({ codeWaitTimers: testClock() });
    const who = await signIn(own, 'closing@example.com');
    const res = await own.app.inject({
      method: 'POST',
      url: '/v1/numbers',
      headers: { cookie: who.cookie },
      payload: { phoneNumber: '5550009876', apiLink: 'https://sms.example.com/x' },
    });
    const waiting = own.app.inject({
      url: `/v1/numbers/${res.json().id}/code?wait=60`,
      headers: { cookie: who.cookie },
    });
    await until(() => own.app.codeWaits.open() === 1);
    const closed = own.close();
    const answer = await waiting;
    await closed;
    expect(answer.statusCode).toBe(503);
    expect(answer.json().error.code).toBe('SHUTTING_DOWN');
    expect(answer.headers['retry-after']).toBe('1');
  });
});

describe('GET /v1/numbers?phone=', () => {
  it('finds the user’s number by its digits, in any common format; others’ numbers are not found', async () => {
    const a = await addNumber();
    const byDigits = await asKey(`/v1/numbers?phone=${a.phone}`);
    expect(byDigits.json().items.map((n: { id: string }) => n.id)).toEqual([a.id]);
    const formatted = `+1 (${a.phone.slice(0, 3)}) ${a.phone.slice(3, 6)}-${a.phone.slice(6)}`;
    const byFormat = await asKey(`/v1/numbers?phone=${encodeURIComponent(formatted)}`);
    expect(byFormat.json().items.map((n: { id: string }) => n.id)).toEqual([a.id]);
    const bobs = await addNumber(bob.cookie);
    expect((await asKey(`/v1/numbers?phone=${bobs.phone}`)).json().items).toEqual([]);
    const bad = await asKey('/v1/numbers?phone=12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.phone).toEqual(['Phone number must be exactly 10 digits']);
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('across processes (PostgreSQL)', () => {
  it('answers a wait held by one process when another stores the code, and claims stay exclusive', async () => {
    const shared = await createTestDb();
    const repo = messagesRepository(shared.db);
    const load = async (id: string) => {
      const m = await repo.byId(id);
      return m && toEvent(m);
    };
    const busA = await createPostgresBus(shared.url!, { db: shared.db, load });
    const busB = await createPostgresBus(shared.url!, { db: shared.db, load });
    const a = await createTestApp({ database: shared, bus: busA });
    const b = await createTestApp({ database: shared, bus: busB });
    try {
      const who = await signIn(a, 'two-procs@example.com');
      const made = await a.app.inject({
        method: 'POST',
        url: '/v1/numbers',
        headers: { cookie: who.cookie },
        payload: { phoneNumber: '5550004321', apiLink: 'https://sms.example.com/y' },
      });
      const numberId = made.json().id;
      const wait = (app: TestApp) =>
        app.app.inject({
          url: `/v1/numbers/${numberId}/code?wait=60&claim=true`,
          headers: { cookie: who.cookie },
        });
      const inA = wait(a);
      const inB = wait(b);
      await until(() => a.app.codeWaits.open() === 1 && b.app.codeWaits.open() === 1);
      for (const code of ['880001', '880002']) {
        const [m] = await shared.db
          .insert(messages)
          .values({
            voipNumberId: numberId,
            sender: 'X',
            content: `code ${code}`,
            code,
            receivedAt: new Date(),
            dedupeKey: code,
          })
          .returning();
        const e = await load(m!.id);
        await busB.publish([e!]);
      }
      const codes = (await Promise.all([inA, inB])).map((r) => r.json().code).sort();
      expect(codes).toEqual(['880001', '880002']);
    } finally {
      await a.app.close();
      await b.app.close();
      await busA.close();
      await busB.close();
      await shared.close();
    }
  });
});

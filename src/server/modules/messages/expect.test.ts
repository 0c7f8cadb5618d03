import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voipNumbers } from '../../db/schema.ts';
import { nextSlot, phaseOf } from '../../poller/poller.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { startFakeProvider, type FakeProvider } from '../../test/fake-provider.ts';

/*
 * POST /v1/numbers/:id/expect: the owner copied a number on the dashboard, a code is about to be
 * sent to it; it is polled at EXPECTING_POLL_INTERVAL_SECONDS for EXPECTING_WINDOW_SECONDS.
 * Non-default values here prove the route and the poller read the config.
 */

let t: TestApp;
let provider: FakeProvider;
let alice: Awaited<ReturnType<typeof signIn>>;
let bob: Awaited<ReturnType<typeof signIn>>;
const codes = new Map<string, string>();

beforeAll(async () => {
  provider = await startFakeProvider((req, res) => {
    const phone = /\/p\/(\d{10})/.exec(req.url ?? '')?.[1] ?? '';
    const code = codes.get(phone);
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify(code ? [{ id: code, from: 'Svc', content: `Your code is ${code}` }] : []),
    );
  });
  t = await createTestApp({
    env: {
      PROVIDER_ALLOWLIST: provider.hostPort,
      EXPECTING_POLL_INTERVAL_SECONDS: '3',
      EXPECTING_WINDOW_SECONDS: '60',
    },
  });
  alice = await signIn(t, 'alice-expect@example.com');
  bob = await signIn(t, 'bob-expect@example.com');
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

let seq = 0;
async function addNumber(who: { cookie: string }) {
  const phone = `4156${String(++seq).padStart(6, '0')}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/numbers',
    headers: { cookie: who.cookie },
    payload: { phoneNumber: phone, apiLink: `${provider.origin}/p/${phone}?key=k` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; phoneNumber: string };
}
const arm = (who: { cookie: string } | null, id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/numbers/${id}/expect`,
    headers: who ? { cookie: who.cookie } : {},
  });
const row = async (id: string) =>
  (await t.database.db.select().from(voipNumbers).where(eq(voipNumbers.id, id)))[0]!;
const asked = (phone: string) => provider.requests.filter((r) => r.url.includes(phone)).length;
const at = (ms: number) => new Date(t.clock.now().getTime() + ms);

describe('POST /v1/numbers/:id/expect', () => {
  it('arms the caller’s number: 202, it expects a code for the window and is polled on the expecting interval', async () => {
    const n = await addNumber(alice);
    // Its first poll, at an instant of its phase of the 30 s interval, so the next one is a whole
    // interval away (from a random instant it may fall within the 3 s the test arms for).
    t.clock.set(nextSlot(t.clock.now(), 30_000, phaseOf(n.id, 30_000)));
    await t.database.db
      .update(voipNumbers)
      .set({ nextPollAt: t.clock.now() })
      .where(eq(voipNumbers.id, n.id));
    await t.app.poller.drain();
    expect(asked(n.phoneNumber)).toBe(1);
    expect((await row(n.id)).nextPollAt).toEqual(at(30_000));

    const res = await arm(alice, n.id);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ expectingUntil: at(60_000).toISOString(), active: true });
    expect(await row(n.id)).toMatchObject({ expectingUntil: at(60_000), nextPollAt: at(3_000) });

    // Polled 3 s later, and every 3 s after that (on its phase of the interval).
    const before = asked(n.phoneNumber);
    t.clock.advance(3_000);
    await t.app.poller.drain();
    expect(asked(n.phoneNumber)).toBe(before + 1);
    const polledAt = t.clock.now();
    expect((await row(n.id)).nextPollAt).toEqual(nextSlot(polledAt, 3_000, phaseOf(n.id, 3_000)));

    // A new code arrives: it expects one for 10 s more, then polls as before.
    codes.set(n.phoneNumber, '604217');
    t.clock.set((await row(n.id)).nextPollAt);
    await t.app.poller.drain();
    expect((await row(n.id)).expectingUntil).toEqual(at(10_000));
  });

  it('answers 404 for another user’s number or a malformed id, 401 without a session; an inactive number is marked but not polled', async () => {
    const n = await addNumber(alice);
    expect((await arm(bob, n.id)).statusCode).toBe(404);
    expect((await arm(bob, 'not-a-uuid')).statusCode).toBe(404);
    expect((await arm(null, n.id)).statusCode).toBe(401);
    expect((await row(n.id)).expectingUntil).toBeNull();

    const off = await addNumber(alice);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/v1/numbers/${off.id}`,
      headers: { cookie: alice.cookie },
      payload: { isActive: false },
    });
    expect(patched.statusCode).toBe(200);
    const due = (await row(off.id)).nextPollAt;
    const res = await arm(alice, off.id);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ expectingUntil: at(60_000).toISOString(), active: false });
    expect(await row(off.id)).toMatchObject({ expectingUntil: at(60_000), nextPollAt: due });
    const before = asked(off.phoneNumber);
    t.clock.advance(3_000);
    await t.app.poller.drain();
    expect(asked(off.phoneNumber)).toBe(before);
  });

  it('is limited to 60 a minute per user (429), other users unaffected', async () => {
    const carol = await signIn(t, 'carol-expect@example.com');
    const n = await addNumber(carol);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await arm(carol, n.id)).statusCode);
    expect(statuses.slice(0, 60).every((s) => s === 202)).toBe(true);
    expect(statuses[60]).toBe(429);
    const mine = await addNumber(bob);
    expect((await arm(bob, mine.id)).statusCode).toBe(202);
  });
});

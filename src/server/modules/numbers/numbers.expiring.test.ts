import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voipNumbers } from '../../db/schema.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';

/* GET /v1/numbers/expiring: the dashboard's "Expiring soon" panel. */

const DAY = 86_400_000;
let t: TestApp;
let alice: { cookie: string };
let bob: { cookie: string };
let phone = 8085550000;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signIn(t, 'alice-expiring@example.com');
  bob = await signIn(t, 'bob-expiring@example.com');
});
afterAll(() => t.close());

const get = (who: { cookie: string } | null, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/v1/numbers/expiring${query}`,
    headers: who ? { cookie: who.cookie } : {},
  });
async function numberEnding(who: { cookie: string }, days: number | null, isActive = true) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/numbers',
    headers: { cookie: who.cookie },
    payload: { phoneNumber: String(++phone), apiLink: `http://provider.test/p/${phone}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  await t.database.db
    .update(voipNumbers)
    .set({
      endDate: days === null ? null : new Date(t.clock.now().getTime() + days * DAY),
      isActive,
    })
    .where(eq(voipNumbers.id, id));
  return { id, phone: String(phone) };
}

describe('GET /v1/numbers/expiring', () => {
  it('lists the active numbers ending within 14 days (or a day ago), soonest first', async () => {
    const in10 = await numberEnding(alice, 10);
    const in2 = await numberEnding(alice, 2.5);
    const ended = await numberEnding(alice, -0.5);
    const in20 = await numberEnding(alice, 20);
    await numberEnding(alice, -2); // over for two days
    await numberEnding(alice, 3, false); // inactive
    await numberEnding(alice, null); // no end date
    await numberEnding(bob, 1); // another user's

    const res = await get(alice);
    expect(res.statusCode).toBe(200);
    const now = t.clock.now().getTime();
    expect(res.json().items).toEqual([
      {
        id: ended.id,
        phoneNumber: ended.phone,
        endDate: new Date(now - 0.5 * DAY).toISOString(),
        daysLeft: 0,
      },
      {
        id: in2.id,
        phoneNumber: in2.phone,
        endDate: new Date(now + 2.5 * DAY).toISOString(),
        daysLeft: 3,
      },
      {
        id: in10.id,
        phoneNumber: in10.phone,
        endDate: new Date(now + 10 * DAY).toISOString(),
        daysLeft: 10,
      },
    ]);
    const month = (await get(alice, '?days=30')).json().items.map((i: { id: string }) => i.id);
    expect(month).toEqual([ended.id, in2.id, in10.id, in20.id]);
  });

  it('refuses bad days and strangers', async () => {
    for (const q of ['?days=0', '?days=61', '?days=x']) {
      const res = await get(alice, q);
      expect(res.statusCode, q).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual(['days']);
    }
    expect((await get(null)).statusCode).toBe(401);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { users, voipNumbers } from '../db/schema.ts';
import { createTestDb } from '../test/db.ts';
import { pollerRepository } from './poller.repository.ts';

/* markNumbers: public viewers watch numbers, copying a number arms it to expect a code. */

let database: Database;
let userId: string;
beforeAll(async () => {
  database = await createTestDb();
  const [u] = await database.db
    .insert(users)
    .values({ email: 'mark@example.com' })
    .returning({ id: users.id });
  userId = u!.id;
});
afterAll(() => database.close());

const at = (s: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, s));
const row = async (id: string) =>
  (await database.db.select().from(voipNumbers).where(eq(voipNumbers.id, id)))[0]!;

describe('markNumbers', () => {
  it('sets watched/expecting times without shortening them and pulls forward only healthy active numbers due later', async () => {
    const repo = pollerRepository(database.db);
    const base = { userId, apiLinkEnc: 'x', apiHost: 'h.example', nextPollAt: at(30) };
    const [later, failing, inactive, soon, other] = await database.db
      .insert(voipNumbers)
      .values([
        { ...base, phoneNumber: '5550000001' },
        { ...base, phoneNumber: '5550000002', failures: 2 },
        { ...base, phoneNumber: '5550000003', isActive: false },
        { ...base, phoneNumber: '5550000004', nextPollAt: at(1) },
        { ...base, phoneNumber: '5550000005' },
      ])
      .returning();
    const ids = [later!.id, failing!.id, inactive!.id, soon!.id];

    expect(await repo.markNumbers(ids, { expectingUntil: at(180), pullForwardTo: at(2) })).toBe(4);
    expect((await row(later!.id)).nextPollAt).toEqual(at(2));
    expect((await row(later!.id)).expectingUntil).toEqual(at(180));
    expect((await row(later!.id)).watchedUntil).toBeNull();
    expect((await row(failing!.id)).nextPollAt).toEqual(at(30)); // backing off: left alone
    expect((await row(inactive!.id)).nextPollAt).toEqual(at(30));
    expect((await row(soon!.id)).nextPollAt).toEqual(at(1)); // already due sooner
    expect(await row(other!.id)).toMatchObject({ nextPollAt: at(30), expectingUntil: null });

    // A shorter mark keeps the longer one; watching is set on its own.
    await repo.markNumbers([later!.id], { expectingUntil: at(60), watchedUntil: at(40) });
    expect(await row(later!.id)).toMatchObject({ expectingUntil: at(180), watchedUntil: at(40) });
    expect(await repo.markNumbers([], { watchedUntil: at(50) })).toBe(0);
  });
});

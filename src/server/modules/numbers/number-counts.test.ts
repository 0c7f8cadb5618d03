import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDb } from '../../test/db.ts';

/** The triggers of migration 0002 on their own, through plain SQL (any writer, not only the app). */
describe('number_counts triggers', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDb();
  });
  afterAll(() => database.close());

  const run = async <T>(q: ReturnType<typeof sql>) =>
    ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;
  const user = async () =>
    (
      await run<{ id: string }>(
        sql`insert into users (email) values (${`${crypto.randomUUID()}@example.com`}) returning id`,
      )
    )[0]!.id;
  const add = (userId: string, phones: string[]) =>
    run(sql`insert into voip_numbers (user_id, phone_number, api_link_enc, api_host)
      select ${userId}, p, 'v1:x', 'h.example' from unnest(array[${sql.join(
        phones.map((p) => sql`${p}`),
        sql`, `,
      )}]::text[]) as p
      on conflict (user_id, phone_number) do nothing`);
  const kept = async (userId: string) =>
    (
      await run<{ total: number }>(sql`select total from number_counts where user_id = ${userId}`)
    )[0]?.total;

  it('counts inserted rows per user (not those an ON CONFLICT skipped) and deleted ones', async () => {
    const [a, b] = [await user(), await user()];
    expect(await kept(a)).toBeUndefined();
    await add(a, ['2000000001', '2000000002', '2000000003']);
    await add(b, ['2000000001']);
    await add(a, ['2000000003', '2000000004']); // one new, one skipped
    expect([await kept(a), await kept(b)]).toEqual([4, 1]);
    await run(sql`delete from voip_numbers where user_id = ${a} and phone_number > '2000000002'`);
    expect([await kept(a), await kept(b)]).toEqual([2, 1]);
  });

  it('goes to zero on TRUNCATE, and a deleted user’s numbers take their count with them', async () => {
    const [a, b] = [await user(), await user()];
    await add(a, ['2100000001', '2100000002']);
    await add(b, ['2100000001']);
    await run(sql`delete from users where id = ${b}`);
    expect(await kept(b)).toBeUndefined();
    await run(sql`truncate voip_numbers cascade`);
    expect(await kept(a)).toBe(0);
    await add(a, ['2100000003']);
    expect(await kept(a)).toBe(1);
  });
});

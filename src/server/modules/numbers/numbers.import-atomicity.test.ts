import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';

// This file has its own database copy, so the trigger below touches no other test.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The database refuses one phone number, as it would any row it cannot store: the import's
  // transaction fails at its last entry, after the other numbers and the tags were written.
  await t.database.db.execute(sql`
    create function refuse_test_phone() returns trigger language plpgsql as $$
    begin
      if new.phone_number = '2095550003' then
        raise exception 'test: phone number refused';
      end if;
      return new;
    end $$`);
  await t.database.db.execute(sql`
    create trigger refuse_test_phone before insert on voip_numbers
    for each row execute function refuse_test_phone()`);
});
afterAll(() => t.close());

const link = (n: number) => `https://sms.example.com/api/${n}?token=secret-${n}`;

describe('POST /v1/numbers/import atomicity', () => {
  it('leaves no numbers and no new tags when the database refuses the last entry', async () => {
    const u = await signIn(t, 'atomic@example.com');
    // The 500 (and its error log) is what a database refusal looks like.
    t.allowErrorLogs(/phone number refused/);
    const text = JSON.stringify([
      { phoneNumber: '2095550001', apiLink: link(1), tags: ['Alpha'] },
      { phoneNumber: '2095550002', apiLink: link(2), tags: ['Beta', 'Alpha'] },
      { phoneNumber: '2095550003', apiLink: link(3), tags: ['Gamma'] },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/numbers/import',
      headers: { cookie: u.cookie },
      payload: { text },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('INTERNAL');
    const get = async (url: string) =>
      (await t.app.inject({ url, headers: { cookie: u.cookie } })).json().items;
    expect(await get('/v1/numbers')).toEqual([]);
    expect(await get('/v1/tags')).toEqual([]);

    // Without the refused number the same import stores everything, tags included.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/v1/numbers/import',
      headers: { cookie: u.cookie },
      payload: { text: JSON.stringify(JSON.parse(text).slice(0, 2)) },
    });
    expect(ok.json()).toMatchObject({ imported: 2, duplicates: 0 });
    expect((await get('/v1/tags')).map((x: { name: string }) => x.name)).toEqual(['Alpha', 'Beta']);
  });
});

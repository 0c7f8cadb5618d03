import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.ts';
import { safeErr } from './log.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('error logs', () => {
  it('never carry a failed query’s parameters or the values PostgreSQL quotes back', async () => {
    const secret = 'Your code is 424242 https://provider.example/api?key=TOPSECRET';
    const err = await t.database.db
      .execute(sql`select ${secret}::int as n, ${'token-abc'} as t`)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(Error);
    // What drizzle puts in the error: the parameters, in the message and as a field.
    expect(String((err as Error).message)).toContain('TOPSECRET');

    const logged = JSON.stringify(safeErr(err));
    expect(logged).not.toContain('TOPSECRET');
    expect(logged).not.toContain('424242');
    expect(logged).not.toContain('token-abc');
    expect(safeErr(err)).toMatchObject({
      code: '22P02',
      message: expect.stringContaining('Failed query'),
    });
  });

  it('the app’s logger uses it for err', async () => {
    const err = await t.database.db.execute(sql`select ${'LEAKED-PARAM'}::uuid`).then(
      () => undefined,
      (e: unknown) => e,
    );
    t.app.log.warn({ err }, 'something failed');
    expect(t.logs()).toContain('something failed');
    expect(t.logs()).not.toContain('LEAKED-PARAM');
  });
});

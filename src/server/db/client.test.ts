import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres } from './client.ts';

describe.skipIf(process.env.TEST_DB !== 'postgres')('PostgreSQL pool', () => {
  it('runs with JIT compilation off', async () => {
    const database = await openPostgres(process.env.TEST_DATABASE_URL!, { migrate: false, max: 1 });
    try {
      const res = (await database.db.execute(sql`show jit`)) as unknown as {
        rows: { jit: string }[];
      };
      expect(res.rows[0]?.jit).toBe('off');
    } finally {
      await database.close();
    }
  });

  it('keeps an idle connection past node-postgres’s 10 s default', async () => {
    const database = await openPostgres(process.env.TEST_DATABASE_URL!, { migrate: false, max: 1 });
    const pid = async () =>
      (
        (await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: { pid: number }[];
        }
      ).rows[0]!.pid;
    try {
      const first = await pid();
      await new Promise((r) => setTimeout(r, 10_500));
      expect(await pid()).toBe(first);
    } finally {
      await database.close();
    }
  }, 20_000);
});

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
});

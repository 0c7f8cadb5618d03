import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../db/client.ts';

/**
 * A fresh, migrated database for one test file: PGlite from the snapshot, or a clone of the PG template.
 * On PostgreSQL `url` is the clone's connection URL (for other processes, e.g. spawned workers).
 */
export async function createTestDb(): Promise<Database & { url?: string }> {
  const template = inject('pgTemplate');
  if (template) {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `voip_t_${template.split('_').pop()}_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const db = await openPostgres(u.toString(), { migrate: false, max: 5 });
    return {
      ...db,
      url: u.toString(),
      close: async () => {
        await db.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const snapshot = new Blob([fs.readFileSync(inject('pgliteSnapshot'))]);
  return openPglite(undefined, { loadDataDir: snapshot, migrate: false });
}

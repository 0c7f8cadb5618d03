import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../paths.ts';
import { openPglite } from './client.ts';

type Journal = { entries: { idx: number; tag: string }[] };

/** The migrations folder as it was up to `tag` (inclusive), copied to a temporary directory. */
function migrationsUpTo(tag: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voip-migrations-'));
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const file = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(file, 'utf8')) as Journal;
  const end = journal.entries.findIndex((e) => e.tag === tag);
  expect(end).toBeGreaterThanOrEqual(0);
  journal.entries = journal.entries.slice(0, end + 1);
  fs.writeFileSync(file, JSON.stringify(journal));
  return dir;
}

const database = await openPglite(undefined, { migrate: false });
const { client } = database;
afterAll(() => database.close());

describe('migrations keep what is stored', () => {
  it('0011 renames single_api_entries to single_endpoints with its rows, keys and indexes', async () => {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsUpTo('0010_blog_analytics') });
    await client.exec(`
      insert into users (id, email) values ('00000000-0000-4000-8000-000000000001', 'a@example.com');
      insert into voip_numbers (id, user_id, phone_number, api_link_enc, api_host)
        values ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001',
                '2125550101', 'enc', 'p.example');
      insert into single_api_entries (user_id, voip_number_id, hash, name, remark)
        values ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002',
                'h1', 'API for (212) 555-0101', 'batch 1');
    `);
    await migrate(db, { migrationsFolder });
    const rows = await client.query('select hash, name, remark from single_endpoints');
    expect(rows.rows).toEqual([{ hash: 'h1', name: 'API for (212) 555-0101', remark: 'batch 1' }]);
    const names = await client.query<{ name: string }>(
      `select conname as name from pg_constraint
       where conrelid = 'single_endpoints'::regclass and contype in ('p', 'f', 'u')
       union all
       select indexname from pg_indexes where tablename = 'single_endpoints' order by 1`,
    );
    expect(names.rows.map((r) => r.name)).toEqual([
      'single_endpoints_hash_uq',
      'single_endpoints_number_idx',
      'single_endpoints_pkey',
      'single_endpoints_pkey',
      'single_endpoints_user_created_idx',
      'single_endpoints_user_id_users_id_fk',
      'single_endpoints_user_remark_idx',
      'single_endpoints_voip_number_id_voip_numbers_id_fk',
    ]);
    // Deleting the number still deletes its endpoints (the foreign key kept its cascade).
    await client.exec(`delete from voip_numbers`);
    expect((await client.query('select * from single_endpoints')).rows).toEqual([]);
  });
});

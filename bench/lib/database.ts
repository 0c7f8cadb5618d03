import crypto from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server a bench runs on: BENCH_DATABASE_URL, else DATABASE_URL; none means PGlite. */
export const benchServerUrl = () =>
  process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || undefined;

/**
 * A fresh, empty database `<prefix>_<random>` on the server at `serverUrl` (not migrated: the app's
 * `openPostgres` does that). `drop()` removes it, closing any connections still open to it.
 */
export async function createBenchDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return {
    name,
    url: u.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import { migrationsFolder } from '../paths.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

const MIGRATION_LOCK = 727_001;

/**
 * How long the app waits on PostgreSQL before giving up (requests then answer 503, see
 * `isDatabaseUnavailable`) instead of hanging: `connectMs` for a connection (a new one, or a free
 * one of the pool), and `answerMs` for the answer to a statement (client side: a server or
 * network gone silent never answers). A request that cannot reach the database so answers 503
 * within `answerMs` (README: 10 s). The server ends a statement itself a little earlier
 * (`statement_timeout`, 90 % of `answerMs`; an import's 1,000-row chunk takes a fraction of a
 * second), so a slow statement on a live server is ended cleanly and its connection kept.
 * Migrations run on their own connection, unbounded.
 */
export type DbTimeouts = { connectMs: number; answerMs: number };
export const DB_TIMEOUTS: DbTimeouts = { connectMs: 3000, answerMs: 10_000 };
/** The server-side statement timeout for an answer deadline. */
export const statementTimeoutMs = (answerMs: number) => Math.floor(answerMs * 0.9);

export async function openPostgres(
  url: string,
  opts: { migrate?: boolean; max?: number; timeouts?: Partial<DbTimeouts> } = {},
) {
  const timeouts = { ...DB_TIMEOUTS, ...opts.timeouts };
  if (opts.migrate !== false) {
    // One migrator at a time across processes: hold an advisory lock on a dedicated connection.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      await client.end();
    }
  }
  // JIT compilation costs tens of ms up front and pays off only for long analytic queries; it
  // made the numbers search (a count with ILIKE over 10,000 rows) 4x slower. An idle connection
  // is kept 5 minutes (node-postgres closes it after 10 s): a new one costs a server process whose
  // caches are cold and whose prepared statements are planned again, tens of ms on the request
  // that happens to open it.
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    idleTimeoutMillis: 5 * 60_000,
    connectionTimeoutMillis: timeouts.connectMs,
    query_timeout: timeouts.answerMs,
    options: `-c jit=off -c statement_timeout=${statementTimeoutMs(timeouts.answerMs)}`,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  } satisfies Database;
}

export async function openPglite(
  dataDir: string | undefined,
  opts: { loadDataDir?: Blob; migrate?: boolean } = {},
): Promise<Database & { client: PGlite }> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  // pg_trgm backs the numbers search's trigram indexes (migration 0005): loaded on every open,
  // a data directory (or a loaded copy) that has the extension needs it.
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (opts.migrate !== false) {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  }
  let closed = false;
  return {
    db,
    client,
    kind: 'pglite',
    ping: async () => {
      if (closed) throw new Error('database is closed');
      await db.execute(sql`select 1`);
    },
    close: async () => {
      closed = true;
      await client.close();
    },
  };
}

export function openDatabase(config: { databaseUrl: string | undefined; dataDir: string }) {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : openPglite(path.join(config.dataDir, 'pglite'));
}

/** The rows of a raw `db.execute(sql…)` result (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

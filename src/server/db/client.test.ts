import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { startTcpProxy, targetOf } from '../test/tcp-proxy.ts';
import { openPostgres, type Database } from './client.ts';
import { isDatabaseUnavailable, pgErrorCode } from './errors.ts';

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
    // The pool's idle timer runs on a fake clock, stepped past the default: with it, the
    // connection would be closed and the second query would get another backend.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const database = await openPostgres(process.env.TEST_DATABASE_URL!, { migrate: false, max: 1 });
    const pid = async () =>
      (
        (await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: { pid: number }[];
        }
      ).rows[0]!.pid;
    try {
      const first = await pid();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(await pid()).toBe(first);
    } finally {
      vi.useRealTimers();
      await database.close();
    }
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('PostgreSQL pool timeouts', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const show = async (database: Database, name: string) =>
    (
      (await database.db.execute(sql.raw(`show ${name}`))) as unknown as {
        rows: Record<string, string>[];
      }
    ).rows[0]![name];

  it('sets a statement timeout on every connection, ended as a database outage', async () => {
    const database = await openPostgres(url, { migrate: false, max: 1 });
    try {
      expect(await show(database, 'statement_timeout')).toBe('9s');
    } finally {
      await database.close();
    }
    const short = await openPostgres(url, {
      migrate: false,
      max: 1,
      timeouts: { answerMs: 1000 },
    });
    try {
      expect(await show(short, 'statement_timeout')).toBe('900ms');
      const err = await short.db.execute(sql`select pg_sleep(2)`).catch((e: unknown) => e);
      expect(pgErrorCode(err)).toBe('57014');
      expect(isDatabaseUnavailable(err)).toBe(true);
      // The connection is still good.
      expect(await show(short, 'jit')).toBe('off');
      const other = await short.db.execute(sql`select 1/0`).catch((e: unknown) => e);
      expect(isDatabaseUnavailable(other)).toBe(false);
    } finally {
      await short.close();
    }
  });

  it('gives up on a server that never answers: a query, then a new connection', async () => {
    const proxy = await startTcpProxy(targetOf(url));
    const database = await openPostgres(proxy.url(url), {
      migrate: false,
      max: 1,
      timeouts: { connectMs: 300, answerMs: 600 },
    });
    try {
      await database.ping();
      proxy.blackHole();
      const read = await database.ping().catch((e: unknown) => e);
      expect(isDatabaseUnavailable(read)).toBe(true);
      // The timed-out connection is dropped; a new one is never accepted.
      const connect = await database.ping().catch((e: unknown) => e);
      expect(isDatabaseUnavailable(connect)).toBe(true);
      proxy.restore();
      await database.ping();
      // A server that is down: refused connections.
      proxy.dropAll();
      proxy.refuse();
      const refused = await database.ping().catch((e: unknown) => e);
      expect(isDatabaseUnavailable(refused)).toBe(true);
    } finally {
      proxy.restore();
      await database.close();
      await proxy.close();
    }
  });

  it('with the default settings, a query to a server gone silent fails within the README’s 10 s', async () => {
    const DOCUMENTED_MS = 10_000; // README: "fail with 503 … within 10 s"
    const proxy = await startTcpProxy(targetOf(url));
    const database = await openPostgres(proxy.url(url), { migrate: false, max: 1 });
    try {
      await database.ping();
      proxy.blackHole();
      // The pool's deadlines run on a fake clock stepped by the documented time: a longer deadline
      // leaves the query unanswered and the test times out.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const answer = database.ping().then(
        () => 'answered',
        (e: unknown) => e,
      );
      await vi.advanceTimersByTimeAsync(DOCUMENTED_MS);
      expect(isDatabaseUnavailable(await answer)).toBe(true);
    } finally {
      vi.useRealTimers();
      proxy.restore();
      await database.close();
      await proxy.close();
    }
  });
});

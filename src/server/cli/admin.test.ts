import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../db/client.ts';
import { adminAuditLog, users } from '../db/schema.ts';
import { projectRoot } from '../paths.ts';
import { createTestDb } from '../test/db.ts';

/**
 * `npm run admin` as a child process: on PostgreSQL against a test database (DATABASE_URL), on
 * PGlite against a fresh DATA_DIR that the CLI creates and migrates itself.
 */

const tsx = path.join(projectRoot, 'node_modules/.bin/tsx');
const cli = path.join(projectRoot, 'src/server/cli/admin.ts');

let pg: (Database & { url?: string }) | undefined;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voip-admin-cli-'));
  const db = await createTestDb();
  if (db.url) pg = db;
  else await db.close();
});
afterAll(async () => {
  await pg?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function run(...args: string[]) {
  const child = spawn(tsx, [cli, ...args], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      ...(pg?.url ? { DATABASE_URL: pg.url } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c));
  child.stderr.on('data', (c: Buffer) => (stderr += c));
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, out: stdout, err: stderr })),
  );
}

/** The CLI's database, read after it exited (PGlite is one process at a time). */
async function readDb<T>(read: (db: Database['db']) => Promise<T>) {
  if (pg) return read(pg.db);
  const db = await openPglite(path.join(dataDir, 'pglite'), { migrate: false });
  try {
    return await read(db.db);
  } finally {
    await db.close();
  }
}

describe('npm run admin', () => {
  it.each([
    [[], 'Missing command.'],
    [['promote', 'a@example.com'], 'Unknown command: promote'],
    [['grant'], 'Missing EMAIL.'],
    [['grant', '--role', 'admin'], 'Missing EMAIL.'],
    [['grant', 'not-an-email'], 'not-an-email'],
    [['grant', 'a@example.com', '--role', 'owner'], 'Invalid role: owner'],
    [['grant', 'a@example.com', '--role'], '--role needs a value.'],
    [['grant', 'a@example.com', '--permissions', 'blog,billing'], 'Unknown permission: billing'],
    [['grant', 'a@example.com', '--force', 'yes'], 'Unknown option: --force'],
    [['revoke'], 'revoke takes exactly one EMAIL.'],
    [['list', 'extra'], 'list takes no arguments'],
  ])('refuses %j with a usage message and exit code 2', async (args, message) => {
    const r = await run(...args);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(r.err).toContain('Usage:');
    expect(r.out).toBe('');
  });

  it('grants, lists and revokes with the admin rules, audited as cli', async () => {
    const listed = await run('list');
    expect(listed).toMatchObject({ code: 0, out: 'No administrators.\n' });

    const boss = await run('grant', 'Boss@Example.com');
    expect(boss.err).toBe('');
    expect(boss.code).toBe(0);
    expect(boss.out).toBe(
      'Created: boss@example.com  super_admin  active  permissions: blog,users,analytics,settings  last login: never\n',
    );

    const editor = await run(
      'grant',
      'ed@example.com',
      '--role',
      'editor',
      '--permissions',
      'blog',
    );
    expect(editor.code).toBe(0);
    expect(editor.out).toContain('Created: ed@example.com  editor  active  permissions: blog  ');

    // A grant to an address that never signed in may always be revoked (admins.test.ts); once
    // boss has signed in (verified), the last active super admin cannot go.
    await readDb((db) =>
      db.update(users).set({ emailVerified: true }).where(eq(users.email, 'boss@example.com')),
    );
    const refused = await run('revoke', 'boss@example.com');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('The last active super admin cannot be removed');

    // Granting again updates the record.
    const promoted = await run('grant', 'ed@example.com', '--role', 'admin');
    expect(promoted.code).toBe(0);
    expect(promoted.out).toContain('Updated: ed@example.com  admin  active  permissions: blog  ');

    const all = await run('list');
    expect(all.code).toBe(0);
    expect(
      all.out
        .trim()
        .split('\n')
        .map((l) => l.split('  ').slice(0, 3)),
    ).toEqual([
      ['ed@example.com', 'admin', 'active'],
      ['boss@example.com', 'super_admin', 'active'],
    ]);

    const gone = await run('revoke', 'ed@example.com');
    expect(gone).toMatchObject({
      code: 0,
      out: 'Revoked: ed@example.com is no longer an administrator.\n',
    });
    const notAdmin = await run('revoke', 'ed@example.com');
    expect(notAdmin.code).toBe(1);
    expect(notAdmin.err).toContain('ed@example.com is not an administrator');

    const { accounts, audit } = await readDb(async (db) => ({
      accounts: await db.select().from(users).orderBy(asc(users.email)),
      audit: await db.select().from(adminAuditLog).orderBy(asc(adminAuditLog.createdAt)),
    }));
    // The accounts were created (unverified) and stay after the revoke.
    expect(accounts.map((u) => [u.email, u.emailVerified])).toEqual([
      ['boss@example.com', true],
      ['ed@example.com', false],
    ]);
    expect(audit.map((e) => [e.actor, e.actorId, e.action, e.target])).toEqual([
      ['cli', null, 'admin_user_created', 'boss@example.com'],
      ['cli', null, 'admin_user_created', 'ed@example.com'],
      ['cli', null, 'admin_user_updated', 'ed@example.com'],
      ['cli', null, 'admin_user_deleted', 'ed@example.com'],
    ]);
    expect(audit[2]!.details).toMatchObject({
      before: { role: 'editor' },
      after: { role: 'admin' },
    });
  }, 120_000);
});

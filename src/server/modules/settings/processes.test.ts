import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminUsers } from '../../db/schema.ts';
import { projectRoot } from '../../paths.ts';
import { createTestDb } from '../../test/db.ts';

/*
 * Two real server processes (PROCESS_MODE=web) on one PostgreSQL database: a setting changed through
 * process A's API reaches process B within a few seconds (its settings cache). PostgreSQL only:
 * PGlite is one process. Every wait is bounded; afterAll SIGKILLs what is still alive.
 */

const mainTs = path.join(projectRoot, 'src/server/main.ts');
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function freePort() {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise((r) => srv.close(r));
  return port;
}

async function waitFor(what: string, ms: number, cond: () => Promise<boolean>) {
  const deadline = Date.now() + ms;
  while (!(await cond().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(100);
  }
}

const children: { child: ChildProcess; exited: Promise<unknown>; out: () => string }[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of children) {
    if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
    await Promise.race([c.exited, sleep(5000)]);
  }
  for (const c of cleanups.reverse()) await c();
});

async function startServer(dbUrl: string, dataDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', mainTs], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PROCESS_MODE: 'web',
      DATABASE_URL: dbUrl,
      SECRET_KEY: 'processes-test-secret-key-0123456789abcdef',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      DEMO_PROVIDER: '0',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  children.push({ child, exited, out: () => out });
  const base = `http://127.0.0.1:${port}`;
  await waitFor('the server to answer /healthz', 120_000, async () => {
    if (child.exitCode !== null) throw new Error(`server exited:\n${out}`);
    return (await fetch(`${base}/healthz`)).status === 200;
  });
  return base;
}

async function signIn(base: string, email: string) {
  const json = { 'content-type': 'application/json' };
  const sent = await fetch(`${base}/v1/auth/code`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email }),
  });
  expect(sent.status).toBe(200);
  const outbox = (await (await fetch(`${base}/v1/dev/outbox?to=${email}`)).json()) as {
    messages: { text: string }[];
  };
  const code = /code is (\d{6})/.exec(outbox.messages[0]!.text)![1]!;
  const res = await fetch(`${base}/v1/auth/verify`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, code }),
  });
  expect(res.status).toBe(200);
  const cookie = /vm_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')![0];
  return { cookie, id: ((await res.json()) as { id: string }).id };
}

describe.skipIf(process.env.TEST_DB !== 'postgres')('settings across processes', () => {
  it('a change made through process A applies in process B within seconds', async () => {
    const database = await createTestDb();
    cleanups.push(() => database.close());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voip-settings-procs-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const [a, b] = await Promise.all([
      startServer(database.url!, dataDir),
      startServer(database.url!, dataDir),
    ]);

    const boss = await signIn(a, 'boss@example.com');
    await database.db.insert(adminUsers).values({ userId: boss.id, role: 'super_admin' });
    const user = await signIn(b, 'user@example.com');
    const patchMe = () =>
      fetch(`${b}/v1/me`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', cookie: user.cookie },
        body: JSON.stringify({ codeToasts: false }),
      });
    const maintenanceOnB = async () =>
      ((await (await fetch(`${b}/v1/site`)).json()) as { maintenance: boolean }).maintenance;
    const setMaintenance = async (value: boolean) => {
      const res = await fetch(`${a}/v1/admin/settings/maintenance_mode`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie: boss.cookie },
        body: JSON.stringify({ value }),
      });
      expect(res.status).toBe(200);
    };

    expect(await maintenanceOnB()).toBe(false);
    expect((await patchMe()).status).toBe(200);

    await setMaintenance(true);
    await waitFor('B to see maintenance mode', 30_000, maintenanceOnB);
    const refused = await patchMe();
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('MAINTENANCE');

    await setMaintenance(false);
    await waitFor('B to see maintenance mode off', 30_000, async () => !(await maintenanceOnB()));
    expect((await patchMe()).status).toBe(200);
  }, 300_000);
});

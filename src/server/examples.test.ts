import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { voipNumbers } from './db/schema.ts';
import { startInboxProvider, type FakeProvider } from './test/fake-provider.ts';
import { createTestApp, pollNow as pollNumbersNow, signIn, type TestApp } from './test/app.ts';
import { until } from './test/sse.ts';
import { newWebhookSecret, signedHeaders } from './modules/webhooks/signing.ts';

/*
 * The README's scripts (examples/): each is in the README as it is in its file, and each finds or
 * adds a number with an API key, waits for its code and prints it, against a running app.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const HOST = 'sms-readme.test';
const inbox = new Map<string, { id: string; from: string; content: string }[]>();
let provider: FakeProvider;
let t: TestApp;
let api: string;
let key: string;

beforeAll(async () => {
  provider = await startInboxProvider(inbox);
  t = await createTestApp({
    env: { PROVIDER_ALLOWLIST: `${HOST}:${provider.port}` },
    provider: { lookup: async () => [{ address: '127.0.0.1', family: 4 }] },
    poller: { idleMs: 20 },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  api = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const who = await signIn(t, 'readme@example.com');
  const made = await t.app.inject({
    method: 'POST',
    url: '/v1/api-keys',
    headers: { cookie: who.cookie },
    payload: { name: 'readme', scopes: ['numbers:read', 'numbers:write', 'messages:read'] },
  });
  key = made.json().key;
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

/** Runs a script to its end; its output and exit status. */
function run(command: string, args: string[], env: Record<string, string>) {
  // Its own process group, so that its children (curl) end with it.
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    detached: true,
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  // A script still waiting when its test ends (failed) must not count as the next test's wait.
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!);
  });
  return { exited, out: () => out, err: () => err };
}

const hasTools = ['curl', 'jq'].every(
  (c) => spawnSync('sh', ['-c', `command -v ${c}`]).status === 0,
);

describe.each([
  { file: 'examples/wait-for-code.mjs', command: process.execPath, phone: '6175550101' },
  { file: 'examples/wait-for-code.sh', command: 'sh', phone: '6175550102' },
])('$file', ({ file, command, phone }) => {
  it('is in the README as it is in its file', () => {
    expect(README).toContain(fs.readFileSync(path.join(ROOT, file), 'utf8').trim());
  });

  it.skipIf(command === 'sh' && !hasTools)(
    'adds the number with a key, waits, and prints only the code that comes after it started',
    async () => {
      // An old code is in the provider's list already: the first poll stores it as backlog.
      inbox.set(phone, [{ id: 'old', from: 'Shop', content: 'Shop code 111111' }]);
      t.clock.set(new Date());
      const script = run(command, [file], {
        VOIP_API: api,
        VOIP_KEY: key,
        PHONE: phone,
        LINK: `http://${HOST}:${provider.port}/p/${phone}?token=s`,
      });
      await until(() => t.app.codeWaits.open() === 1, 60_000);
      const pollNow = async () => {
        const rows = await t.database.db
          .select({ id: voipNumbers.id })
          .from(voipNumbers)
          .where(eq(voipNumbers.phoneNumber, phone));
        await pollNumbersNow(
          t,
          rows.map((r) => r.id),
        );
      };
      await pollNow(); // its first poll, if the poller has not made it yet: the backlog
      inbox.set(phone, [
        { id: 'old', from: 'Shop', content: 'Shop code 111111' },
        { id: 'new', from: 'Shop', content: 'Shop code 246810' },
      ]);
      await pollNow();
      expect(await script.exited, script.err()).toBe(0);
      expect(script.out()).toBe('246810\n');
    },
    120_000,
  );
});

describe('examples/verify-webhook.mjs', () => {
  it('is in the README as it is in its file, and accepts our signatures only', async () => {
    const file = fs.readFileSync(path.join(ROOT, 'examples/verify-webhook.mjs'), 'utf8');
    expect(README).toContain(file.slice(file.indexOf('import')).trim());
    const { verified } = (await import(path.join(ROOT, 'examples/verify-webhook.mjs'))) as {
      verified: (s: string, h: Record<string, string>, b: string) => boolean;
    };
    const secret = newWebhookSecret();
    const body = '{"type":"code.received"}';
    const now = Math.floor(Date.now() / 1000);
    const headers = signedHeaders([newWebhookSecret(), secret], 'msg-1', now, body);
    expect(verified(secret, headers, body)).toBe(true);
    expect(verified(secret, headers, body + ' ')).toBe(false);
    expect(verified(newWebhookSecret(), headers, body)).toBe(false);
    const stale = signedHeaders([secret], 'msg-1', now - 600, body);
    expect(verified(secret, stale, body)).toBe(false);
  });
});

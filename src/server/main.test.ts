import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './paths.ts';

const main = path.join(projectRoot, 'src/server/main.ts');

async function freePort() {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise((r) => srv.close(r));
  return port;
}

/**
 * The server as `node --import tsx`: signals reach it directly. (The tsx CLI relays a signal to
 * its child and, when the child has not said within 30 ms that it got it, as on a loaded
 * machine, kills it and exits 143: a CI run saw that.)
 */
function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let onOutput = () => {};
  child.stdout.on('data', (c: Buffer) => {
    stdout += c;
    onOutput();
  });
  child.stderr.on('data', (c: Buffer) => (stderr += c));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** Resolves once the server says it listens (Fastify's line); rejects if it exits first. */
  const listening = new Promise<void>((resolve, reject) => {
    onOutput = () => {
      if (stdout.includes('Server listening at')) resolve();
    };
    void exited.then((code) =>
      reject(new Error(`exited (${code}) before listening:\n${stdout}\n${stderr}`)),
    );
  });
  listening.catch(() => {}); // observed by the tests that wait for it
  return { child, exited, listening, out: () => stdout, err: () => stderr };
}

describe('server process', () => {
  it('refuses to start on a bad setting with one line naming it', async () => {
    const p = run({ PORT: 'eighty' });
    expect(await p.exited).toBe(1);
    const lines = p
      .err()
      .trim()
      .split('\n')
      .filter((l) => !l.includes('ExperimentalWarning'));
    expect(lines).toEqual([
      'Invalid environment variable PORT="eighty": expected an integer from 0 to 65535',
    ]);
  });

  it('starts on a fresh DATA_DIR, serves /healthz and shuts down cleanly on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voip-main-'));
    const port = await freePort();
    const p = run({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    try {
      // However long a busy machine takes to start it (transpiling, a new database), it says so.
      await p.listening;
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      expect(fs.existsSync(path.join(dataDir, 'secret.key'))).toBe(true);
      expect(fs.statSync(path.join(dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
      p.child.kill('SIGTERM');
      expect(await p.exited).toBe(0);
      expect(p.out()).toContain('shutting down');
    } finally {
      p.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

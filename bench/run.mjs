#!/usr/bin/env node
// `npm run bench`: runs every bench/*/run.ts in turn (with tsx); exits non-zero if any failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const benches = fs
  .readdirSync(benchDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && fs.existsSync(path.join(benchDir, d.name, 'run.ts')))
  .map((d) => d.name)
  .sort();

const failed = [];
for (const name of benches) {
  console.log(`\n=== bench/${name} ===`);
  const r = spawnSync(tsx, [path.join('bench', name, 'run.ts')], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed.push(name);
}
if (failed.length) {
  console.error(`\nbench: failed: ${failed.join(', ')}`);
  process.exit(1);
}

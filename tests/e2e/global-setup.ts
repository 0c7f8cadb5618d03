import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import databaseSetup from '../../src/server/test/global-setup.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const builtIndex = path.join(root, 'dist/client/index.html');
const inputs = [
  'src/client',
  'src/shared',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/prerender.tsx',
];

/** Newest modification time (ms) of a file or of any file below a directory. */
function newest(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const entry of fs.readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

/**
 * Builds the client when dist/client is missing or older than its sources: the same steps as
 * `npm run build:client` (vite build, then the public pages pre-rendered).
 */
export function ensureClientBuild() {
  const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
  const sourcesAt = Math.max(...inputs.map((p) => newest(path.join(root, p))));
  if (builtAt > 0 && builtAt >= sourcesAt) return;
  console.log('[e2e] building the client (vite build + prerender)…');
  // Vitest sets NODE_ENV=test; the e2e tests run against the production build users get.
  const options = {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  } as const;
  execFileSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], options);
  execFileSync(path.join(root, 'node_modules/.bin/tsx'), ['scripts/prerender.tsx'], options);
}

/** Builds the client if needed, then prepares the migrated database template the harness copies. */
export default async function setup(project: TestProject) {
  ensureClientBuild();
  return databaseSetup(project);
}

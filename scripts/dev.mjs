#!/usr/bin/env node
// `npm run dev`: the API under `tsx watch` (port 3000, restarts on change) and the Vite dev server
// (port 5173, hot reload, proxies /v1 and /healthz to 3000 — see vite.config.ts), side by side.
// Output lines are prefixed [api] / [web]. Ctrl-C stops both; if either exits, the other is stopped.
// Open http://localhost:5173. PUBLIC_URL defaults to it, so emailed sign-in links come back to Vite.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const color = process.stdout.isTTY;

function bin(name) {
  const p = path.join(root, 'node_modules/.bin', name);
  if (!fs.existsSync(p)) {
    console.error(`dev: node_modules/.bin/${name} not found; run \`npm ci\` first.`);
    process.exit(1);
  }
  return p;
}

const env = {
  ...process.env,
  PORT: process.env.PORT || '3000',
  PUBLIC_URL: process.env.PUBLIC_URL || 'http://localhost:5173',
  ...(color ? { FORCE_COLOR: '1' } : {}),
};

const procs = [
  {
    name: 'api',
    tint: 36,
    cmd: bin('tsx'),
    args: ['watch', '--clear-screen=false', 'src/server/main.ts'],
  },
  { name: 'web', tint: 35, cmd: bin('vite'), args: [] },
];

let stopping = false;
let exitCode = 0;

for (const p of procs) {
  // Own process group each: a terminal Ctrl-C reaches them only through stop(), once.
  p.child = spawn(p.cmd, p.args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const prefix = color ? `\x1b[${p.tint}m[${p.name}]\x1b[0m ` : `[${p.name}] `;
  for (const stream of [p.child.stdout, p.child.stderr]) {
    const out = stream === p.child.stdout ? process.stdout : process.stderr;
    readline
      .createInterface({ input: stream })
      .on('line', (line) => out.write(prefix + line + '\n'));
  }
  p.child.on('error', (err) => {
    console.error(`${prefix}could not start: ${err.message}`);
    exitCode = 1;
    stop();
  });
  p.child.on('exit', (code, signal) => {
    p.exited = true;
    if (!stopping) {
      console.error(`${prefix}exited (${signal ?? code}); stopping the other process.`);
      exitCode = code || 1;
      stop();
    }
    if (procs.every((q) => q.exited)) process.exit(exitCode);
  });
}

function stop() {
  if (stopping) return;
  stopping = true;
  for (const p of procs) {
    if (!p.exited && p.child.pid) {
      try {
        process.kill(-p.child.pid, 'SIGTERM'); // the whole group: tsx's child server too
      } catch {
        // already gone
      }
    }
  }
  // Whatever is still running after 5 s is killed.
  setTimeout(() => {
    for (const p of procs) {
      if (!p.exited && p.child.pid) {
        try {
          process.kill(-p.child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    process.exit(exitCode || 1);
  }, 5000).unref();
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, stop);

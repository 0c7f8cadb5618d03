#!/usr/bin/env node
// `npm start`: build whatever is missing or stale, then run the built server.
//
//   client: `vite build` + `tsx scripts/prerender.tsx` (as `npm run build:client`) -> dist/client
//           when dist/client/index.html is missing or older than any file under src/client,
//           src/shared, public, index.html, vite.config.ts, scripts/prerender.tsx, package-lock.json
//   server: `tsc -p tsconfig.server.json` -> dist/server   when dist/server/server/main.js is missing
//           or older than any file under src/server, src/shared, tsconfig.server.json, tsconfig.base.json
//
// `node scripts/start.mjs --build-only` builds what is stale and exits without starting the server.
// When nothing changed this only walks the source trees with stat(), so it adds a few milliseconds.
// The server then runs as `node dist/server/server/main.js` in its own process group; SIGINT/SIGTERM
// reach it exactly once (forwarded from here) and this process exits with its exit code.
// Environment variables pass through unchanged (NODE_ENV unset means development: console mailer,
// dev outbox, demo provider on, listening on 127.0.0.1 unless HOST is set). On a Node older than the
// supported ones (e.g. Node 20), the builds and the server run on the pinned Node 24 that npm
// installs once (scripts/node-runtime.mjs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PINNED, installNode, isSupported } from './node-runtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rel = (...p) => path.join(root, ...p);

// The Node that builds and serves: this one when supported, else the pinned Node 24 (its bin/ first
// on PATH, so the tools' `#!/usr/bin/env node` find it too). See docs/adr/0015-node-22-and-24.md.
let nodePath = process.execPath;
let env = process.env;
if (!isSupported(process.versions.node)) {
  console.warn(
    `start: Node ${process.versions.node} is past its end of life; this app supports Node 22 and 24.` +
      ` Using Node ${PINNED[24]}, installed with npm on first use ...`,
  );
  try {
    const bin = installNode(PINNED[24]);
    nodePath = path.join(bin, 'node');
    env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` };
    console.log(`start: Node ${PINNED[24]} at ${nodePath}`);
  } catch (err) {
    console.warn(`start: ${err.message}\nstart: going on with Node ${process.versions.node}.`);
  }
}

const serverEntry = rel('dist/server/server/main.js');
const clientIndex = rel('dist/client/index.html');

/** mtime in ms, or undefined when the path does not exist. */
function mtime(p) {
  try {
    return fs.statSync(p).mtimeMs;
  } catch {
    return undefined;
  }
}

/** The first file under `inputs` (files or directories) modified after `since`, or undefined. */
function newerThan(inputs, since) {
  const stack = inputs.map((p) => rel(p));
  while (stack.length) {
    const p = stack.pop();
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      continue; // an optional input (e.g. no client yet)
    }
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p)) {
        if (name !== 'node_modules' && name !== '.DS_Store') stack.push(path.join(p, name));
      }
    } else if (st.mtimeMs > since) {
      return path.relative(root, p);
    }
  }
  return undefined;
}

/** Why `target` needs a rebuild from `inputs`, or undefined when it is up to date. */
function staleReason(target, inputs) {
  const built = mtime(target);
  if (built === undefined) return `${path.relative(root, target)} is missing`;
  const changed = newerThan(inputs, built);
  return changed && `${changed} changed`;
}

function bin(name) {
  const p = rel('node_modules/.bin', name);
  if (!fs.existsSync(p)) {
    console.error(`start: ${path.relative(root, p)} not found; run \`npm ci\` first.`);
    process.exit(1);
  }
  return p;
}

function run(label, cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: 'inherit' });
    child.on('error', (err) => {
      console.error(`start: ${label} could not start: ${err.message}`);
      resolve(false);
    });
    child.on('exit', (code, signal) => resolve(code === 0 && !signal));
  });
}

const builds = [];

const clientInputs = [
  'src/client',
  'src/shared',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/prerender.tsx',
  'package-lock.json',
];
const hasClientSources = fs.existsSync(rel('index.html')) && fs.existsSync(rel('vite.config.ts'));
if (hasClientSources) {
  const reason = staleReason(clientIndex, clientInputs);
  if (reason) {
    builds.push(async () => {
      console.log(`start: building the client (${reason}) ...`);
      const t0 = Date.now();
      const ok =
        (await run('vite build', bin('vite'), ['build', '--logLevel', 'warn'])) &&
        (await run('prerender', bin('tsx'), ['scripts/prerender.tsx']));
      if (ok && fs.existsSync(clientIndex)) {
        // Stamp the output with the build's start time, so an edit made during the build counts as newer.
        fs.utimesSync(clientIndex, new Date(), new Date(t0));
        console.log(`start: client built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
        return true;
      }
      fs.rmSync(clientIndex, { force: true });
      console.error('start: the client build failed.');
      return false;
    });
  }
} else if (!fs.existsSync(clientIndex)) {
  console.warn(
    'start: no client sources (index.html, vite.config.ts) and no dist/client; serving the API only.',
  );
}

const serverInputs = ['src/server', 'src/shared', 'tsconfig.server.json', 'tsconfig.base.json'];
const serverReason = staleReason(serverEntry, serverInputs);
if (serverReason) {
  builds.push(async () => {
    console.log(`start: building the server (${serverReason}) ...`);
    const t0 = Date.now();
    // A clean output folder, so modules deleted from src/ do not linger in dist/.
    fs.rmSync(rel('dist/server'), { recursive: true, force: true });
    const ok = await run('tsc', bin('tsc'), ['-p', 'tsconfig.server.json']);
    if (ok && fs.existsSync(serverEntry)) {
      fs.utimesSync(serverEntry, new Date(), new Date(t0));
      console.log(`start: server built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      return true;
    }
    // tsc emits even when type checking fails; remove the output so the next start retries.
    fs.rmSync(rel('dist/server'), { recursive: true, force: true });
    console.error('start: the server build failed (see the errors above).');
    return false;
  });
}

if (builds.length) {
  // Both builds at once: they are independent and the machine has more than one core.
  const results = await Promise.all(builds.map((b) => b()));
  if (results.includes(false)) process.exit(1);
}
if (process.argv.includes('--build-only')) process.exit(0);

// Run the server. detached => its own process group, so a terminal Ctrl-C reaches it only through
// us (once). close-with-grace in main.ts treats a second signal as "exit now", so duplicates matter.
const child = spawn(nodePath, [...process.execArgv, serverEntry], {
  cwd: root,
  env,
  stdio: 'inherit',
  detached: true,
});

let lastForward = 0;
const forward = (signal) => {
  // A Ctrl-C under `npm start` arrives twice (from the terminal and from npm): forward it once.
  // A deliberate second Ctrl-C later still goes through and makes the server exit at once.
  const now = Date.now();
  if (now - lastForward < 500) return;
  lastForward = now;
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => forward(signal));
// If this wrapper exits for any other reason, do not leave the server running on its own.
process.on('exit', () => {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
});

child.on('error', (err) => {
  console.error(`start: could not run the server: ${err.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (os.constants.signals[signal] ?? 1));
});

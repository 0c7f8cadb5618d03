/**
 * bench/recovery: how the poller recovers from a worker killed with SIGKILL, and how fast a process
 * exits on SIGTERM while its poller is busy with a dead provider host (issue 11).
 *
 *   npx tsx bench/recovery/run.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/recovery/run.ts
 *
 * The app runs as real processes, `node --import tsx src/server/main.ts`, as in production (and as
 * src/server/poller/workers.test.ts starts them): Node itself is the child, so signals reach the
 * server directly. On PostgreSQL (BENCH_DATABASE_URL, else DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/test) a fresh database `bench_recovery_<random>` is created,
 * migrated (`openPostgres`) and dropped at the end; if that server cannot be reached, the
 * PostgreSQL scenarios are skipped.
 *
 * 1. kill -9 → every number polled again (target ≤ 40 s), PostgreSQL: BENCH_NUMBERS (default 2,000)
 *    numbers of one user, links encrypted with the app's cipher (`createCipher(SECRET_KEY)`), spread
 *    over 10 fake provider hosts (`node:http` on 127.0.0.1, port 0 each, all in
 *    PROVIDER_ALLOWLIST) that answer after 3 s; every number due (each on its own phase of the
 *    last 10 s). Worker A (`PROCESS_MODE=worker`, `POLL_INTERVAL_SECONDS=10`, production poller
 *    defaults otherwise) starts; about 11 s after it is ready (so one lease renewal has run, as in
 *    a long-running worker) it holds leases on ~200 numbers (`lease_until > now()`) and gets
 *    SIGKILL. Worker B starts at once. For every number A held a lease on (read 300 ms after A
 *    died, when statements A had sent have finished), the time from the kill to (a) the first
 *    provider request for it on a connection opened after the kill and (b) its `last_polled_at`
 *    later than the kill (the poll stored): max and p50 of each, against the 40 s target on (b).
 *    Lease settings (20 s, renewed every third of that; not configurable) come from `defaultPollerOptions`.
 * 2. SIGTERM → exit with 10,000 numbers on a dead host (target ≤ 10 s): the numbers all on one
 *    provider host that is (i) a closed loopback port (connection refused; what a host that does
 *    not resolve looks like to the poller: a connection-level fault, with no DNS lookup here) or
 *    (ii) a `net` server on 127.0.0.1 that accepts and never answers (hung; requests end by the
 *    fetcher's 10 s timeout). On PostgreSQL a worker process (`PROCESS_MODE=worker`); on embedded
 *    PGlite `PROCESS_MODE=all` on a fresh temp `DATA_DIR` whose database was created, migrated
 *    and filled before the start (`openPglite`, closed again). Each process runs 15 s after it is
 *    ready, then gets SIGTERM; measured: time to process exit, and its exit code. During the
 *    15 s of the PGlite runs, `GET /healthz` every 50 ms (open loop, 1 s timeout): p50/p99/max
 *    and timeouts (target p99 < 200 ms). The worker's JSON log lines are kept: `provider host
 *    paused` warnings (the circuit breaker) and error lines are counted.
 * 3. A summary table: scenario, measured, target, met.
 *
 * Everything listens on and connects to 127.0.0.1 only. Each wait has a time limit, a hard deadline
 * (290 s) ends the process, and every child is SIGKILLed on the way out, also on failure. Targets
 * are reported, never enforced (the exit code is 0 when the bench ran).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createCipher } from '../../src/server/crypto.ts';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client.ts';
import { users, voipNumbers } from '../../src/server/db/schema.ts';
import { defaultPollerOptions, nextSlot, phaseOf } from '../../src/server/poller/poller.ts';
import { createBenchDatabase } from '../lib/database.ts';

const SECRET = 'bench-recovery-secret-key-0123456789abcdef';
const cipher = createCipher(SECRET);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const mainTs = path.join(root, 'src/server/main.ts');
const serverUrl =
  process.env.BENCH_DATABASE_URL ||
  process.env.DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';

const KILL_NUMBERS = Number(process.env.BENCH_NUMBERS ?? 2000);
const KILL_HOSTS = 10;
const SLOW_MS = 3000;
const KILL_INTERVAL_S = 10;
/** After A is ready: one lease renewal (every leaseMs / 3) has run. */
const KILL_AFTER_MS = defaultPollerOptions.leaseMs / 3 + 1000;
const RECOVERY_LIMIT_MS = 60_000;
const TARGET_RECOVERY_MS = 40_000;
const DEAD_NUMBERS = 10_000;
const RUN_MS = 15_000;
const EXIT_LIMIT_MS = 20_000;
const TARGET_EXIT_MS = 10_000;
const HEALTH_EVERY_MS = 50;
const HEALTH_TIMEOUT_MS = 1000;
const TARGET_HEALTH_P99_MS = 200;
const READY_LIMIT_MS = 40_000;
const HARD_DEADLINE_MS = 290_000;

const benchStart = Date.now();
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
/** Nearest-rank percentile of ascending values. */
const pct = (sorted: number[], p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
    : NaN;
const phoneOf = (i: number) => `4155${String(i).padStart(6, '0')}`;

// --- children: spawned, logged, always killed -------------------------------------------------

type Exit = { code: number | null; signal: NodeJS.Signals | null; at: number };
type Child = {
  name: string;
  child: ChildProcess;
  exited: Promise<Exit>;
  ready: Promise<number>;
  lines: { at: number; line: string }[];
};
const children = new Set<Child>();
const alive = (c: Child) => c.child.exitCode === null && c.child.signalCode === null;
function killAll() {
  for (const c of children) if (alive(c)) c.child.kill('SIGKILL');
}
process.on('exit', killAll);
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, () => {
    killAll();
    process.exit(130);
  });

/** `node --import tsx src/server/main.ts`; `ready` resolves with the time of the ready log line. */
function startApp(name: string, env: Record<string, string>, readyText: string): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', mainTs], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      SECRET_KEY: SECRET,
      DEMO_PROVIDER: '0',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Child['lines'] = [];
  let onLine = (_l: string) => {};
  let partial = '';
  const collect = (chunk: Buffer) => {
    const text = partial + chunk.toString();
    const parts = text.split('\n');
    partial = parts.pop()!;
    for (const line of parts) {
      lines.push({ at: Date.now(), line });
      onLine(line);
    }
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<Exit>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const ready = new Promise<number>((resolve, reject) => {
    onLine = (l) => {
      if (l.includes(readyText)) resolve(Date.now());
    };
    void exited.then((e) =>
      reject(
        new Error(
          `${name} exited (${e.code ?? e.signal}) before ready:\n${lines.map((l) => l.line).join('\n')}${partial}`,
        ),
      ),
    );
  });
  ready.catch(() => {});
  const c = { name, child, exited, ready, lines };
  children.add(c);
  return c;
}

function within<T>(what: string, ms: number, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** JSON log lines of a child with a given message, and its error/fatal lines. */
const logged = (c: Child, msg: string) => c.lines.filter((l) => l.line.includes(`"msg":"${msg}`));
const errorLines = (c: Child) => c.lines.filter((l) => /"level":(50|60)/.test(l.line));

/** SIGTERM, then the time to the process exit (SIGKILL after EXIT_LIMIT_MS). */
async function terminate(c: Child) {
  const sentAt = Date.now();
  c.child.kill('SIGTERM');
  const exit = await within(`${c.name} to exit`, EXIT_LIMIT_MS, c.exited).catch(() => {
    c.child.kill('SIGKILL');
    return undefined;
  });
  const shuttingDown = logged(c, 'shutting down')[0];
  return {
    ms: exit ? exit.at - sentAt : Infinity,
    code: exit ? (exit.code ?? exit.signal) : `killed after ${EXIT_LIMIT_MS / 1000} s`,
    logToExitMs: exit && shuttingDown ? exit.at - shuttingDown.at : NaN,
  };
}

// --- local servers --------------------------------------------------------------------------

type SlowProvider = {
  hostPort: string;
  origin: string;
  /** Per phone: times requests arrived, with the time their connection was opened. */
  seen: Map<string, { at: number; connAt: number }[]>;
  close(): Promise<void>;
};

/** A fake provider answering each `/p/<phone>` after `delayMs` with one verification message. */
async function startSlowProvider(delayMs: number): Promise<SlowProvider> {
  const seen: SlowProvider['seen'] = new Map();
  const sockets = new Set<Socket>();
  const openedAt = new WeakMap<Socket, number>();
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const phone = /^\/p\/(\d{10})\b/.exec(req.url ?? '')?.[1];
    if (!phone) {
      res.statusCode = 404;
      res.end();
      return;
    }
    const list = seen.get(phone) ?? [];
    list.push({ at: Date.now(), connAt: openedAt.get(req.socket) ?? 0 });
    seen.set(phone, list);
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (res.destroyed) return;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          messages: [
            { id: `m-${phone}`, from: 'Acme', content: `Your Acme code is 7${phone.slice(-5)}` },
          ],
        }),
      );
    }, delayMs);
    timers.add(timer);
  });
  server.keepAliveTimeout = 60_000;
  server.on('connection', (socket) => {
    openedAt.set(socket, Date.now());
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    hostPort: `127.0.0.1:${port}`,
    origin: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        for (const so of sockets) so.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port with nothing listening on it (listen on port 0, then close). */
async function closedLoopbackPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A `net` server on 127.0.0.1 that accepts connections and never answers. */
async function startHungHost() {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('error', () => {});
    // Read (and drop) what arrives, so a client closing the connection is noticed.
    socket.resume();
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    hostPort: `127.0.0.1:${port}`,
    accepted: () => accepted,
    open: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const so of sockets) so.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A free loopback port for the app's HTTP listener. */
const freePort = closedLoopbackPort;

// --- database helpers -------------------------------------------------------------------------

async function insertUser(db: Database['db'], email: string) {
  const [u] = await db
    .insert(users)
    .values({ email, emailVerified: true })
    .returning({ id: users.id });
  return u!.id;
}

/** `count` numbers of `userId` whose links point at `origin`; `dueAt(id)` says when each is due. */
async function insertNumbers(
  db: Database['db'],
  userId: string,
  count: number,
  hostOf: (i: number) => string,
  dueAt: (id: string) => Date,
) {
  const list = Array.from({ length: count }, (_, i) => {
    const id = crypto.randomUUID();
    const phone = phoneOf(i + 1);
    const host = hostOf(i);
    return {
      id,
      userId,
      phoneNumber: phone,
      apiLinkEnc: cipher.encrypt(`http://${host}/p/${phone}?key=SECRET-${phone}`),
      apiHost: host,
      nextPollAt: dueAt(id),
    };
  });
  for (let i = 0; i < list.length; i += 1000)
    await db.insert(voipNumbers).values(list.slice(i, i + 1000));
  return list;
}

// --- results ----------------------------------------------------------------------------------

type SummaryRow = { scenario: string; measured: string; target: string; met: string };
const summary: SummaryRow[] = [];
const exitRows: Record<string, Record<string, string | number>> = {};

// --- 1. kill -9 ---------------------------------------------------------------------------------

async function killScenario(db: Database['db'], url: string) {
  console.log(
    `\n1. kill -9 → every leased number polled again: ${KILL_NUMBERS} numbers on ${KILL_HOSTS} ` +
      `hosts answering after ${SLOW_MS / 1000} s, POLL_INTERVAL_SECONDS=${KILL_INTERVAL_S}`,
  );
  const providers = await Promise.all(
    Array.from({ length: KILL_HOSTS }, () => startSlowProvider(SLOW_MS)),
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voip-bench-recovery-'));
  try {
    const userId = await insertUser(db, 'bench-recovery-kill@example.com');
    const period = KILL_INTERVAL_S * 1000;
    const due = new Date(Date.now() - period);
    const numbers = await insertNumbers(
      db,
      userId,
      KILL_NUMBERS,
      (i) => providers[i % KILL_HOSTS]!.hostPort,
      // Every number due, each on its own phase of the last period (as a worker that fell behind).
      (id) => nextSlot(due, period, phaseOf(id, period)),
    );
    await db.execute(sql`analyze voip_numbers`);
    const phoneById = new Map<string, string>(numbers.map((n) => [n.id, n.phoneNumber]));
    const workerUrl = (name: string) => {
      const u = new URL(url);
      u.searchParams.set('application_name', name);
      return u.toString();
    };
    const env = {
      PROCESS_MODE: 'worker',
      DATA_DIR: dataDir,
      PROVIDER_ALLOWLIST: providers.map((p) => p.hostPort).join(','),
      POLL_INTERVAL_SECONDS: String(KILL_INTERVAL_S),
    };
    const leasedNow = async () =>
      rows<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from voip_numbers where lease_until > now()`,
        ),
      )[0]!.n;

    const spawnedA = Date.now();
    const a = startApp(
      'worker-a',
      { ...env, DATABASE_URL: workerUrl('worker-a') },
      'worker polling',
    );
    const readyA = await within('worker A to start', READY_LIMIT_MS, a.ready);
    await sleep(KILL_AFTER_MS);
    let heldBefore = await leasedNow();
    // Wait (bounded) for a moment when A holds many leases.
    for (let i = 0; i < 40 && heldBefore < 100; i++) {
      await sleep(100);
      heldBefore = await leasedNow();
    }
    const killAt = Date.now();
    a.child.kill('SIGKILL');
    const exitA = await within('worker A to die', 5000, a.exited);
    const spawnedB = Date.now();
    const b = startApp(
      'worker-b',
      { ...env, DATABASE_URL: workerUrl('worker-b') },
      'worker polling',
    );
    // Statements A had sent before it died finish on the server; then read what A held.
    await sleep(300);
    const held = rows<{ id: string; lease_until: string | Date }>(
      await db.execute(
        sql`select id, lease_until from voip_numbers where lease_until > now() order by lease_until`,
      ),
    );
    const leaseLeft = held.map((r) => new Date(r.lease_until).getTime() - killAt);
    const polledBeforeKill = rows<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from voip_numbers where last_polled_at is not null`,
      ),
    )[0]!.n;
    const requestsBeforeKill = providers.reduce(
      (sum, p) => sum + [...p.seen.values()].reduce((x, l) => x + l.length, 0),
      0,
    );

    // Until every number A held was polled again (stored), or the limit.
    const ids = held.map((r) => r.id);
    const stored = new Map<string, number>();
    const idsParam = `{${ids.join(',')}}`;
    const killIso = new Date(killAt).toISOString();
    const end = killAt + RECOVERY_LIMIT_MS;
    while (ids.length && stored.size < ids.length && Date.now() < end) {
      await sleep(250);
      for (const r of rows<{ id: string; last_polled_at: string | Date }>(
        await db.execute(sql`
          select id, last_polled_at from voip_numbers
          where id = any(${idsParam}::uuid[]) and last_polled_at > ${killIso}::timestamptz`),
      ))
        if (!stored.has(r.id)) stored.set(r.id, new Date(r.last_polled_at).getTime() - killAt);
    }
    const readyB = await b.ready.catch(() => NaN);
    // First request for each held number on a connection opened after the kill (only B's).
    const requested: number[] = [];
    for (const id of ids) {
      const phone = phoneById.get(id)!;
      const p = providers[(Number(phone.slice(4)) - 1) % KILL_HOSTS]!;
      const r = (p.seen.get(phone) ?? []).find((x) => x.connAt > killAt);
      if (r) requested.push(r.at - killAt);
    }
    requested.sort((x, y) => x - y);
    const storedMs = [...stored.values()].sort((x, y) => x - y);
    const allStored = ids.length > 0 && storedMs.length === ids.length;
    const termB = await terminate(b);
    leaseLeft.sort((x, y) => x - y);

    console.log(
      `lease ${defaultPollerOptions.leaseMs / 1000} s, renewed every ${defaultPollerOptions.leaseMs / 3000} s ` +
        `(defaultPollerOptions, not configurable); POLL_CONCURRENCY=${defaultPollerOptions.concurrency} ` +
        `POLL_HOST_CONCURRENCY=${defaultPollerOptions.hostConcurrency} hostQueue=${defaultPollerOptions.hostQueue}`,
    );
    console.log(
      `worker A ready ${s(readyA - spawnedA)} after spawn, killed ${s(killAt - readyA)} after ready ` +
        `(exit ${exitA.signal}); before the kill: ${polledBeforeKill} numbers polled, ` +
        `${requestsBeforeKill} provider requests`,
    );
    console.log(
      `A held ${held.length} leases at the kill (${heldBefore} just before); lease left then: ` +
        `min ${s(pct(leaseLeft, 0))}, p50 ${s(pct(leaseLeft, 50))}, max ${s(pct(leaseLeft, 100))}`,
    );
    console.log(
      `worker B spawned ${s(spawnedB - killAt)} after the kill, ready ${s(readyB - killAt)} after it`,
    );
    console.table({
      'kill → B requests it from the provider': {
        numbers: `${requested.length}/${ids.length}`,
        'p50 s': (pct(requested, 50) / 1000).toFixed(2),
        'max s': (pct(requested, 100) / 1000).toFixed(2),
      },
      'kill → poll stored (last_polled_at)': {
        numbers: `${storedMs.length}/${ids.length}`,
        'p50 s': (pct(storedMs, 50) / 1000).toFixed(2),
        'max s': (pct(storedMs, 100) / 1000).toFixed(2),
      },
    });
    console.log(
      `worker B: ${logged(b, 'provider host paused').length} 'provider host paused', ` +
        `${errorLines(a).length + errorLines(b).length} error lines (A+B); SIGTERM → exit ${s(termB.ms)} (${termB.code})`,
    );
    for (const l of [...errorLines(a), ...errorLines(b)].slice(0, 3))
      console.log(`  ${l.line.slice(0, 300)}`);
    const maxStored = allStored ? pct(storedMs, 100) : Infinity;
    summary.push({
      scenario: `kill -9, ${held.length} leased numbers polled again (stored), max`,
      measured: allStored
        ? `${s(maxStored)} (p50 ${s(pct(storedMs, 50))})`
        : `${storedMs.length}/${ids.length} after ${RECOVERY_LIMIT_MS / 1000} s`,
      target: `≤ ${TARGET_RECOVERY_MS / 1000} s`,
      met: maxStored <= TARGET_RECOVERY_MS ? 'yes' : 'NO',
    });
    summary.push({
      scenario: `kill -9, provider request for each again, max`,
      measured: requested.length
        ? `${s(pct(requested, 100))} (p50 ${s(pct(requested, 50))}), ${requested.length}/${ids.length}`
        : 'none',
      target: '(info)',
      met: '',
    });
  } finally {
    await Promise.all(providers.map((p) => p.close()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// --- 2. SIGTERM with a dead host -----------------------------------------------------------------

type DeadHost = {
  kind: 'refused' | 'hung';
  hostPort: string;
  open: () => number;
  accepted: () => number;
};

/** Open-loop GET /healthz every HEALTH_EVERY_MS for `ms`: latencies from the scheduled start. */
async function pollHealth(port: number, ms: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const latencies: number[] = [];
  /** Requests slower than the target: scheduled start (epoch ms) and latency. */
  const slow: { at: number; ms: number }[] = [];
  let timeouts = 0;
  let failed = 0;
  const sent: Promise<void>[] = [];
  const start = Date.now();
  for (let i = 0; start + i * HEALTH_EVERY_MS < start + ms; i++) {
    const at = start + i * HEALTH_EVERY_MS;
    const wait = at - Date.now();
    if (wait > 1) await sleep(wait);
    sent.push(
      new Promise<void>((resolve) => {
        let done = false;
        const finish = (outcome: 'ok' | 'bad' | 'timeout' | 'error') => {
          if (done) return;
          done = true;
          if (outcome === 'timeout') timeouts++;
          if (outcome === 'bad' || outcome === 'error') failed++;
          if (outcome !== 'error') {
            const ms = outcome === 'timeout' ? HEALTH_TIMEOUT_MS : Date.now() - at;
            latencies.push(ms);
            if (ms >= TARGET_HEALTH_P99_MS) slow.push({ at, ms });
          }
          resolve();
        };
        const req = http.get(
          { host: '127.0.0.1', port, path: '/healthz', agent, timeout: HEALTH_TIMEOUT_MS },
          (res) => {
            res.resume();
            res.on('end', () => finish(res.statusCode === 200 ? 'ok' : 'bad'));
            res.on('error', () => finish('error'));
          },
        );
        req.on('timeout', () => {
          finish('timeout');
          req.destroy();
        });
        req.on('error', () => finish('error'));
      }),
    );
  }
  await Promise.all(sent);
  agent.destroy();
  latencies.sort((x, y) => x - y);
  return { n: sent.length, latencies, slow, timeouts, failed };
}

async function deadHostRun(
  label: string,
  dead: DeadHost,
  spawnEnv: Record<string, string>,
  readyText: string,
  opts: { db?: Database['db']; healthPort?: number },
) {
  const spawned = Date.now();
  const c = startApp(label, { ...spawnEnv, PROVIDER_ALLOWLIST: dead.hostPort }, readyText);
  const ready = await within(`${label} to start`, READY_LIMIT_MS, c.ready);
  const health = opts.healthPort ? pollHealth(opts.healthPort, RUN_MS) : undefined;
  await sleep(RUN_MS);
  const healthResult = await health;
  const leasedAtTerm = opts.db
    ? rows<{ n: number }>(
        await opts.db.execute(
          sql`select count(*)::int as n from voip_numbers where lease_until is not null`,
        ),
      )[0]!.n
    : undefined;
  const openAtTerm = dead.open();
  const term = await terminate(c);
  const after = opts.db
    ? rows<{ polled: number; leased: number }>(
        await opts.db.execute(sql`
          select count(*) filter (where last_polled_at is not null)::int as polled,
            count(*) filter (where lease_until is not null)::int as leased
          from voip_numbers`),
      )[0]!
    : undefined;
  const paused = logged(c, 'provider host paused');
  const errors = errorLines(c);
  const row: Record<string, string | number> = {
    'ready after spawn s': ((ready - spawned) / 1000).toFixed(1),
    'SIGTERM → exit s': Number.isFinite(term.ms) ? (term.ms / 1000).toFixed(2) : '> 20',
    'exit code': String(term.code),
    "'shutting down' → exit s": Number.isFinite(term.logToExitMs)
      ? (term.logToExitMs / 1000).toFixed(2)
      : '-',
    'host paused (log lines)': paused.length,
    'first pause after ready s': paused[0] ? ((paused[0].at - ready) / 1000).toFixed(1) : '-',
    'connections to host': dead.kind === 'hung' ? dead.accepted() : '-',
    'open at SIGTERM': dead.kind === 'hung' ? openAtTerm : '-',
    'leased at SIGTERM': leasedAtTerm ?? '-',
    'polled / leased after exit': after ? `${after.polled} / ${after.leased}` : '-',
    'error lines': errors.length,
  };
  exitRows[label] = row;
  for (const l of errors.slice(0, 3)) console.log(`  ${label} error: ${l.line.slice(0, 300)}`);
  summary.push({
    scenario: `SIGTERM → exit, ${label}`,
    measured: Number.isFinite(term.ms)
      ? `${s(term.ms)} (exit ${term.code})`
      : `> ${EXIT_LIMIT_MS / 1000} s`,
    target: `≤ ${TARGET_EXIT_MS / 1000} s`,
    met: term.ms <= TARGET_EXIT_MS && term.code === 0 ? 'yes' : 'NO',
  });
  if (healthResult) {
    const l = healthResult.latencies;
    const p99 = pct(l, 99);
    console.log(
      `  ${label}: GET /healthz every ${HEALTH_EVERY_MS} ms for ${RUN_MS / 1000} s: ${healthResult.n} requests, ` +
        `p50 ${pct(l, 50)} ms, p99 ${p99} ms, max ${pct(l, 100)} ms, ` +
        `${healthResult.timeouts} timeouts (> ${HEALTH_TIMEOUT_MS} ms), ${healthResult.failed} failed`,
    );
    const sl = healthResult.slow;
    if (sl.length)
      console.log(
        `  ${label}: ${sl.length} requests ≥ ${TARGET_HEALTH_P99_MS} ms, sent ` +
          `${s(sl[0]!.at - ready)}–${s(sl.at(-1)!.at - ready)} after ready; ` +
          `'provider host paused' logged at ${paused.map((l) => s(l.at - ready)).join(', ') || '-'}`,
      );
    summary.push({
      scenario: `/healthz p99 while busy, ${label}`,
      measured: `${p99} ms (p50 ${pct(l, 50)}, max ${pct(l, 100)}, ${healthResult.timeouts} timeouts)`,
      target: `< ${TARGET_HEALTH_P99_MS} ms`,
      met: p99 < TARGET_HEALTH_P99_MS && healthResult.timeouts === 0 ? 'yes' : 'NO',
    });
  }
}

async function deadHosts() {
  const refused: DeadHost = {
    kind: 'refused',
    hostPort: `127.0.0.1:${await closedLoopbackPort()}`,
    open: () => 0,
    accepted: () => 0,
  };
  const hung = await startHungHost();
  return { refused, hung: { kind: 'hung' as const, ...hung }, close: () => hung.close() };
}

async function sigtermPostgres(
  db: Database['db'],
  url: string,
  dead: Awaited<ReturnType<typeof deadHosts>>,
) {
  console.log(
    `\n2a. SIGTERM with ${DEAD_NUMBERS} numbers on a dead host, PostgreSQL worker (PROCESS_MODE=worker), ` +
      `${RUN_MS / 1000} s after ready`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voip-bench-recovery-'));
  try {
    for (const host of [dead.refused, dead.hung]) {
      await db.execute(sql`truncate messages, voip_numbers cascade`);
      const userId = await insertUser(db, `bench-recovery-${host.kind}-${Date.now()}@example.com`);
      const dueAt = new Date(Date.now() - 1000);
      await insertNumbers(
        db,
        userId,
        DEAD_NUMBERS,
        () => host.hostPort,
        () => dueAt,
      );
      await db.execute(sql`analyze voip_numbers`);
      await deadHostRun(
        `PostgreSQL, ${host.kind} host`,
        host,
        { PROCESS_MODE: 'worker', DATA_DIR: dataDir, DATABASE_URL: url },
        'worker polling',
        { db },
      );
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function sigtermPglite(dead: Awaited<ReturnType<typeof deadHosts>>) {
  console.log(
    `\n2b. SIGTERM with ${DEAD_NUMBERS} numbers on a dead host, embedded PGlite (PROCESS_MODE=all), ` +
      `${RUN_MS / 1000} s after ready, GET /healthz meanwhile`,
  );
  for (const host of [dead.refused, dead.hung]) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voip-bench-recovery-pglite-'));
    try {
      const prepStart = Date.now();
      const database = await openPglite(path.join(dataDir, 'pglite'));
      try {
        const userId = await insertUser(database.db, 'bench-recovery@example.com');
        const dueAt = new Date(Date.now() - 1000);
        await insertNumbers(
          database.db,
          userId,
          DEAD_NUMBERS,
          () => host.hostPort,
          () => dueAt,
        );
        await database.db.execute(sql`analyze voip_numbers`);
      } finally {
        await database.close();
      }
      const port = await freePort();
      console.log(
        `  PGlite ${host.kind}: DATA_DIR created, migrated and filled in ${s(Date.now() - prepStart)}; PORT=${port}`,
      );
      await deadHostRun(
        `PGlite, ${host.kind} host`,
        host,
        { PROCESS_MODE: 'all', DATA_DIR: dataDir, PORT: String(port) },
        'VOIP Manager ready on',
        { healthPort: port },
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

// --- main -------------------------------------------------------------------------------------

let benchDb: Awaited<ReturnType<typeof createBenchDatabase>> | undefined;
const deadline = setTimeout(() => {
  console.error(`bench/recovery: took longer than ${HARD_DEADLINE_MS / 1000} s, giving up`);
  killAll();
  void within('dropping the bench database', 5000, benchDb?.drop() ?? Promise.resolve())
    .catch(() => {})
    .finally(() => process.exit(1));
}, HARD_DEADLINE_MS);
deadline.unref();

console.log(
  `bench/recovery — ${os.cpus().length} cores, Node ${process.version}, ` +
    `app processes: node --import tsx src/server/main.ts`,
);

let pgReachable = false;
{
  const probe = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    const host = new URL(serverUrl).hostname;
    if (!['127.0.0.1', '::1', '[::1]', 'localhost'].includes(host))
      throw new Error(`not a loopback server: ${host}`);
    await probe.connect();
    pgReachable = true;
  } catch (err) {
    console.log(
      `PostgreSQL at ${serverUrl} not usable (${(err as Error).message}): its scenarios are skipped`,
    );
  } finally {
    await probe.end().catch(() => {});
  }
}

const dead = await deadHosts();
let database: Database | undefined;
try {
  if (pgReachable) {
    benchDb = await createBenchDatabase(serverUrl, 'bench_recovery');
    database = await openPostgres(benchDb.url, { max: 3 });
    const version = rows<{ v: string }>(
      await database.db.execute(sql`select current_setting('server_version') as v`),
    )[0]!.v;
    console.log(`PostgreSQL ${version}, database ${benchDb.name}`);
    await killScenario(database.db, benchDb.url);
    await sigtermPostgres(database.db, benchDb.url, dead);
  }
  await sigtermPglite(dead);

  console.log(
    `\nSIGTERM runs (${DEAD_NUMBERS} numbers on one dead host, ${RUN_MS / 1000} s after ready):`,
  );
  console.table(exitRows);
  console.log(`\nSummary (bench ran ${s(Date.now() - benchStart)}):`);
  console.table(summary);
} finally {
  killAll();
  await dead.close();
  await database?.close();
  await benchDb?.drop();
}

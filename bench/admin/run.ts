/**
 * bench/admin: the admin users list, its search and filters, and the stat cards, with 100,000
 * users and 1,000,000 messages, on PostgreSQL.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/admin/run.ts
 *
 * PostgreSQL only (BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test):
 * a fresh database `bench_admin_<random>` is created, migrated by the app, seeded and dropped
 * afterwards; nothing is written to the database the URL names. Skipped when that server cannot be
 * reached.
 *
 * Seed, in bulk SQL (generate_series): 100,000 users (created over about 70 days, three at a time
 * at the same instant; two in three verified, those with a sign-in time), 50 administrators (one in
 * five inactive), sessions for one user in five (last seen over 30 days), 2,000 numbers (inactive)
 * with 500 messages each over 60 days = 1,000,000 messages (the triggers keep
 * message_daily_counts), 20 blog posts; then `vacuum analyze`, as autovacuum would have.
 *
 * Fault during every measurement: the poller runs (interval 5 s) over 400 numbers whose provider
 * is a loopback port that refuses connections and 400 on a loopback host that accepts and never
 * answers (requests end by the provider timeout), as in bench/recovery.
 *
 * Measured, open loop (`bench/lib/paced.ts`: its own worker thread, a request every 1000/rate ms
 * whatever the answers do, latency from each request's scheduled start) at BENCH_RATE (50) req/s
 * for BENCH_SECONDS (8) each: the baseline `GET /v1/me` (a cheap authenticated route: the session
 * lookup every admin route also does), then the users list's first page, later pages (cursors
 * followed beforehand), search by email fragment (3+ characters), by 1–2 characters, by ID
 * prefix, no match, the filters verified / unverified / admin, and `GET /v1/admin/dashboard/users`
 * (the stat cards and 30-day series); p50,
 * p99, failures and p99 / baseline p99. Each query is answered once before timing (totals
 * printed). Target: p99 < 100 ms; reported, never enforced. A hard deadline ends the process.
 */
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createCipher } from '../../src/server/crypto.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { createConsoleMailer } from '../../src/server/mail/mailer.ts';
import { createBenchDatabase } from '../lib/database.ts';
import { hungHost, refusedHost } from '../lib/fault-hosts.ts';
import { paced } from '../lib/paced.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const USERS = 100_000;
const NUMBERS = 2_000;
const MESSAGES_PER_NUMBER = 500;
const FAULTY_NUMBERS = 400;
const TARGET_P99_MS = 100;
const SECRET = 'bench-secret-0123456789abcdef0123456789';

const deadline = setTimeout(() => {
  console.error('bench/admin: hard deadline (600 s) passed; exiting');
  process.exit(1);
}, 600_000);
deadline.unref();

const serverUrl =
  process.env.BENCH_DATABASE_URL ||
  process.env.DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';

const benchDb = await createBenchDatabase(serverUrl, 'bench_admin').catch((err: Error) => {
  console.log(
    `bench/admin: skipped, PostgreSQL at ${new URL(serverUrl).host} unreachable (${err.message})`,
  );
  process.exit(0);
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voip-bench-admin-'));
const hung = await hungHost();
const refused = await refusedHost();
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  DATABASE_URL: benchDb.url,
  PROVIDER_ALLOWLIST: `${hung.hostPort},${refused}`,
  POLL_INTERVAL_SECONDS: '5',
});
let database: Database | undefined;
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
try {
  database = await openDatabase(config);
  const db = database.db;
  const run = async <T>(q: ReturnType<typeof sql>) =>
    ((await db.execute(q)) as unknown as { rows: T[] }).rows;

  // ---- Seed ----
  const t0 = performance.now();
  await run(sql`insert into users (email, email_verified, created_at, last_sign_in_at)
    select 'user' || g || '.' || substr(md5(g::text), 1, 6) || '@' ||
        (array['gmail.com', 'example.org', 'mail.test', 'proton.me', 'corp.example'])[g % 5 + 1],
      g % 3 <> 0,
      now() - (g / 3) * interval '3 minutes',
      case when g % 3 <> 0 then now() - (g % 1000) * interval '1 hour' end
    from generate_series(1, ${USERS}) g`);
  await run(sql`insert into admin_users (user_id, role, is_active)
    select id, case when rn % 20000 = 1 then 'super_admin' else 'admin' end, rn % 10000 <> 1
    from (select id, row_number() over (order by created_at) rn from users) u
    where rn % 2000 = 1`);
  await run(sql`insert into sessions (token_hash, user_id, expires_at, last_seen_at)
    select md5(id::text), id, now() + interval '30 days',
      now() - (abs(hashtext(id::text)) % 720) * interval '1 hour'
    from (select id, row_number() over (order by created_at) rn from users) u
    where rn % 5 = 0`);
  const owners = await run<{ id: string }>(
    sql`select id from users order by created_at desc limit 100`,
  );
  const ownerIds = `{${owners.map((o) => o.id).join(',')}}`;
  await run(sql`insert into voip_numbers (user_id, phone_number, api_link_enc, api_host, is_active)
    select (${ownerIds}::uuid[])[g % 100 + 1], (3000000000 + g)::text, 'v1:unused',
      'provider.example', false
    from generate_series(1, ${NUMBERS}) g`);
  // 1,000,000 messages in chunks (each statement's transition table stays bounded).
  const numberIds = (
    await run<{ id: string }>(sql`select id from voip_numbers order by phone_number`)
  ).map((r) => r.id);
  const CHUNK = 200;
  for (let i = 0; i < numberIds.length; i += CHUNK) {
    const ids = `{${numberIds.slice(i, i + CHUNK).join(',')}}`;
    await run(sql`insert into messages (voip_number_id, sender, content, code, received_at,
        dedupe_key, created_at)
      select n.id, 'Service', 'Your verification code is ' || (100000 + g), (100000 + g)::text,
        now() - (g * 10369 % 86400) * interval '1 minute',
        'k' || g, now() - (g * 10369 % 86400) * interval '1 minute'
      from unnest(${ids}::uuid[]) n(id), generate_series(1, ${MESSAGES_PER_NUMBER}) g`);
  }
  await run(sql`insert into blog_posts (title, slug, excerpt, content, published)
    select 'Post ' || g, 'post-' || g, 'Excerpt', 'Content', g % 4 <> 0
    from generate_series(1, 20) g`);
  const seedMs = performance.now() - t0;
  await run(sql`vacuum analyze`);

  const mailer = createConsoleMailer({ print: false });
  app = await buildApp({
    config,
    database,
    mailer,
    secret: SECRET,
    tuning: { provider: { timeoutMs: 10_000 } },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const email = `bench-admin-${Date.now()}@example.com`;
  await fetch(`${base}/v1/auth/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  const code = /code is (\d{6})/.exec(mailer.outbox!(email)[0]!.text)![1];
  const verify = await fetch(`${base}/v1/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, code }),
  });
  const cookie = verify.headers.get('set-cookie')!.split(';')[0]!;
  await run(sql`insert into admin_users (user_id, role)
    select id, 'super_admin' from users where email = ${email}`);

  // The fault: numbers the poller keeps polling on a refused port and a hung host.
  const cipher = createCipher(SECRET);
  const faultOwner = owners[0]!.id;
  for (let i = 0; i < 2 * FAULTY_NUMBERS; i++) {
    const host = i % 2 ? hung.hostPort : refused;
    await run(sql`insert into voip_numbers (user_id, phone_number, api_link_enc, api_host)
      values (${faultOwner}, ${String(4000000000 + i)},
        ${cipher.encrypt(`http://${host}/p/${i}?key=k${i}`)}, ${host})`);
  }

  const counts = (
    await run<{ users: number; messages: number; counted: number; admins: number }>(sql`select
      (select count(*) from users)::int as users,
      (select count(*) from messages)::int as messages,
      (select sum(total) from message_daily_counts)::int as counted,
      (select count(*) from admin_users where is_active)::int as admins`)
  )[0]!;

  // ---- Queries ----
  const usersUrl = '/v1/admin/users';
  const headers = { cookie };
  const getJson = async (p: string) => {
    const r = await fetch(base + p, { headers });
    if (r.status !== 200) throw new Error(`${p}: ${r.status} ${await r.text()}`);
    return r.json() as Promise<{
      total?: number;
      nextCursor?: string | null;
      items?: { id: string }[];
    }>;
  };
  // Later pages: the cursors of pages 2 to 21, followed from the first.
  const cursors: string[] = [];
  let next = (await getJson(usersUrl)).nextCursor;
  while (next && cursors.length < 20) {
    cursors.push(next);
    next = (await getJson(`${usersUrl}?cursor=${next}`)).nextCursor;
  }
  const someIds = (
    await run<{ id: string }>(sql`select id::text from users order by random() limit 8`)
  ).map((r) => r.id);
  const q = (s: string) => `${usersUrl}?q=${encodeURIComponent(s)}`;
  const groups: Record<string, string[]> = {
    'users, first page': [usersUrl],
    'users, next pages (cursor)': cursors.map((c) => `${usersUrl}?cursor=${c}`),
    'search email 3+ chars': ['gmail', 'user1234', 'proton.me', 'USER777', 'corp.ex', 'r4567.'].map(
      q,
    ),
    'search 1–2 chars': ['a', '7', 'us', '@m', 'x', '9'].map(q),
    'search id prefix': [
      ...someIds.slice(0, 4).map((id) => q(id.slice(0, 8))),
      ...someIds.slice(4).map((id) => q(id.slice(0, 4).toUpperCase())),
    ],
    'search no match': ['zzqx-nothing', 'nobody@nowhere', '%_%', 'user0.'].map(q),
    'filter verified': [`${usersUrl}?status=verified`],
    'filter unverified': [`${usersUrl}?status=unverified`],
    'filter admin': [`${usersUrl}?status=admin`],
    'search + filter verified': ['gmail', 'user55', 'b'].map((s) => `${q(s)}&status=verified`),
    'GET /v1/admin/dashboard/users': ['/v1/admin/dashboard/users'],
  };
  const totals: Record<string, number[]> = {};
  for (const [g, paths] of Object.entries(groups)) {
    totals[g] = [];
    for (const p of paths) {
      const body = await getJson(p);
      if (body.total !== undefined) totals[g].push(body.total);
    }
  }
  // The stat cards' figures (the 30-day series left out of the printout).
  const stats = Object.fromEntries(
    Object.entries(await getJson('/v1/admin/dashboard/users')).filter(([, v]) => !Array.isArray(v)),
  );

  // ---- Measure, with the poller running into the faulty hosts ----
  app.poller.start();
  const measure = (paths: string[]) =>
    paced({ url: base + paths[0]!, paths, headers, rate: RATE, seconds: SECONDS });
  // Warm the pool's connections and the backends' caches (as a running server has them).
  await measure(Object.values(groups).flat());
  const baseline = await measure(['/v1/me']);
  const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  for (const [g, paths] of Object.entries(groups)) results[g] = await measure(paths);
  const baselineAgain = await measure(['/v1/me']);
  const pollerStats = app.poller.stats();
  await app.poller.stop();

  console.log(
    `\nbench/admin — postgres, ${os.cpus().length} cores, ${RATE} req/s open loop, ${SECONDS} s per row`,
  );
  console.log(
    `seeded ${counts.users} users (${counts.admins} active admins), ${counts.messages} messages (daily counts: ${counts.counted}) in ${(seedMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `fault: poller over ${FAULTY_NUMBERS} numbers on a refused port and ${FAULTY_NUMBERS} on a hung host; polls ${pollerStats.polls}, paused hosts ${JSON.stringify(pollerStats.pausedHosts)}`,
  );
  const row = (r: typeof baseline) => ({
    p50: r.p50,
    p99: r.p99,
    rps: r.rps,
    failed: r.failed,
    'p99 / baseline': Number((r.p99 / Math.max(1, baseline.p99)).toFixed(1)),
  });
  console.table({
    'baseline GET /v1/me': row(baseline),
    ...Object.fromEntries(Object.entries(results).map(([g, r]) => [g, row(r)])),
    'baseline GET /v1/me (again)': row(baselineAgain),
  });
  console.log(`totals per query: ${JSON.stringify(totals)}`);
  console.log(`stats: ${JSON.stringify(stats)}`);
  const worst = Object.entries(results).sort((a, b) => b[1].p99 - a[1].p99)[0]!;
  console.log(
    `worst p99: ${worst[1].p99} ms (${worst[0]}); target < ${TARGET_P99_MS} ms: ${worst[1].p99 < TARGET_P99_MS ? 'met' : 'NOT met'}`,
  );
} finally {
  await app?.close();
  await database?.close();
  await hung.close();
  await benchDb.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * bench/analytics: the admin dashboard and analytics API with 100,000 analytics events and
 * 1,000,000 messages, and POST /v1/analytics/events at 1,000 req/s against GET /v1/numbers, on
 * PostgreSQL.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/analytics/run.ts
 *
 * PostgreSQL only (BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test):
 * a fresh database `bench_analytics_<random>` is created, migrated by the app, seeded and dropped
 * afterwards. Skipped when that server cannot be reached.
 *
 * Seed, in bulk SQL (generate_series): 100,000 analytics events over 90 days (about two in three
 * page views over 40 paths with queries, the rest spread over the other types; 20,000 sessions,
 * one event in five from one of 500 signed-in users), 10,000 users over 60 days, 2,000 numbers
 * with 500 messages each = 1,000,000 messages (the triggers keep message_daily_counts), 30 blog
 * posts in the six categories; then `vacuum analyze`, as autovacuum would have. The bench admin
 * owns 1,000 numbers of its own (for GET /v1/numbers).
 *
 * Part 1: each query answered one at a time, BENCH_SEQUENTIAL (10) times (service time: p50 and
 * max); then open loop (`bench/lib/paced.ts`) at BENCH_RATE (2: an admin page, not a hot path) req/s for BENCH_SECONDS (8) each,
 * after one warm-up pass: `GET /v1/me` (baseline), `GET /v1/admin/dashboard/users`, `/blog` and
 * `/activity`, and
 * `GET /v1/admin/analytics?range=` 1d, 7d, 30d, 90d, and 90d with a type filter; p50/p99.
 * Target p99 < 300 ms.
 *
 * Part 2: `GET /v1/numbers` (first page of 50) at BENCH_LIST_RATE (50) req/s for BENCH_LOAD_SECONDS
 * (10) alone, then again while another worker thread posts events at BENCH_EVENT_RATE (1,000) req/s
 * (anonymous page views over many sessions, with faults mixed in: one body in 50 is 12 KB → 413,
 * one in 50 has an unknown type → 400), then alone again; prints the list's p50/p99 ratios (with
 * events / alone) measured in the same run, the events' own latency and statuses, and whether
 * every accepted event was stored (the recorder's batches). The app's per-address event limit is
 * raised for the bench (all requests come from 127.0.0.1).
 *
 * Throughout, the poller keeps polling FAULTY_NUMBERS (200) numbers on a refused loopback port
 * and as many on a hung host (accepts, never answers), as a user whose provider is down has.
 *
 * Times are reported, never asserted. A hard deadline ends the process.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
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
import { paced, type PacedResult } from '../lib/paced.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const RATE = Number(process.env.BENCH_RATE ?? 2);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const LIST_RATE = Number(process.env.BENCH_LIST_RATE ?? 50);
const EVENT_RATE = Number(process.env.BENCH_EVENT_RATE ?? 1000);
const EVENTS = 100_000;
const USERS = 10_000;
const NUMBERS = 2_000;
const MESSAGES_PER_NUMBER = 500;
const OWN_NUMBERS = 1_000;
const TARGET_P99_MS = 300;
/** Numbers the poller keeps polling on a refused port, and as many on a hung host. */
const FAULTY_NUMBERS = 200;
const SECRET = 'bench-secret-0123456789abcdef0123456789';

const deadline = setTimeout(() => {
  console.error('bench/analytics: hard deadline (600 s) passed; exiting');
  process.exit(1);
}, 600_000);
deadline.unref();

const serverUrl =
  process.env.BENCH_DATABASE_URL ||
  process.env.DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';

const benchDb = await createBenchDatabase(serverUrl, 'bench_analytics').catch((err: Error) => {
  console.log(
    `bench/analytics: skipped, PostgreSQL at ${new URL(serverUrl).host} unreachable (${err.message})`,
  );
  process.exit(0);
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voip-bench-analytics-'));
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
  await run(sql`insert into users (email, email_verified, created_at)
    select 'user' || g || '@bench.example', true, now() - (g % 60) * interval '1 day'
      - (g % 1440) * interval '1 minute'
    from generate_series(1, ${USERS}) g`);
  const owners = await run<{ id: string }>(
    sql`select id from users order by created_at desc limit 500`,
  );
  const ownerIds = `{${owners.map((o) => o.id).join(',')}}`;
  // In chunks: each statement stays well under the 10 s statement timeout on a busy machine.
  for (let from = 1; from <= EVENTS; from += 20_000) {
    await run(sql`insert into analytics_events
      (event_type, event_data, user_id, session_id, ip_address, user_agent, page_url, referrer,
        created_at)
    select
      case when g % 3 <> 0 then 'page_view'
        else (array['blog_post_viewed', 'blog_post_shared', 'admin_dashboard_viewed',
          'admin_analytics_viewed', 'admin_settings_viewed', 'blog_post_created',
          'blog_post_updated', 'site_setting_updated', 'newsletter_subscribed',
          'admin_user_updated', 'blog_post_status_changed'])[g % 11 + 1] end,
      jsonb_build_object('n', g),
      case when g % 5 = 0 then (${ownerIds}::uuid[])[g % 500 + 1] end,
      's' || (g % 20000),
      '203.0.' || (g % 250) || '.0',
      'Mozilla/5.0 (bench) ' || (g % 7),
      '/' || (array['', 'blog', 'pricing', 'about', 'contact', 'date-checker'])[g % 6 + 1]
        || '/p' || (g % 40) || case when g % 4 = 0 then '?utm_source=x' || g % 3 else '' end,
      case when g % 2 = 0 then 'https://search.example/' end,
      now() - (g::float8 / ${EVENTS}) * interval '90 days'
        + (g % 20) * interval '1 minute'
    from generate_series(${from}::int, ${Math.min(EVENTS, from + 19_999)}::int) g`);
  }
  await run(sql`insert into voip_numbers (user_id, phone_number, api_link_enc, api_host, is_active)
    select (${ownerIds}::uuid[])[g % 100 + 1], (3000000000 + g)::text, 'v1:unused',
      'provider.example', false
    from generate_series(1, ${NUMBERS}) g`);
  const numberIds = (
    await run<{ id: string }>(sql`select id from voip_numbers order by phone_number`)
  ).map((r) => r.id);
  const CHUNK = 40; // 20,000 messages a statement
  for (let i = 0; i < numberIds.length; i += CHUNK) {
    const ids = `{${numberIds.slice(i, i + CHUNK).join(',')}}`;
    await run(sql`insert into messages (voip_number_id, sender, content, code, received_at,
        dedupe_key, created_at)
      select n.id, 'Service', 'Your verification code is ' || (100000 + g), (100000 + g)::text,
        now() - (g * 10369 % 86400) * interval '1 minute',
        'k' || g, now() - (g * 10369 % 86400) * interval '1 minute'
      from unnest(${ids}::uuid[]) n(id), generate_series(1, ${MESSAGES_PER_NUMBER}) g`);
  }
  await run(sql`insert into blog_posts (title, slug, excerpt, content, category, published,
      view_count, like_count)
    select 'Post ' || g, 'post-' || g, 'Excerpt', 'Content',
      (array['General', 'Security', 'Technical', 'Industry', 'Strategy', 'Business'])[g % 6 + 1],
      g % 5 <> 0, g * 37 % 1000, g % 9
    from generate_series(1, 30) g`);
  const seedMs = performance.now() - t0;
  await run(sql`vacuum analyze`);

  const mailer = createConsoleMailer({ print: false });
  app = await buildApp({
    config,
    database,
    mailer,
    secret: SECRET,
    tuning: { analyticsRateLimits: { perIpPerMinute: 10_000_000 } },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const email = `bench-analytics-${Date.now()}@example.com`;
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
  const [me] = await run<{ id: string }>(sql`select id from users where email = ${email}`);
  await run(sql`insert into admin_users (user_id, role) values (${me!.id}, 'super_admin')`);
  // Real encrypted links: the list decrypts each card's link.
  const cipher = createCipher(SECRET);
  const links = Array.from({ length: OWN_NUMBERS }, (_, i) =>
    cipher.encrypt(`http://provider.example/p/${i}?key=k${i}`),
  );
  await run(sql`insert into voip_numbers (user_id, phone_number, api_link_enc, api_host, is_active)
    select ${me!.id}, (5000000000 + g)::text, (${`{${links.join(',')}}`}::text[])[g], 'provider.example', false
    from generate_series(1, ${OWN_NUMBERS}::int) g`);
  // The fault: numbers the poller keeps polling on a refused port and a hung host, all run long.
  for (let i = 0; i < 2 * FAULTY_NUMBERS; i++) {
    const host = i % 2 ? hung.hostPort : refused;
    await run(sql`insert into voip_numbers (user_id, phone_number, api_link_enc, api_host)
      values (${owners[0]!.id}, ${String(4000000000 + i)},
        ${cipher.encrypt(`http://${host}/p/${i}?key=k${i}`)}, ${host})`);
  }
  await run(sql`analyze voip_numbers`);

  const counts = (
    await run<{ events: number; messages: number; counted: number; in90: number }>(sql`select
      (select count(*) from analytics_events)::int as events,
      (select count(*) from analytics_events where created_at >= now() - interval '90 days')::int
        as in90,
      (select count(*) from messages)::int as messages,
      (select sum(total) from message_daily_counts)::int as counted`)
  )[0]!;

  // ---- Measure, with the poller running into the faulty hosts ----
  app.poller.start();

  // ---- Part 1: dashboard and analytics ----
  const headers = { cookie };
  const groups: Record<string, string> = {
    'dashboard users': '/v1/admin/dashboard/users',
    'dashboard blog': '/v1/admin/dashboard/blog',
    'dashboard activity': '/v1/admin/dashboard/activity',
    'analytics 1d': '/v1/admin/analytics?range=1d&utcOffset=120',
    'analytics 7d': '/v1/admin/analytics?range=7d&utcOffset=120',
    'analytics 30d': '/v1/admin/analytics?range=30d&utcOffset=120',
    'analytics 90d': '/v1/admin/analytics?range=90d&utcOffset=120',
    'analytics 90d, type page_view': '/v1/admin/analytics?range=90d&type=page_view',
  };
  const totals: Record<string, number> = {};
  for (const [g, p] of Object.entries(groups)) {
    const r = await fetch(base + p, { headers });
    if (r.status !== 200) throw new Error(`${p}: ${r.status} ${await r.text()}`);
    const body = (await r.json()) as { totals?: { events: number } };
    if (body.totals) totals[g] = body.totals.events;
  }
  // One at a time: the service time of each query, with no queue in front of it.
  const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 10);
  const sequential: Record<string, { p50: number; max: number }> = {};
  for (const [g, p] of Object.entries(groups)) {
    const times: number[] = [];
    for (let i = 0; i < SEQUENTIAL; i++) {
      const t = performance.now();
      const r = await fetch(base + p, { headers });
      await r.arrayBuffer();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    sequential[g] = {
      p50: Math.round(times[Math.floor((times.length - 1) / 2)]!),
      max: Math.round(times.at(-1)!),
    };
  }
  const measure = (paths: string[], rate = RATE, seconds = SECONDS) =>
    paced({ url: base + paths[0]!, paths, headers, rate, seconds });
  await measure(Object.values(groups), RATE, 4); // warm the pool and the caches
  const baseline = await measure(['/v1/me']);
  const results: Record<string, PacedResult> = {};
  for (const [g, p] of Object.entries(groups)) results[g] = await measure([p]);

  // ---- Part 2: events at 1,000 req/s against GET /v1/numbers ----
  const list = ['/v1/numbers?limit=50'];
  const bodies: string[] = [];
  for (let i = 0; i < 500; i++) {
    if (i % 50 === 7) {
      // Oversize: 12 KB of data (the route takes 8 KB) → 413.
      bodies.push(
        JSON.stringify({
          type: 'page_view',
          sessionId: `bench_${i}_session`,
          pageUrl: '/blog',
          data: { blob: 'x'.repeat(12_000) },
        }),
      );
    } else if (i % 50 === 31) {
      bodies.push(
        JSON.stringify({ type: 'made_up', sessionId: `bench_${i}_session`, pageUrl: '/' }),
      );
    } else {
      bodies.push(
        JSON.stringify({
          type: 'page_view',
          sessionId: `bench_${i % 97}_session`,
          pageUrl: `http://127.0.0.1/blog/p${i % 40}?ref=${i % 3}`,
          referrer: 'https://search.example/',
          data: { i },
        }),
      );
    }
  }
  const accepted = bodies.filter((b) => !b.includes('made_up') && b.length < 8192).length;
  const before = (
    await run<{ n: number }>(sql`select count(*)::int as n from analytics_events`)
  )[0]!.n;
  await measure(list, LIST_RATE, 3); // warm
  const alone = await measure(list, LIST_RATE, LOAD_SECONDS);
  const [withEvents, events] = await Promise.all([
    measure(list, LIST_RATE, LOAD_SECONDS),
    paced({
      url: `${base}/v1/analytics/events`,
      headers: {},
      bodies,
      rate: EVENT_RATE,
      seconds: LOAD_SECONDS,
      okStatuses: [202, 400, 413],
    }),
  ]);
  const aloneAgain = await measure(list, LIST_RATE, LOAD_SECONDS);
  await app.analytics.flush();
  const after = (await run<{ n: number }>(sql`select count(*)::int as n from analytics_events`))[0]!
    .n;
  // Warm-up requests (1 s) were sent too: every 202 of the run and of the warm-up is stored.
  const answered202 = events.statuses?.['202'] ?? 0;

  console.log(
    `\nbench/analytics — postgres, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const pollerStats = app.poller.stats();
  await app.poller.stop();
  console.log(
    `fault, all run long: poller over ${FAULTY_NUMBERS} numbers on a refused port and ${FAULTY_NUMBERS} on a hung host; polls ${pollerStats.polls}, paused hosts ${JSON.stringify(pollerStats.pausedHosts)}`,
  );
  console.log(
    `seeded ${counts.events} events (${counts.in90} in the last 90 days), ${counts.messages} messages (daily counts: ${counts.counted}) in ${(seedMs / 1000).toFixed(1)} s`,
  );
  const row = (r: PacedResult) => ({
    p50: r.p50,
    p99: r.p99,
    rps: r.rps,
    failed: r.failed,
    'p99 / baseline': Number((r.p99 / Math.max(1, baseline.p99)).toFixed(1)),
  });
  console.log(`\npart 1a: one request at a time, ${SEQUENTIAL} each (ms)`);
  console.table(sequential);
  console.log(`\npart 1b: ${RATE} req/s open loop, ${SECONDS} s per row`);
  console.table({
    'baseline GET /v1/me': row(baseline),
    ...Object.fromEntries(Object.entries(results).map(([g, r]) => [g, row(r)])),
  });
  console.log(`events counted per query: ${JSON.stringify(totals)}`);
  const worst = Object.entries(results).sort((a, b) => b[1].p99 - a[1].p99)[0]!;
  console.log(
    `worst p99: ${worst[1].p99} ms (${worst[0]}); target < ${TARGET_P99_MS} ms: ${worst[1].p99 < TARGET_P99_MS ? 'met' : 'NOT met'}`,
  );

  console.log(
    `\npart 2: GET /v1/numbers at ${LIST_RATE} req/s, ${LOAD_SECONDS} s; events at ${EVENT_RATE} req/s (1 in 50 oversize → 413, 1 in 50 unknown type → 400)`,
  );
  const lrow = (r: PacedResult) => ({ p50: r.p50, p99: r.p99, rps: r.rps, failed: r.failed });
  console.table({
    'GET /v1/numbers alone': lrow(alone),
    'GET /v1/numbers with events': lrow(withEvents),
    'GET /v1/numbers alone (again)': lrow(aloneAgain),
    'POST /v1/analytics/events': lrow(events),
  });
  const aloneP50 = Math.max(1, (alone.p50 + aloneAgain.p50) / 2);
  const aloneP99 = Math.max(1, (alone.p99 + aloneAgain.p99) / 2);
  console.log(
    `list with events / alone (mean of both alone runs): p50 ${(withEvents.p50 / aloneP50).toFixed(2)}, p99 ${(withEvents.p99 / aloneP99).toFixed(2)}`,
  );
  console.log(`event statuses: ${JSON.stringify(events.statuses)}; valid bodies ${accepted}/500`);
  console.log(
    `events stored during part 2: ${after - before} (202 answers counted: ${answered202}, plus the 1 s warm-up's); recorder pending ${app.analytics.pending()}`,
  );
} finally {
  await app?.close();
  await database?.close();
  await hung.close();
  await benchDb.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

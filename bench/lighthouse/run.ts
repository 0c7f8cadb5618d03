/**
 * Lighthouse (mobile, default simulated throttling) on the public pages of the production build,
 * including the ones rendered on the server with their data (ADR 0019), in the light and the dark
 * theme.
 *
 *   npm run build:client && npx tsx bench/lighthouse/run.ts
 *
 * The app is `buildApp` (NODE_ENV=production, no poller: main.ts starts it) on a fresh PGlite
 * database in a temp dir, serving dist/client on 127.0.0.1. Before measuring, data is seeded
 * through the app's own API (`app.inject` with sessions made by the sign-in code flow): a user
 * with 3 numbers (links on a closed 127.0.0.1 port; nothing polls them), 10 messages with codes
 * each (inserted as the poller stores them), a public page of the 3 numbers and a single endpoint
 * of one; an editor with 2 published posts. Chromium (CHROME_PATH, default /usr/bin/chromium) is
 * started here for each theme, headless, with a fresh profile and every hostname except
 * 127.0.0.1 mapped to "not found" (`--host-resolver-rules`), so nothing leaves the machine; the
 * dark pass adds `--blink-settings=preferredColorScheme=0` (prefers-color-scheme: dark).
 * Lighthouse attaches to its DevTools port. Each page runs BENCH_RUNS times (default 3); the run
 * with the median performance score is reported: scores, FCP/LCP/TBT/CLS, the performance score
 * as a ratio to the landing page's in the same run and theme (the baseline: the machine is
 * shared and noisy), failing accessibility audits and the performance audits that cost points.
 *
 * BENCH_PAGES (comma-separated paths; default `/,/auth,/date-checker,/about,/api/:page,
 * /single/:single,/blog,/blog/:post`) picks the pages; `/api/:page`, `/single/:single` and
 * `/blog/:post` are the seeded public page, single endpoint and first post. `/` is measured
 * first in each theme even if not listed (the baseline). BENCH_THEMES (default `light,dark`).
 * BENCH_LANGS (default `en`; e.g. `en,zh`): each theme is measured in each language, Chromium
 * started with that language (`--lang`, `--accept-lang`), so pages come in it.
 * BENCH_CLIENT_DIR serves another build (default dist/client), e.g. a copy of an earlier one to
 * compare; BENCH_SAVE_DIR writes each page's reported run there as Lighthouse JSON
 * (<page>-<theme>.json), to read in detail.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { type Result } from 'lighthouse';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openPglite } from '../../src/server/db/client.ts';
import { isLocale, LOCALE_TAGS, LOCALES, type Locale } from '../../src/shared/i18n/locales.ts';
import { ALL_PERMISSIONS } from '../../src/shared/admin-access.ts';
import { adminUsers, messages, users } from '../../src/server/db/schema.ts';
import { createConsoleMailer } from '../../src/server/mail/mailer.ts';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const clientDir = path.resolve(root, process.env.BENCH_CLIENT_DIR || 'dist/client');
const runs = Math.max(1, Number(process.env.BENCH_RUNS || 3));
const pageList = (
  process.env.BENCH_PAGES ||
  '/,/auth,/date-checker,/about,/api/:page,/single/:single,/blog,/blog/:post'
)
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
// The landing page is the baseline of each theme: measured first, listed or not.
const pages = ['/', ...pageList.filter((p) => p !== '/')];
const themes = (process.env.BENCH_THEMES || 'light,dark')
  .split(',')
  .map((t) => t.trim())
  .filter(Boolean);
for (const theme of themes) {
  if (theme !== 'light' && theme !== 'dark') {
    console.error(`bench/lighthouse: unknown theme ${theme} in BENCH_THEMES (light, dark).`);
    process.exit(1);
  }
}
// The languages (ADR 0020): Chromium started with `--lang` and `--accept-lang`, so the server
// sends each page in it (Accept-Language) and the island loads its catalogue.
const langs = (process.env.BENCH_LANGS || 'en')
  .split(',')
  .map((l) => l.trim())
  .filter(Boolean);
for (const lang of langs) {
  if (!isLocale(lang)) {
    console.error(
      `bench/lighthouse: unknown language ${lang} in BENCH_LANGS (${LOCALES.join(', ')}).`,
    );
    process.exit(1);
  }
}
/** Each theme in each language; named `light`, or `light/zh` when more than English is measured. */
const variants = themes.flatMap((theme) =>
  langs.map((lang) => ({
    theme,
    lang: lang as Locale,
    name: langs.length === 1 && lang === 'en' ? theme : `${theme}/${lang}`,
  })),
);
const saveDir = process.env.BENCH_SAVE_DIR;

if (!fs.existsSync(path.join(clientDir, 'index.html'))) {
  console.error('bench/lighthouse: dist/client not found; run `npm run build:client` first.');
  process.exit(1);
}
if (!fs.existsSync(chromiumPath)) {
  console.error(`bench/lighthouse: no Chromium at ${chromiumPath} (set CHROME_PATH).`);
  process.exit(1);
}

// Hard stop: whatever happens, the bench ends (about 30 s per Lighthouse run on 2 busy cores;
// 60 s for the start and the seeding, 30 s per Chromium started).
const deadline = setTimeout(
  () => {
    console.error('bench/lighthouse: took too long, giving up');
    process.exit(1);
  },
  (pages.length * runs * variants.length * 90 + variants.length * 30 + 60) * 1000,
);
deadline.unref();

const secret = 'bench-secret-key-that-is-long-enough-0123456789';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'voip-bench-lighthouse-'));
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  SECRET_KEY: secret,
  DATA_DIR: tmp,
  HOST: '127.0.0.1',
  PORT: '0',
});
const mailer = createConsoleMailer({ print: false });
const database = await openPglite(path.join(tmp, 'pglite'));
const app = await buildApp({
  config,
  database,
  mailer,
  secret,
  clientDir,
});
await app.listen({ host: '127.0.0.1', port: 0 });
const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/** A session made as a person signs in: a code by mail, then verified. */
async function signIn(email: string) {
  const sent = await app.inject({ method: 'POST', url: '/v1/auth/code', payload: { email } });
  if (sent.statusCode !== 200) throw new Error(`code send failed: ${sent.body}`);
  const mail = mailer.outbox!(email)[0];
  const code = mail && /code is (\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no sign-in code mailed to ${email}`);
  const res = await app.inject({
    method: 'POST',
    url: '/v1/auth/verify',
    payload: { email, code },
  });
  if (res.statusCode !== 200) throw new Error(`verify failed: ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'vm_session');
  if (!cookie) throw new Error('no session cookie');
  return `vm_session=${cookie.value}`;
}

async function api<T>(cookie: string, url: string, payload: object): Promise<T> {
  const res = await app.inject({ method: 'POST', url, headers: { cookie }, payload });
  if (res.statusCode !== 201 && res.statusCode !== 200) {
    throw new Error(`POST ${url}: ${res.statusCode} ${res.body}`);
  }
  return res.json<T>();
}

const SENDERS = ['Google', 'Microsoft', 'Telegram', 'WhatsApp', 'PayPal', '32665', 'Amazon'];

/** The data of the pages rendered on the server; returns what the placeholders stand for. */
async function seed(): Promise<Record<string, string>> {
  const owner = await signIn('owner@example.com');
  const ids: string[] = [];
  for (const [i, phoneNumber] of ['2025550143', '3125550178', '4155550199'].entries()) {
    const number = await api<{ id: string }>(owner, '/v1/numbers', {
      phoneNumber,
      // Nothing polls in this app (no poller started); a closed loopback port all the same.
      apiLink: `http://127.0.0.1:9/api/sms?key=bench-${i}`,
    });
    ids.push(number.id);
  }
  // Messages as the poller stores them: 10 per number, a code in each, over the last 3 hours.
  const now = Date.now();
  await database.db.insert(messages).values(
    ids.flatMap((id, n) =>
      Array.from({ length: 10 }, (_, i) => {
        const code = String(100000 + (((n * 10 + i) * 7919) % 900000));
        const sender = SENDERS[(n + i) % SENDERS.length]!;
        return {
          voipNumberId: id,
          sender,
          content: `${code} is your ${sender} verification code. Do not share it with anyone.`,
          code,
          receivedAt: new Date(now - (i * 17 + n * 3 + 1) * 60_000),
          dedupeKey: `bench-${n}-${i}`,
        };
      }),
    ),
  );
  const page = await api<{ hash: string }>(owner, '/v1/pages', {
    name: 'Support team numbers',
    numberIds: ids,
  });
  const single = await api<{ hash: string }>(owner, '/v1/single-endpoints', { numberId: ids[0] });

  // An editor (the administrator record written as an admin makes one) and 2 published posts.
  const editorEmail = 'editor@example.com';
  const [editor] = await database.db
    .insert(users)
    .values({ email: editorEmail, emailVerified: true })
    .returning({ id: users.id });
  await database.db
    .insert(adminUsers)
    .values({ userId: editor!.id, role: 'editor', permissions: ALL_PERMISSIONS });
  const editorCookie = await signIn(editorEmail);
  const paragraph =
    'A verification code is only as safe as the number that receives it. Keep the numbers ' +
    'your team shares in one place, see every code as it lands, and share read-only pages ' +
    'instead of passwords.';
  const posts = [
    { slug: 'sharing-numbers-safely', title: 'Sharing numbers safely', category: 'Security' },
    { slug: 'polling-sms-providers', title: 'How we poll SMS providers', category: 'Technical' },
  ];
  for (const [i, p] of posts.entries()) {
    await api(editorCookie, '/v1/admin/posts', {
      ...p,
      excerpt: `${p.title}: what we learned running shared VOIP numbers.`,
      content: `# ${p.title}\n\n${paragraph}\n\n## Why it matters\n\n${paragraph}\n\n- One list\n- One page to share\n- No passwords\n\n${paragraph}`,
      featured: i === 0,
      published: true,
    });
  }
  return { page: page.hash, single: single.hash, post: posts[0]!.slug };
}

/** Chromium for one theme, headless, fresh profile; its DevTools port. */
async function startChrome(theme: string, lang: Locale) {
  const chrome = spawn(
    chromiumPath,
    [
      '--headless',
      ...chromiumArgs,
      '--no-default-browser-check',
      '--disable-extensions',
      '--disable-default-apps',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ...(theme === 'dark' ? ['--blink-settings=preferredColorScheme=0'] : []),
      `--lang=${LOCALE_TAGS[lang]}`,
      `--accept-lang=${LOCALE_TAGS[lang]}`,
      `--user-data-dir=${path.join(tmp, `chromium-${theme}`)}`,
      '--remote-debugging-address=127.0.0.1',
      '--remote-debugging-port=0',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let err = '';
    chrome.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const m = /DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(err);
      if (m) resolve(Number(m[1]));
    });
    chrome.on('exit', (code) => reject(new Error(`chromium exited (${code}): ${err}`)));
  });
  return { chrome, port };
}

async function stopChrome(chrome: ReturnType<typeof spawn>) {
  if (chrome.exitCode !== null || chrome.signalCode !== null) return;
  const exited = new Promise((resolve) => chrome.once('exit', resolve));
  chrome.kill('SIGKILL');
  await exited;
}

type Row = {
  page: string;
  perf: number;
  a11y: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  lhr: Result;
};

const score = (lhr: Result, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const metric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN;

async function audit(page: string, url: string, port: number, attempt = 1): Promise<Row> {
  const result = await lighthouse(`${appUrl}${url}`, {
    port,
    hostname: '127.0.0.1',
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`no Lighthouse result for ${page}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    // A trace Chromium failed to record (NO_NAVSTART, NO_FCP on a busy machine) says nothing about
    // the page: try again, twice at most.
    if (attempt < 3) {
      console.log(`  ${page}: ${lhr.runtimeError.code}, running again`);
      return audit(page, url, port, attempt + 1);
    }
    throw new Error(`${page}: ${lhr.runtimeError.message}`);
  }
  return {
    page,
    perf: score(lhr, 'performance'),
    a11y: score(lhr, 'accessibility'),
    fcp: metric(lhr, 'first-contentful-paint'),
    lcp: metric(lhr, 'largest-contentful-paint'),
    tbt: metric(lhr, 'total-blocking-time'),
    cls: metric(lhr, 'cumulative-layout-shift'),
    lhr,
  };
}

/** Audits of a category that lost points (binary or numeric), with what Lighthouse says. */
function failing(lhr: Result, category: string): string[] {
  const metrics = new Set(['first-contentful-paint', 'largest-contentful-paint', 'speed-index']);
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => !metrics.has(ref.id) && ref.group !== 'metrics')
    .map((ref) => lhr.audits[ref.id]!)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        !['notApplicable', 'manual', 'informative'].includes(a.scoreDisplayMode),
    )
    .map((a) => {
      const items = (a.details as { items?: unknown[] } | undefined)?.items?.length;
      const value = a.displayValue ? ` (${a.displayValue})` : items ? ` (${items} items)` : '';
      const nodes =
        category === 'accessibility'
          ? ((a.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? [])
              .slice(0, 5)
              .map((item) => `\n          ${item.node?.snippet ?? ''}`)
              .join('')
          : '';
      return `${a.id}: ${a.title}${value}${nodes}`;
    });
}

const placeholders = await seed().catch(async (err: unknown) => {
  await app.close();
  await database.close();
  fs.rmSync(tmp, { recursive: true, force: true });
  throw err;
});
/** A page's path, its placeholder (`:page`, `:single`, `:post`) replaced by what was seeded. */
function resolve(page: string) {
  return page.replace(/:(\w+)/g, (whole, name: string) => {
    const value = placeholders[name];
    if (!value) throw new Error(`bench/lighthouse: unknown placeholder ${whole} in ${page}`);
    return value;
  });
}
const urls = new Map(pages.map((p) => [p, resolve(p)]));

const pad = (s: string | number, n: number) => String(s).padStart(n);
const width = Math.max(14, ...pages.map((p) => p.length));
const report: { theme: string; rows: Row[] }[] = [];
let chrome: ReturnType<typeof spawn> | undefined;
try {
  for (const { theme, lang, name } of variants) {
    const started = await startChrome(theme, lang);
    chrome = started.chrome;
    const { port } = started;
    if (report.length === 0) {
      const v = await fetch(`http://127.0.0.1:${port}/json/version`).then((r) => r.json());
      console.log(
        `bench/lighthouse: ${appUrl}, ${(v as { Browser: string }).Browser}, Lighthouse mobile ` +
          `defaults (simulated throttling), ${runs} run(s) per page, median by performance score; ` +
          `themes ${themes.join(', ')}, languages ${langs.join(', ')}`,
      );
      for (const [page, url] of urls) if (page !== url) console.log(`  ${page} = ${url}`);
    }
    console.log(`\n${name}:`);
    const rows: Row[] = [];
    for (const page of pages) {
      const tries: Row[] = [];
      for (let i = 0; i < runs; i++) {
        const row = await audit(page, urls.get(page)!, port);
        tries.push(row);
        console.log(`  ${page} run ${i + 1}: performance ${row.perf}, accessibility ${row.a11y}`);
      }
      tries.sort((a, b) => a.perf - b.perf);
      const median = tries[Math.floor(tries.length / 2)]!;
      rows.push(median);
      if (saveDir) {
        fs.mkdirSync(saveDir, { recursive: true });
        const slug = page === '/' ? 'index' : page.replace(/^\//, '').replace(/\W+/g, '-');
        const file = `${slug}-${name.replace('/', '-')}.json`;
        fs.writeFileSync(path.join(saveDir, file), JSON.stringify(median.lhr));
      }
    }
    report.push({ theme: name, rows });
    await stopChrome(chrome);
    chrome = undefined;
  }

  console.log(
    `\n${'page'.padEnd(width)} ${'theme'.padEnd(8)} ${pad('perf', 5)} ${pad('÷ /', 5)} ${pad('a11y', 5)} ${pad('FCP ms', 7)} ${pad('LCP ms', 7)} ${pad('TBT ms', 7)} ${pad('CLS', 6)}`,
  );
  for (const { theme, rows } of report) {
    const baseline = rows.find((r) => r.page === '/')!.perf;
    for (const r of rows) {
      const ratio = baseline > 0 ? (r.perf / baseline).toFixed(2) : '—';
      console.log(
        `${r.page.padEnd(width)} ${theme.padEnd(8)} ${pad(r.perf, 5)} ${pad(ratio, 5)} ${pad(r.a11y, 5)} ${pad(Math.round(r.fcp), 7)} ${pad(Math.round(r.lcp), 7)} ${pad(Math.round(r.tbt), 7)} ${pad(r.cls.toFixed(3), 6)}`,
      );
    }
  }
  for (const { theme, rows } of report) {
    for (const r of rows) {
      const a11y = failing(r.lhr, 'accessibility');
      const perf = failing(r.lhr, 'performance');
      if (!a11y.length && !perf.length) continue;
      console.log(`\n${r.page} (${theme})`);
      for (const line of a11y) console.log(`  a11y  ${line}`);
      for (const line of perf) console.log(`  perf  ${line}`);
    }
  }
} finally {
  if (chrome) await stopChrome(chrome);
  await app.close();
  await database.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}

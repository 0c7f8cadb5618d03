/**
 * Gzipped size of the JavaScript each public page loads: every <script type="module" src> and
 * <link rel="modulepreload" href> in its pre-rendered HTML (dist/client/pages/<page>.html, what
 * the server sends for that path, listed in dist/client/pages.json; dist/client/index.html for the
 * landing page in a build without them), each gzipped (level 9) with zlib. Then the SPA shell
 * (dashboard and other paths) for reference, and a summary table. The landing page has a target
 * (< 90 KiB); issue 12's Lighthouse target needs /auth and /date-checker small too.
 * `BENCH_CLIENT_DIR` measures another build (default dist/client), e.g. a copy of an earlier one.
 *
 *   npm run build:client && npx tsx bench/bundle/run.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const clientDir = path.resolve(root, process.env.BENCH_CLIENT_DIR || 'dist/client');
if (!fs.existsSync(path.join(clientDir, 'index.html'))) {
  console.error(
    'bench/bundle: dist/client/index.html not found; run `npm run build:client` first.',
  );
  process.exit(1);
}

const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*["']?([^"'\\s>]+)`, 'i').exec(tag)?.[1];

function measure(label: string, htmlPath: string) {
  const html = fs.readFileSync(htmlPath, 'utf8');
  console.log(`bench/bundle: ${label}, ${path.relative(root, htmlPath)}`);
  const files = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    if (src && attr(tag, 'type') === 'module') files.add(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attr(tag, 'href');
    if (href && attr(tag, 'rel') === 'modulepreload') files.add(href);
  }
  let raw = 0;
  let gz = 0;
  for (const url of files) {
    if (/^[a-z]+:|^\/\//i.test(url)) throw new Error(`external script ${url}`);
    const buf = fs.readFileSync(path.join(clientDir, url.replace(/^\//, '')));
    const size = zlib.gzipSync(buf, { level: 9 }).length;
    raw += buf.length;
    gz += size;
    console.log(
      `  ${url.padEnd(48)} ${(buf.length / 1024).toFixed(1).padStart(8)} KiB  ${(size / 1024).toFixed(1).padStart(7)} KiB gz`,
    );
  }
  console.log(
    `${label} JS: ${files.size} files, ${(raw / 1024).toFixed(1)} KiB raw, ${(gz / 1024).toFixed(1)} KiB gzipped`,
  );
  return { label, files: files.size, raw, gz };
}

const listPath = path.join(clientDir, 'pages.json');
/** path → file, or path → { locale → file } (one pre-rendered file per language, ADR 0020). */
const pages: Record<string, string | Record<string, string>> = fs.existsSync(listPath)
  ? (JSON.parse(fs.readFileSync(listPath, 'utf8')) as Record<string, Record<string, string>>)
  : { '/': 'index.html' };
const rows = Object.entries(pages).flatMap(([page, files]) =>
  Object.entries(typeof files === 'string' ? { en: files } : files).map(([locale, file]) =>
    measure(`${page === '/' ? 'landing page' : page} (${locale})`, path.join(clientDir, file)),
  ),
);
rows.push(measure('SPA shell (dashboard, other paths)', path.join(clientDir, 'index.html')));

const kib = (n: number) => (n / 1024).toFixed(1).padStart(8);
console.log(
  `\n${'page'.padEnd(36)} ${'files'.padStart(5)} ${'KiB raw'.padStart(8)} ${'KiB gz'.padStart(8)}`,
);
for (const r of rows) {
  console.log(`${r.label.padEnd(36)} ${String(r.files).padStart(5)} ${kib(r.raw)} ${kib(r.gz)}`);
}

// Each language against English, page by page: the catalogue's chunks are all that differs.
const byPage = new Map<string, Map<string, number>>();
for (const r of rows) {
  const m = /^(.*) \(([a-z]{2})\)$/.exec(r.label);
  if (!m) continue;
  if (!byPage.has(m[1]!)) byPage.set(m[1]!, new Map());
  byPage.get(m[1]!)!.set(m[2]!, r.gz);
}
const locales = [...new Set([...byPage.values()].flatMap((m) => [...m.keys()]))];
if (locales.length > 1) {
  console.log(
    `\n${'page: KiB gz, each language − English'.padEnd(36)} ${locales.map((l) => l.padStart(14)).join('')}`,
  );
  for (const [page, sizes] of byPage) {
    const en = sizes.get('en') ?? 0;
    const cells = locales.map((l) => {
      const gz = sizes.get(l);
      if (gz === undefined) return '—'.padStart(14);
      const diff =
        l === 'en' ? '' : ` ${gz - en >= 0 ? '+' : '−'}${(Math.abs(gz - en) / 1024).toFixed(1)}`;
      return `${(gz / 1024).toFixed(1)}${diff}`.padStart(14);
    });
    console.log(`${page.padEnd(36)} ${cells.join('')}`);
  }
}

/**
 * Gzipped size of the JavaScript a public page loads: every <script type="module" src> and
 * <link rel="modulepreload" href> in its pre-rendered HTML (dist/client/pages/<page>.html, what
 * the server sends for that path; dist/client/index.html in a build without it), each gzipped
 * (level 9) with zlib. The landing page is the one with a target (< 90 KiB); /auth, which hydrates
 * the React app, is printed for reference.
 *
 *   npm run build:client && npx tsx bench/bundle/run.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const clientDir = path.join(root, 'dist/client');
if (!fs.existsSync(path.join(clientDir, 'index.html'))) {
  console.error(
    'bench/bundle: dist/client/index.html not found; run `npm run build:client` first.',
  );
  process.exit(1);
}

const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*["']?([^"'\\s>]+)`, 'i').exec(tag)?.[1];

function measure(label: string, page: string) {
  const prerendered = path.join(clientDir, 'pages', page);
  const htmlPath = fs.existsSync(prerendered) ? prerendered : path.join(clientDir, 'index.html');
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
}

measure('landing page', 'index.html');
measure('/auth (hydrates the app, for reference)', 'auth.html');

/**
 * Pre-renders the public pages to HTML after `vite build` (`npm run build:client` runs both), so
 * their first paint needs no JavaScript. For each page: React Router's static handler matches the
 * path (loading lazy routes), react-dom/server renders the same tree main.tsx renders, and the
 * result goes into a copy of dist/client/index.html with the page's <title> and `data-prerendered`
 * on #root. Most pages then load an island (a Vite entry of its own, ADR 0011) instead of the app:
 * src/client/islands/static-page.ts (no React) for the pages without a form, sign-in.tsx for
 * /auth and date-checker.tsx for /date-checker (React islands: only the form's component,
 * hydrated in its `data-island-root` element), each with modulepreload links for its imports.
 * /contact keeps the app's script, with modulepreload links for its route chunks, and hydrates
 * the app. Output: dist/client/pages/<name>.html and dist/client/pages.json ({ path: file }), which
 * the server's static plugin serves for those paths. Data (the landing page's live counts, the
 * session) is not known at build time: those parts render their loading state, which the client
 * fills in.
 *
 *   npx tsx scripts/prerender.tsx
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { App } from '../src/client/app/app.tsx';
import { routes } from '../src/client/app/router.tsx';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = path.join(root, 'dist/client');
const SITE = 'VOIP Manager';

const STATIC_ISLAND = 'src/client/islands/static-page.ts';
/** React islands: hydrate the page's `data-island-root` element, nothing else. */
const REACT_ISLANDS = new Set([
  'src/client/islands/sign-in.tsx',
  'src/client/islands/date-checker.tsx',
]);

/**
 * Public pages: path, document title (as the page's useDocumentTitle sets it), and either `island`
 * (the Vite entry the HTML loads instead of the app) or the route modules to preload for hydrating
 * the app.
 */
type Page = { path: string; title: string } & ({ island: string } | { modules: string[] });
const pages: Page[] = [
  { path: '/', title: 'Verification codes from every virtual number', island: STATIC_ISLAND },
  { path: '/about', title: 'About', island: STATIC_ISLAND },
  { path: '/privacy', title: 'Privacy Policy', island: STATIC_ISLAND },
  { path: '/terms', title: 'Terms of Service', island: STATIC_ISLAND },
  { path: '/contact', title: 'Contact', modules: ['src/client/app/routes/contact.tsx'] },
  {
    path: '/date-checker',
    title: 'Free Number Date Checker',
    island: 'src/client/islands/date-checker.tsx',
  },
  { path: '/auth', title: 'Sign in', island: 'src/client/islands/sign-in.tsx' },
];

type ManifestEntry = { file: string; imports?: string[]; isEntry?: boolean };
const manifest = JSON.parse(
  fs.readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8'),
) as Record<string, ManifestEntry>;
const APP_ENTRY = 'index.html';

/** Adds the file of manifest entry `key` and of everything it imports statically to `into`. */
const walk = (key: string, into: Set<string>) => {
  const entry = manifest[key];
  if (!entry) throw new Error(`prerender: ${key} is not in the Vite manifest`);
  if (into.has(entry.file)) return;
  into.add(entry.file);
  for (const imported of entry.imports ?? []) walk(imported, into);
};
const appFiles = new Set<string>();
walk(APP_ENTRY, appFiles);

/** The JS files a module needs (itself and its static imports), minus what the app entry loads. */
function chunksOf(modules: string[]): string[] {
  const files = new Set<string>();
  for (const m of modules) walk(m, files);
  return [...files].filter((f) => !appFiles.has(f));
}

const modulepreload = (f: string) => `    <link rel="modulepreload" crossorigin href="/${f}">\n`;

/**
 * A page with an island: the template's module script and preloads (the React app) replaced by the
 * island's script and preloads for its imports. The stylesheet stays.
 */
function withIsland(html: string, entry: string): string {
  const files = new Set<string>();
  walk(entry, files);
  const appEntryFile = manifest[APP_ENTRY]!.file;
  if (files.has(appEntryFile)) throw new Error(`prerender: ${entry} imports the app entry`);
  const [island, ...imports] = files;
  const stripped = html
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  if (stripped.includes('type="module"')) throw new Error('prerender: unexpected module script');
  return stripped.replace(
    '</head>',
    `  <script type="module" crossorigin src="/${island}"></script>\n${imports.map(modulepreload).join('')}  </head>`,
  );
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const template = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
if (!template.includes('<div id="root"></div>')) {
  throw new Error('prerender: dist/client/index.html has no empty <div id="root"></div>');
}

const handler = createStaticHandler(routes);
const outDir = path.join(clientDir, 'pages');
fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
const index: Record<string, string> = {};

for (const page of pages) {
  const context = await handler.query(new Request(`http://localhost${page.path}`));
  if (context instanceof Response) throw new Error(`prerender: ${page.path} redirected`);
  if (context.statusCode !== 200 || context.errors) {
    throw new Error(`prerender: ${page.path} answered ${context.statusCode}`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const body = renderToString(
    <App>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </App>,
  );
  if ('island' in page && REACT_ISLANDS.has(page.island)) {
    const roots = body.match(/data-island-root=""/g)?.length ?? 0;
    if (roots !== 1) throw new Error(`prerender: ${page.path} has ${roots} [data-island-root]`);
  }
  const preloads = 'island' in page ? '' : chunksOf(page.modules).map(modulepreload).join('');
  const html = ('island' in page ? withIsland(template, page.island) : template)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(`${page.title} · ${SITE}`)}</title>`)
    .replace('</head>', `${preloads}  </head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-prerendered="${escapeHtml(page.path)}">${body}</div>`,
    );
  const file = `${page.path === '/' ? 'index' : page.path.slice(1)}.html`;
  fs.writeFileSync(path.join(outDir, file), html);
  index[page.path] = `pages/${file}`;
}
fs.writeFileSync(path.join(clientDir, 'pages.json'), JSON.stringify(index, null, 2) + '\n');
console.log(`prerender: ${pages.length} pages → dist/client/pages/`);

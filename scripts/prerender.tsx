/**
 * Pre-renders the public pages to HTML after `vite build` (`npm run build:client` runs both), so
 * their first paint needs no JavaScript. For each page: React Router's static handler matches the
 * path (loading lazy routes), react-dom/server renders the same tree main.tsx renders, and the
 * result goes into a copy of dist/client/index.html with the page's <title> and `data-prerendered`
 * on #root. Most pages then load an island (a Vite entry of its own, ADR 0011) instead of the app:
 * src/client/islands/static-page.ts (no React) for the pages without a form, sign-in.tsx for
 * /auth and date-checker.tsx for /date-checker (React islands: only the form's component,
 * hydrated in its `data-island-root` element), share-page.tsx for the shared pages /api/{hash} and
 * /single/{hash} (one file per kind, its loading state, rendered afresh with the share's data),
 * each with modulepreload links for its imports.
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
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { App } from '../src/client/app/app.tsx';
import { PublicLayout } from '../src/client/app/layouts/public-layout.tsx';
import { routes } from '../src/client/app/router.tsx';
import { i18nFor, translate } from '../src/server/i18n.ts';
import { LOCALE_TAGS, LOCALES, type Locale } from '../src/shared/i18n/locales.ts';
import { APP_NAMESPACES, type MessageId } from '../src/shared/i18n/namespaces.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = path.join(root, 'dist/client');
const SITE = 'VOIP Manager';

const STATIC_ISLAND = 'src/client/islands/static-page.ts';
/** React islands: hydrate the page's `data-island-root` element, nothing else. */
const REACT_ISLANDS = new Set([
  'src/client/islands/sign-in.tsx',
  'src/client/islands/date-checker.tsx',
  'src/client/islands/blog-list.tsx',
  'src/client/islands/blog-post.tsx',
]);

/**
 * Public pages: path, document title (as the page's useDocumentTitle sets it; none: the site name
 * alone), and either `island` (the Vite entry the HTML loads instead of the app) or the route
 * modules to preload for hydrating the app. A `pattern` page is one file served for every path of
 * its pattern (the shared pages, one per hash: the server maps them, plugins/client.ts), rendered
 * from the sample path `path`; its island takes over the whole #root. A `frame` page is the public
 * layout (header, footer) around an empty `data-island-root` element that the server fills per
 * request with the page's content (the blog's pages: blog/blog-pages.ts, ADR 0019).
 */
type Page = {
  path: string;
  /** The document title's catalogue key (as the page's useDocumentTitle). */
  title?: MessageId;
  pattern?: string;
  /**
   * The server renders the page's content into it per request (ADR 0019): its scripts load with
   * `fetchpriority="low"`, after what the first paint needs, since the HTML already shows it all.
   */
  serverRendered?: true;
  frame?: true;
  /** The file's name in dist/client/pages (default: from the path). */
  file?: string;
} & ({ island: string } | { modules: string[] });
const pages: Page[] = [
  { path: '/', title: 'pages.landing.title', island: STATIC_ISLAND },
  { path: '/about', title: 'public.nav.about', island: STATIC_ISLAND },
  { path: '/privacy', title: 'pages.privacy.title', island: STATIC_ISLAND },
  { path: '/terms', title: 'pages.terms.title', island: STATIC_ISLAND },
  {
    path: '/contact',
    title: 'public.contact.pageTitle',
    modules: ['src/client/app/routes/contact.tsx'],
  },
  {
    path: '/date-checker',
    title: 'public.dateChecker.title',
    island: 'src/client/islands/date-checker.tsx',
  },
  { path: '/auth', title: 'public.signIn.pageTitle', island: 'src/client/islands/sign-in.tsx' },
  {
    path: '/api/_',
    pattern: '/api/*',
    island: 'src/client/islands/public-page.tsx',
    serverRendered: true,
  },
  {
    path: '/single/_',
    pattern: '/single/*',
    island: 'src/client/islands/single-endpoint.tsx',
    serverRendered: true,
  },
  {
    path: '/blog',
    title: 'public.blog.title',
    island: 'src/client/islands/blog-list.tsx',
    serverRendered: true,
    frame: true,
  },
  {
    path: '/blog/_',
    pattern: '/blog/*',
    file: 'blog-post',
    island: 'src/client/islands/blog-post.tsx',
    serverRendered: true,
    frame: true,
  },
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

const LOW = ' fetchpriority="low"';
const modulepreload = (f: string, low = false) =>
  `    <link rel="modulepreload"${low ? LOW : ''} crossorigin href="/${f}">\n`;

/**
 * A page with an island: the template's module script and preloads (the React app) replaced by the
 * island's script and preloads for its imports. The stylesheet stays.
 */
function withIsland(html: string, entry: string, low = false): string {
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
    `  <script type="module"${low ? LOW : ''} crossorigin src="/${island}"></script>\n${imports.map((f) => modulepreload(f, low)).join('')}  </head>`,
  );
}

/**
 * The catalogue chunks a page's script loads in `locale` before its first render (ADR 0020): the
 * app's namespaces; a React island's own messages (`virtual:island-catalog`, vite.config.ts); none
 * for the script-only pages.
 */
function catalogueChunks(page: Page, locale: Locale): string[] {
  const chunk = (key: string) => {
    const entry = manifest[key];
    if (!entry) throw new Error(`prerender: no catalogue chunk ${key}`);
    return entry.file;
  };
  if (!('island' in page))
    return APP_NAMESPACES.map((ns) => chunk(`src/shared/i18n/catalog/${locale}/${ns}.json`));
  if (page.island === STATIC_ISLAND) return [];
  return [chunk(`virtual:island-catalog/${locale}:${page.island}`)];
}

/** A frame page's empty element, which the server fills (blog/blog-pages.ts has the same string). */
const FRAME_SLOT = '<div data-island-root=""></div>';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const template = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
if (!template.includes('<div id="root"></div>')) {
  throw new Error('prerender: dist/client/index.html has no empty <div id="root"></div>');
}

const handler = createStaticHandler(routes);
/** The frame pages' tree: the public layout around the element the server fills. */
const frameRoutes: RouteObject[] = [
  { Component: PublicLayout, children: [{ path: '*', element: <div data-island-root="" /> }] },
];
const frameHandler = createStaticHandler(frameRoutes);
const outDir = path.join(clientDir, 'pages');
fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
const index: Record<string, Partial<Record<Locale, string>>> = {};

// Each page once per language (ADR 0020): the server sends the visitor's (plugins/client.ts).
for (const locale of LOCALES)
  for (const page of pages) {
    const pageHandler = page.frame ? frameHandler : handler;
    const context = await pageHandler.query(new Request(`http://localhost${page.path}`));
    if (context instanceof Response) throw new Error(`prerender: ${page.path} redirected`);
    if (context.statusCode !== 200 || context.errors) {
      throw new Error(`prerender: ${page.path} answered ${context.statusCode}`);
    }
    const router = createStaticRouter(pageHandler.dataRoutes, context);
    const body = renderToString(
      <App i18n={i18nFor(locale)}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </App>,
    );
    if ('island' in page && REACT_ISLANDS.has(page.island)) {
      const roots = body.match(/data-island-root=""/g)?.length ?? 0;
      if (roots !== 1) throw new Error(`prerender: ${page.path} has ${roots} [data-island-root]`);
    }
    if (page.frame && !body.includes(FRAME_SLOT)) {
      throw new Error(`prerender: ${page.path} has no empty ${FRAME_SLOT}`);
    }
    const preloads =
      ('island' in page
        ? ''
        : chunksOf(page.modules)
            .map((f) => modulepreload(f))
            .join('')) +
      catalogueChunks(page, locale)
        .map((f) => modulepreload(f, page.serverRendered))
        .join('');
    const title = page.title ? `${translate(locale, page.title)} · ${SITE}` : SITE;
    const key = page.pattern ?? page.path;
    const rootAttrs = page.pattern && !page.frame ? ' data-island-root=""' : '';
    const html = (
      'island' in page ? withIsland(template, page.island, page.serverRendered) : template
    )
      .replace(/<html lang="[^"]*"/, `<html lang="${LOCALE_TAGS[locale]}"`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace('</head>', `${preloads}  </head>`)
      .replace(
        '<div id="root"></div>',
        `<div id="root"${rootAttrs} data-prerendered="${escapeHtml(key)}">${body}</div>`,
      );
    const file = `${page.file ?? (key === '/' ? 'index' : key.slice(1).replace('/*', '-share'))}.${locale}.html`;
    fs.writeFileSync(path.join(outDir, file), html);
    (index[key] ??= {})[locale] = `pages/${file}`;
  }
fs.writeFileSync(path.join(clientDir, 'pages.json'), JSON.stringify(index, null, 2) + '\n');
console.log(`prerender: ${pages.length} pages × ${LOCALES.length} languages → dist/client/pages/`);

// The shared pages and the blog's are rendered per request with their data (ADR 0019): their
// views, bundled with React (production build) into one ES module the server imports. A dot
// folder: never served.
await build({
  configFile: false,
  root,
  logLevel: 'warn',
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/client/islands/pages.server.tsx',
    outDir: path.join(clientDir, '.ssr'),
    emptyOutDir: true,
    copyPublicDir: false,
    rollupOptions: { output: { entryFileNames: 'pages.js' } },
  },
});
console.log('prerender: the renderer of the server-rendered pages → dist/client/.ssr/pages.js');

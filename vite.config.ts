import fs from 'node:fs';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import path from 'node:path';
import { compileCatalog } from './src/shared/i18n/compile.ts';
import { keysIn, moduleGraph } from './src/shared/i18n/keys-used.ts';
import { LOCALES } from './src/shared/i18n/locales.ts';

const api = 'http://127.0.0.1:3000';
/** package.json's version: the one the server reports (System Information) and the app shows. */
const { version } = JSON.parse(
  fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
) as { version: string };

/**
 * The catalogue's JSON files reach the bundle compiled (ADR 0020): before Vite's JSON plugin makes
 * a module of one, its ICU messages become Lingui's runtime form, so no ICU parser ships.
 */
const catalogues: Plugin = {
  name: 'voip-manager:catalogues',
  enforce: 'pre',
  transform(code, id) {
    if (!/[\\/]src[\\/]shared[\\/]i18n[\\/]catalog[\\/][a-z]+[\\/][a-z]+\.json$/.test(id))
      return null;
    return {
      code: JSON.stringify(compileCatalog(JSON.parse(code) as Record<string, string>)),
      map: null,
    };
  },
};

const catalogDir = path.resolve('src/shared/i18n/catalog');
/** One language's messages for the browser, every namespace but the server's. */
const browserMessages = (locale: string): Record<string, string> =>
  Object.assign(
    {},
    ...fs
      .readdirSync(path.join(catalogDir, locale))
      .filter((f) => f.endsWith('.json') && f !== 'server.json')
      .map((f) => JSON.parse(fs.readFileSync(path.join(catalogDir, locale, f), 'utf8')) as object),
  ) as Record<string, string>;

/**
 * `virtual:island-catalog`, imported by an island's entry script (src/client/islands): for each
 * language, a lazy chunk of just the messages the island's modules use (src/shared/i18n/
 * keys-used.ts), compiled, instead of whole namespaces. The sign-in card needs a few dozen
 * messages, not the public site's hundreds.
 */
const ISLAND_CATALOG = 'virtual:island-catalog';
const islandCatalogs: Plugin = {
  name: 'voip-manager:island-catalogs',
  resolveId(id, importer) {
    if (!importer) return null;
    // The module for an entry (named by its path in the project, which the manifest shows), then
    // one per language (imported by the entry's module).
    if (id === ISLAND_CATALOG)
      return `\0${ISLAND_CATALOG}:${path.relative(process.cwd(), importer).replaceAll('\\', '/')}`;
    const lang = /^virtual:island-catalog\/([a-z]+)$/.exec(id)?.[1];
    if (lang && importer.startsWith(`\0${ISLAND_CATALOG}:`))
      return `\0${ISLAND_CATALOG}/${lang}:${importer.slice(ISLAND_CATALOG.length + 2)}`;
    return null;
  },
  load(id) {
    if (id.startsWith(`\0${ISLAND_CATALOG}:`)) {
      const loaders = LOCALES.map(
        (l) => `${l}: () => import('${ISLAND_CATALOG}/${l}').then((m) => m.default)`,
      );
      return `export default { ${loaders.join(', ')} };`;
    }
    const m = new RegExp(`^\\0${ISLAND_CATALOG}/([a-z]+):(.+)$`).exec(id);
    if (!m) return null;
    const [, locale, entry] = m as unknown as [string, string, string];
    const files = moduleGraph(path.resolve(entry));
    for (const f of files) this.addWatchFile(f);
    const messages = browserMessages(locale);
    const used = keysIn(files, new Set(Object.keys(browserMessages('en'))));
    const subset = Object.fromEntries([...used].sort().map((k) => [k, messages[k]!]));
    return `export default ${JSON.stringify(compileCatalog(subset))};`;
  },
};

export default defineConfig({
  root: '.',
  plugins: [catalogues, islandCatalogs, react(), tailwindcss()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  build: {
    outDir: 'dist/client',
    // scripts/prerender.tsx reads it to find the island each pre-rendered page loads instead of
    // the app (and the chunks to preload with it), and /contact's route chunks.
    manifest: true,
    rollupOptions: {
      output: {
        // An island's catalogue chunk is named after the island and its language (sign-in.zh).
        chunkFileNames: ({ facadeModuleId, name }) => {
          const m = /^\0virtual:island-catalog\/([a-z]+):.*\/([^/]+)\.tsx?$/.exec(
            facadeModuleId ?? '',
          );
          return m ? `assets/${m[2]}.${m[1]}-[hash].js` : `assets/${name}-[hash].js`;
        },
      },
      input: {
        index: 'index.html',
        'static-page': 'src/client/islands/static-page.ts',
        'sign-in': 'src/client/islands/sign-in.tsx',
        'date-checker': 'src/client/islands/date-checker.tsx',
        'public-page': 'src/client/islands/public-page.tsx',
        'single-endpoint': 'src/client/islands/single-endpoint.tsx',
        'blog-list': 'src/client/islands/blog-list.tsx',
        'blog-post': 'src/client/islands/blog-post.tsx',
      },
    },
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/v1': { target: api, changeOrigin: false },
      '/healthz': { target: api, changeOrigin: false },
      '/demo-provider': { target: api, changeOrigin: false },
      '/sitemap.xml': { target: api, changeOrigin: false },
      '/rss.xml': { target: api, changeOrigin: false },
    },
  },
});

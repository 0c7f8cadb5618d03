import fs from 'node:fs';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { compileCatalog } from './src/shared/i18n/compile.ts';

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

export default defineConfig({
  root: '.',
  plugins: [catalogues, react(), tailwindcss()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  build: {
    outDir: 'dist/client',
    // scripts/prerender.tsx reads it to find the island each pre-rendered page loads instead of
    // the app (and the chunks to preload with it), and /contact's route chunks.
    manifest: true,
    rollupOptions: {
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

import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  root: '.',
  plugins: [react(), tailwindcss()],
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

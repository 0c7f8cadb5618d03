import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  root: '.',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    // scripts/prerender.tsx reads it to preload each pre-rendered page's route chunks, and to find
    // the island that replaces the app on the pre-rendered pages without forms.
    manifest: true,
    rollupOptions: {
      input: { index: 'index.html', 'static-page': 'src/client/islands/static-page.ts' },
    },
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/v1': { target: api, changeOrigin: false },
      '/healthz': { target: api, changeOrigin: false },
      '/demo-provider': { target: api, changeOrigin: false },
    },
  },
});

/** package.json's version, put in by Vite at build time (vite.config.ts `define`). */
declare const __APP_VERSION__: string;

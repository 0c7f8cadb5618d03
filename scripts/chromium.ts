/**
 * Chromium as the scripts, benches and tests here launch it with playwright-core: Debian's binary
 * (`CHROME_PATH` to use another) and the flags that keep it offline and quiet. Nothing downloads a
 * browser. Each launch gets its own fresh user-data directory.
 */
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

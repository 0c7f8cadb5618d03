/**
 * Draws the app's install icons (public/icons/*.png) from public/favicon.svg in headless Chromium:
 * 192 and 512 px with rounded corners (purpose "any") and 512 px edge to edge with the glyph in
 * the safe zone (purpose "maskable"). Run after changing the favicon:
 *   npx tsx scripts/make-icons.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './chromium.ts';

const root = path.resolve(import.meta.dirname, '..');
const svg = fs.readFileSync(path.join(root, 'public/favicon.svg'), 'utf8');
const glyph = /<path[^>]*\/>/.exec(svg)![0];
const out = path.join(root, 'public/icons');
fs.mkdirSync(out, { recursive: true });

/** The favicon at `size`; maskable: a full-bleed square, the glyph scaled into the middle 60 %. */
const page = (size: number, maskable: boolean) => {
  const inner = maskable
    ? `<rect width="32" height="32" fill="#1e3a8a"/><g transform="translate(16 16) scale(0.75) translate(-16 -16)">${glyph}</g>`
    : svg.replace(/^<svg[^>]*>|<\/svg>$/g, '');
  return `<!doctype html><html><body style="margin:0;background:transparent">
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}">${inner}</svg>
</body></html>`;
};

const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voip-icons-'));
const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath: chromiumPath,
  headless: true,
  args: chromiumArgs,
});
try {
  const tab = context.pages()[0] ?? (await context.newPage());
  for (const [name, size, maskable] of [
    ['icon-192.png', 192, false],
    ['icon-512.png', 512, false],
    ['icon-maskable-512.png', 512, true],
  ] as const) {
    await tab.setViewportSize({ width: size, height: size });
    await tab.setContent(page(size, maskable));
    await tab.locator('svg').screenshot({ path: path.join(out, name), omitBackground: true });
    console.log(`public/icons/${name}`);
  }
} finally {
  await context.close();
  fs.rmSync(userDataDir, { recursive: true, force: true });
}

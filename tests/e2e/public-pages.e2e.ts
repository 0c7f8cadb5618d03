import fs from 'node:fs';
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientDir, startHarness, type Harness } from './harness.ts';

/** Each public page: path, its <h1>, its document title. */
const pages = [
  ['/', 'Every verification code from every virtual number, in one place.', 'Verification codes'],
  ['/about', 'About VOIP Manager', 'About'],
  ['/auth', 'Sign in to VOIP Manager', 'Sign in'],
  ['/date-checker', 'Free Number Date Checker', 'Free Number Date Checker'],
  ['/privacy', 'Privacy Policy', 'Privacy Policy'],
  ['/terms', 'Terms of Service', 'Terms of Service'],
  ['/contact', 'Contact us', 'Contact'],
] as const;

/** The pages with a form hydrate the React app; the others load only islands/static-page.ts. */
const hydrated = new Set(['/auth', '/date-checker', '/contact']);

/** React has attached to the server-rendered <h1>. */
const isHydrated = () => {
  const el = document.querySelector('h1');
  return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
};

/** Counts <h1> elements removed from the DOM: a client render over the HTML removes it, hydration keeps it. */
const watchH1Removals = () => {
  const w = window as unknown as { __h1Removed: number };
  w.__h1Removed = 0;
  new MutationObserver((records) => {
    for (const r of records) {
      for (const n of r.removedNodes) {
        if (n instanceof Element && (n.matches('h1') || n.querySelector('h1'))) w.__h1Removed++;
      }
    }
  }).observe(document, { childList: true, subtree: true });
};

describe('pre-rendered public pages', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    await h.context.addInitScript(watchH1Removals);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('sends each public page as HTML with its content, before any JavaScript', async () => {
    for (const [path, h1, title] of pages) {
      const res = await fetch(h.baseUrl + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      const html = await res.text();
      expect(html, path).toContain(`<div id="root" data-prerendered="${path}">`);
      expect(html, path).toMatch(new RegExp(`<h1[^>]*>${h1}</h1>`));
      expect(html, path).toContain(`<title>${title}`);
      expect(html, path).toContain('<main id="main"');
    }
    // The landing page's live counts are placeholders until the client fetches them.
    const landing = await (await fetch(h.baseUrl + '/')).text();
    expect(landing).toContain('data-testid="live-stats"');
    expect(landing).not.toContain('data-stat=');
  });

  it('shows the page with JavaScript blocked (first paint needs none)', async () => {
    const { page } = h;
    await page.route('**/*.js', (route) => route.abort());
    try {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(h.baseUrl + '/');
        await page.getByRole('heading', { level: 1 }).waitFor();
        await h.screenshot(`public-no-js-landing-${width}`);
        await page.goto(h.baseUrl + '/auth');
        await page.getByLabel('Email address').waitFor();
        await h.screenshot(`public-no-js-auth-${width}`);
      }
    } finally {
      await page.unroute('**/*.js');
    }
    h.browserErrors.length = 0; // the blocked scripts' load failures
  });

  it('hydrates the pages with a form without errors or a re-render', async () => {
    const { page } = h;
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const [path, h1, title] of pages.filter(([p]) => hydrated.has(p))) {
      await page.goto(h.baseUrl + path);
      await page.waitForFunction(isHydrated);
      expect(await page.getByRole('heading', { level: 1 }).textContent(), path).toBe(h1);
      expect(
        await page.evaluate(() => (window as never as { __h1Removed: number }).__h1Removed),
        path,
      ).toBe(0);
      expect(await page.title(), path).toContain(title);
      expect(h.browserErrors, path).toEqual([]);
    }
    // Hydrated pages work: client-side navigation runs, forms submit.
    await page.goto(h.baseUrl + '/date-checker');
    await page.waitForFunction(isHydrated);
    await page.getByRole('banner').getByRole('link', { name: 'About' }).click();
    await page.getByRole('heading', { name: 'About VOIP Manager' }).waitFor();
    expect(await page.evaluate(isHydrated), 'client-side navigation keeps the app').toBe(true);
    await h.screenshot('public-hydrated-about-via-router-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(h.baseUrl + '/auth');
    await page.waitForFunction(isHydrated);
    await page.getByLabel('Email address').fill('someone@example.com');
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await h.screenshot('public-hydrated-auth-375');
    expect(h.browserErrors).toEqual([]);
  });

  it('loads no React on the pages without a form: only the island script and its imports', async () => {
    const { page } = h;
    const manifest = JSON.parse(
      fs.readFileSync(`${clientDir}/.vite/manifest.json`, 'utf8'),
    ) as Record<string, { file: string }>;
    const appEntry = `/${manifest['index.html']!.file}`;
    const island = `/${manifest['src/client/islands/static-page.ts']!.file}`;
    const scripts: string[] = [];
    const onRequest = (req: Request) => {
      const url = new URL(req.url());
      if (url.pathname.endsWith('.js')) scripts.push(url.pathname);
    };
    page.on('request', onRequest);
    try {
      for (const [path, h1] of pages.filter(([p]) => !hydrated.has(p))) {
        scripts.length = 0;
        const html = await (await fetch(h.baseUrl + path)).text();
        const listed = [
          ...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="(\/assets\/[^"]+\.js)"/g),
        ].map((m) => m[1]);
        expect(listed[0], path).toBe(island);
        await page.goto(h.baseUrl + path, { waitUntil: 'load' });
        await page.waitForFunction(() => document.documentElement.dataset.island === 'ready');
        expect(await page.getByRole('heading', { level: 1 }).textContent(), path).toBe(h1);
        expect(scripts, path).toContain(island);
        expect(scripts, path).not.toContain(appEntry);
        // Every script the page requested is one its HTML lists: the island and its imports.
        expect(
          scripts.filter((s) => !listed.includes(s)),
          path,
        ).toEqual([]);
        expect(await page.evaluate(isHydrated), path).toBe(false);
        expect(
          await page.evaluate(() => (window as never as { __h1Removed: number }).__h1Removed),
          path,
        ).toBe(0);
        expect(h.browserErrors, path).toEqual([]);
      }
    } finally {
      page.off('request', onRequest);
    }
  });

  it('mobile menu on a page that is not hydrated works by keyboard at 375 px', async () => {
    const { page } = h;
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(h.baseUrl + '/');
    await page.waitForFunction(() => document.documentElement.dataset.island === 'ready');
    const menu = page.locator('#mobile-nav');
    const button = page.getByRole('button', { name: 'Open menu' });
    expect(await menu.isVisible()).toBe(false);
    await button.focus();
    await page.keyboard.press('Enter');
    await menu.getByRole('link', { name: 'Pricing' }).waitFor();
    const open = page.getByRole('button', { name: 'Close menu' });
    expect(await open.getAttribute('aria-expanded')).toBe('true');
    for (const name of ['Features', 'Testimonials', 'About', 'Contact', 'Sign In']) {
      expect(await menu.getByRole('link', { name }).isVisible(), name).toBe(true);
    }
    await page.locator('[data-stat="users"]').waitFor();
    await h.screenshot('public-island-landing-375-menu');
    // Tab goes into the menu, Escape closes it and focus returns to the button.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Features');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe(
      'mobile-nav',
    );
    // A link in it closes it (and the #anchor scrolls natively).
    await page.keyboard.press('Enter');
    await menu.getByRole('link', { name: 'Pricing' }).click();
    await menu.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).hash).toBe('#pricing');
    await page.waitForFunction(() => {
      const top = document.getElementById('pricing')?.getBoundingClientRect().top ?? 999;
      return Math.abs(top - 80) < 2; // scroll-mt-20 below the sticky header
    });
    await h.screenshot('public-island-landing-375-pricing');
    // Between public pages: a normal page load.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(h.baseUrl + '/');
    await page.locator('[data-stat="users"]').waitFor();
    await h.screenshot('public-island-landing-1280');
    await page.getByRole('banner').getByRole('link', { name: 'About' }).click();
    await page.getByRole('heading', { name: 'About VOIP Manager' }).waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.island === 'ready');
    expect(await page.title()).toBe('About · VOIP Manager');
    expect(h.browserErrors).toEqual([]);
  });

  it('fills the live counts as the React app shows them, and shows its error', async () => {
    const { page } = h;
    await page.setViewportSize({ width: 1280, height: 800 });
    const stats = () => page.locator('section[aria-labelledby="stats-title"]').innerHTML();
    // Real counts first (a fresh database: no one yet).
    await page.goto(h.baseUrl + '/');
    await page.locator('[data-stat="users"]').waitFor();
    expect(await page.locator('[data-stat]').allTextContents()).toEqual(['0', '0', '0']);
    expect(await page.getByTestId('live-stats').getAttribute('aria-busy')).toBe('false');

    // The same answer through the island and through the React app (client-side navigation from
    // the hydrated /auth to /) gives the same markup.
    const big = { users: 1, numbers: 2, messages: 1234567 };
    await page.route('**/v1/public/stats', (route) => route.fulfill({ json: big }));
    await page.goto(h.baseUrl + '/');
    await page.locator('[data-stat="users"]').waitFor();
    expect(await page.locator('[data-stat]').allTextContents()).toEqual(['1', '2', '1,234,567']);
    // One is singular ('1 user', not '1 users').
    expect(await page.locator('[data-stat-label]').allTextContents()).toEqual([
      'user',
      'numbers managed',
      'messages received',
    ]);
    const fromIsland = await stats();
    await page.locator('#stats-title').scrollIntoViewIfNeeded();
    await h.screenshot('public-island-stats-1280');
    await page.goto(h.baseUrl + '/auth');
    await page.waitForFunction(isHydrated);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.locator('[data-stat="users"]').waitFor();
    expect(await page.evaluate(isHydrated)).toBe(true);
    expect(await stats()).toBe(fromIsland);

    // A failed first load: the same error and Try again; Try again loads them.
    await page.unroute('**/v1/public/stats');
    let fail = true;
    await page.route('**/v1/public/stats', (route) =>
      fail
        ? route.fulfill({
            status: 500,
            json: { error: { code: 'INTERNAL', message: 'Something broke.' } },
          })
        : route.fulfill({ json: big }),
    );
    await page.goto(h.baseUrl + '/');
    await page.getByText('Live statistics are unavailable right now.').waitFor();
    const errorFromIsland = await stats();
    await page.locator('#stats-title').scrollIntoViewIfNeeded();
    await h.screenshot('public-island-stats-error-1280');
    await page.goto(h.baseUrl + '/auth');
    await page.waitForFunction(isHydrated);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.getByText('Live statistics are unavailable right now.').waitFor();
    expect(await stats()).toBe(errorFromIsland);

    await page.goto(h.baseUrl + '/');
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.locator('[data-stat="users"]').waitFor();
    expect(await stats()).toBe(fromIsland);
    await page.unroute('**/v1/public/stats');
    expect(h.browserErrors).toEqual([]);
  });

  it('renders a query-string variant afresh: /auth?error=link shows the link error', async () => {
    const { page } = h;
    await page.goto(h.baseUrl + '/auth?error=link');
    await page.getByText('This sign-in link is invalid or has expired.').waitFor();
    expect(h.browserErrors).toEqual([]);
  });

  it('still sends the SPA shell for the dashboard and other paths', async () => {
    for (const path of ['/dashboard', '/dashboard/messages', '/no-such-page']) {
      const html = await (await fetch(h.baseUrl + path)).text();
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).not.toContain('data-prerendered');
    }
    const { page } = h;
    await page.goto(h.baseUrl + '/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(h.browserErrors).toEqual([]);
  });
});

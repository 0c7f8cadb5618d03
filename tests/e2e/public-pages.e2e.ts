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

/**
 * /contact hydrates the React app; /auth and /date-checker hydrate only their form's component (a
 * React island, its own Vite entry); the others load only islands/static-page.ts (no React).
 */
const hydrated = new Set(['/contact']);
const reactIslands = new Map([
  ['/auth', 'src/client/islands/sign-in.tsx'],
  ['/date-checker', 'src/client/islands/date-checker.tsx'],
]);
const staticIsland = 'src/client/islands/static-page.ts';

/** React has attached to the server-rendered <h1>. */
const isHydrated = () => {
  const el = document.querySelector('h1');
  return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
};

/** A React island has hydrated its [data-island-root] (and said so). */
const islandHydrated = () => {
  const el = document.querySelector('[data-island-root]')?.firstElementChild;
  return (
    document.documentElement.dataset.island === 'ready' &&
    !!el &&
    Object.keys(el).some((k) => k.startsWith('__reactFiber'))
  );
};

/** Text only code of the app's libraries holds: a React Router, TanStack Query or zod error. */
const libraryMarkers = ['inside another <Router>', 'No QueryClient set', '$ZodType'];

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
    h.allowConsoleErrors(/^Failed to load resource: net::ERR_FAILED/); // the blocked scripts
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
  });

  it('hydrates the pages with a form without errors or a re-render', async () => {
    const { page } = h;
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const [path, h1, title] of pages.filter(([p]) => hydrated.has(p) || reactIslands.has(p))) {
      await page.goto(h.baseUrl + path);
      await page.waitForFunction(hydrated.has(path) ? isHydrated : islandHydrated);
      expect(await page.getByRole('heading', { level: 1 }).textContent(), path).toBe(h1);
      expect(
        await page.evaluate(() => (window as never as { __h1Removed: number }).__h1Removed),
        path,
      ).toBe(0);
      expect(await page.title(), path).toContain(title);
    }
    // The app's page works: client-side navigation keeps the app.
    await page.goto(h.baseUrl + '/contact');
    await page.waitForFunction(isHydrated);
    await page.getByRole('banner').getByRole('link', { name: 'About' }).click();
    await page.getByRole('heading', { name: 'About VOIP Manager' }).waitFor();
    expect(await page.evaluate(isHydrated), 'client-side navigation keeps the app').toBe(true);
    await h.screenshot('public-hydrated-about-via-router-1280');
    // The islands work: the form submits, the counter follows the text, the menu opens.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(h.baseUrl + '/auth');
    await page.waitForFunction(islandHydrated);
    await page.getByLabel('Email address').fill('someone@example.com');
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await h.screenshot('public-hydrated-auth-375');
    await page.goto(h.baseUrl + '/date-checker');
    await page.waitForFunction(islandHydrated);
    await page
      .getByLabel('Numbers and API links (one per line)')
      .fill('5551234567|https://x.example/');
    await page.getByText('1 / 50 lines').waitFor();
    expect(await page.getByRole('button', { name: 'Check Dates' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-nav').getByRole('link', { name: 'Pricing' }).waitFor();
    await page.keyboard.press('Escape');
    await page.locator('#mobile-nav').waitFor({ state: 'hidden' });
  });

  it('keeps lines pasted into /date-checker before its script ran', async () => {
    const { page } = h;
    // Hold the island's script until the lines are in the box.
    const manifest = JSON.parse(
      fs.readFileSync(`${clientDir}/.vite/manifest.json`, 'utf8'),
    ) as Record<string, { file: string }>;
    const entry = `/${manifest[reactIslands.get('/date-checker')!]!.file}`;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${entry}`, async (route) => {
      await held;
      await route.continue();
    });
    try {
      // Module scripts run before DOMContentLoaded: go on as soon as the HTML is in.
      await page.goto(h.baseUrl + '/date-checker', { waitUntil: 'commit' });
      const box = page.getByLabel('Numbers and API links (one per line)');
      await box.waitFor();
      await box.fill('5551234567|https://x.example/\n5559876543|https://x.example/');
      expect(await page.evaluate(islandHydrated)).toBe(false);
      release();
      await page.waitForFunction(islandHydrated);
      await page.getByText('2 / 50 lines').waitFor();
      expect(await page.getByRole('button', { name: 'Check Dates' }).isEnabled()).toBe(true);
    } finally {
      release();
      await page.unroute(`**${entry}`);
    }
  });

  it('loads only its island on /auth and /date-checker: React, not the app, router, query client or zod', async () => {
    const { page } = h;
    const manifest = JSON.parse(
      fs.readFileSync(`${clientDir}/.vite/manifest.json`, 'utf8'),
    ) as Record<string, { file: string }>;
    const appEntry = `/${manifest['index.html']!.file}`;
    const scripts: string[] = [];
    const onRequest = (req: Request) => {
      const url = new URL(req.url());
      if (url.pathname.endsWith('.js')) scripts.push(url.pathname);
    };
    page.on('request', onRequest);
    try {
      for (const [path, entry] of reactIslands) {
        scripts.length = 0;
        const html = await (await fetch(h.baseUrl + path)).text();
        const listed = [
          ...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="(\/assets\/[^"]+\.js)"/g),
        ].map((m) => m[1]!);
        expect(listed[0], path).toBe(`/${manifest[entry]!.file}`);
        await page.goto(h.baseUrl + path, { waitUntil: 'load' });
        await page.waitForFunction(islandHydrated);
        expect(scripts, path).not.toContain(appEntry);
        expect(
          scripts.filter((s) => !listed.includes(s)),
          path,
        ).toEqual([]);
        for (const file of listed) {
          const code = fs.readFileSync(`${clientDir}${file}`, 'utf8');
          for (const marker of libraryMarkers)
            expect(code, `${path} ${file}`).not.toContain(marker);
        }
      }
      // The markers do name those libraries: the app's own scripts hold them.
      const appCode = fs
        .readdirSync(`${clientDir}/assets`)
        .filter((f) => f.endsWith('.js'))
        .map((f) => fs.readFileSync(`${clientDir}/assets/${f}`, 'utf8'))
        .join('\n');
      for (const marker of libraryMarkers) expect(appCode).toContain(marker);
    } finally {
      page.off('request', onRequest);
    }
  });

  it('loads no React on the pages without a form: only the island script and its imports', async () => {
    const { page } = h;
    const manifest = JSON.parse(
      fs.readFileSync(`${clientDir}/.vite/manifest.json`, 'utf8'),
    ) as Record<string, { file: string }>;
    const appEntry = `/${manifest['index.html']!.file}`;
    const island = `/${manifest[staticIsland]!.file}`;
    const scripts: string[] = [];
    const onRequest = (req: Request) => {
      const url = new URL(req.url());
      if (url.pathname.endsWith('.js')) scripts.push(url.pathname);
    };
    page.on('request', onRequest);
    try {
      for (const [path, h1] of pages.filter(([p]) => !hydrated.has(p) && !reactIslands.has(p))) {
        scripts.length = 0;
        const html = await (await fetch(h.baseUrl + path)).text();
        const listed = [
          ...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="(\/assets\/[^"]+\.js)"/g),
        ].map((m) => m[1]);
        expect(listed[0], path).toBe(island);
        const pageView = page.waitForRequest(
          (r) => r.url().endsWith('/v1/analytics/events') && r.method() === 'POST',
        );
        await page.goto(h.baseUrl + path, { waitUntil: 'load' });
        await page.waitForFunction(() => document.documentElement.dataset.island === 'ready');
        // The island sends the page view, as the app does on each navigation.
        expect((await pageView).postDataJSON(), path).toMatchObject({
          type: 'page_view',
          pageUrl: path,
        });
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
    // the hydrated /contact to /) gives the same markup.
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
    await page.goto(h.baseUrl + '/contact');
    await page.waitForFunction(isHydrated);
    await page.getByRole('banner').getByRole('link', { name: 'VOIP Manager home' }).click();
    await page.locator('[data-stat="users"]').waitFor();
    expect(await page.evaluate(isHydrated)).toBe(true);
    expect(await stats()).toBe(fromIsland);

    // A failed first load: the same error and Try again; Try again loads them.
    await page.unroute('**/v1/public/stats');
    let fail = true;
    h.allowHttp(500, /\/v1\/public\/stats$/); // answered here
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
    await page.goto(h.baseUrl + '/contact');
    await page.waitForFunction(isHydrated);
    await page.getByRole('banner').getByRole('link', { name: 'VOIP Manager home' }).click();
    await page.getByText('Live statistics are unavailable right now.').waitFor();
    expect(await stats()).toBe(errorFromIsland);

    await page.goto(h.baseUrl + '/');
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.locator('[data-stat="users"]').waitFor();
    expect(await stats()).toBe(fromIsland);
    await page.unroute('**/v1/public/stats');
  });

  it('renders a query-string variant afresh: /auth?error=link shows the link error', async () => {
    const { page } = h;
    await page.goto(h.baseUrl + '/auth?error=link');
    await page.getByText('This sign-in link is invalid or has expired.').waitFor();
    await page.waitForFunction(islandHydrated);
    // The form works after rendering afresh, and the message goes with the step.
    await page.getByLabel('Email address').fill('link-error@example.com');
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    expect(await page.getByText('This sign-in link is invalid or has expired.').count()).toBe(0);
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
  });
});

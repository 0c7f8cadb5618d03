import fs from 'node:fs';
import zlib from 'node:zlib';
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../src/server/test/admin.ts';
import { clientDir, signInBrowser, startHarness, type Harness } from './harness.ts';

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
/** The classic script every page loads first, so the theme is drawn before anything (index.html). */
const THEME_INIT = '/theme-init.js';

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
  /** The shared page and endpoint the shared pages' test makes. */
  const sharePaths: string[] = [];
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
      // Its text (the site name is an element of its own: the server writes the current one).
      const heading = /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
      expect(heading, path).toBe(h1);
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

  /**
   * Loads `path` and checks it runs island `entry` (the manifest's key), not the app: the first
   * script the HTML lists is the island's; besides the theme's first-paint script
   * (public/theme-init.js) only what the HTML lists is loaded; no listed file holds `markers`.
   */
  async function loadsOnlyIsland(
    path: string,
    entry: string,
    ready: () => Promise<unknown>,
    markers: readonly string[],
  ) {
    const { page } = h;
    const manifest = JSON.parse(
      fs.readFileSync(`${clientDir}/.vite/manifest.json`, 'utf8'),
    ) as Record<string, { file: string }>;
    const scripts: string[] = [];
    const onRequest = (req: Request) => {
      const url = new URL(req.url());
      if (url.pathname.endsWith('.js')) scripts.push(url.pathname);
    };
    page.on('request', onRequest);
    try {
      const html = await (await fetch(h.baseUrl + path)).text();
      const listed = [
        ...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="(\/assets\/[^"]+\.js)"/g),
      ].map((m) => m[1]!);
      expect(listed[0], path).toBe(`/${manifest[entry]!.file}`);
      await page.goto(h.baseUrl + path, { waitUntil: 'load' });
      await ready();
      expect(scripts, path).not.toContain(`/${manifest['index.html']!.file}`);
      expect(scripts, path).toContain(THEME_INIT);
      expect(
        scripts.filter((s) => !listed.includes(s) && s !== THEME_INIT),
        path,
      ).toEqual([]);
      for (const file of listed) {
        const code = fs.readFileSync(`${clientDir}${file}`, 'utf8');
        for (const marker of markers) expect(code, `${path} ${file}`).not.toContain(marker);
      }
    } finally {
      page.off('request', onRequest);
    }
  }
  /**
   * A page the server rendered with its data: its scripts load after what the first paint needs
   * (fetchpriority=low), the island's `entryFile` first, within a budget of JavaScript gzipped:
   * 100 KiB (react-dom alone is about 66 KiB) plus the 5 KiB issue 25 allows the languages'
   * runtime (ADR 0020) in English; returns the bytes.
   */
  function lowPriorityScriptsInBudget(
    html: string,
    path: string,
    entryFile: string,
    budget = 105 * 1024,
  ) {
    const tags = [...html.matchAll(/<(?:script|link)\b[^>]*\/assets\/[^"]+\.js"[^>]*>/g)];
    expect(tags.length, path).toBeGreaterThan(1);
    for (const [tag] of tags) expect(tag, path).toContain('fetchpriority="low"');
    const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(files[0], path).toBe(entryFile);
    const gzipped = files.reduce(
      (sum, f) => sum + zlib.gzipSync(fs.readFileSync(`${clientDir}${f}`), { level: 9 }).length,
      0,
    );
    expect(gzipped, `${path}: ${gzipped} bytes of JS gzipped`).toBeLessThan(budget);
    return gzipped;
  }

  /** The same page in Chinese: its language's catalogue, at most 15 KiB more than the English. */
  async function chineseInBudget(path: string, entryFile: string, english: number) {
    const res = await fetch(h.baseUrl + path, { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    const html = await res.text();
    expect(html, path).toContain('<html lang="zh-CN"');
    lowPriorityScriptsInBudget(html, `${path} (zh)`, entryFile, english + 15 * 1024);
  }

  /**
   * It hydrates (no re-render: the <h1> stays), loading only its island: no app, no router, no
   * query client, no zod.
   */
  async function hydratesOnlyItsIsland(path: string, entry: string) {
    await loadsOnlyIsland(
      path,
      entry,
      () => h.page.waitForFunction(islandHydrated),
      libraryMarkers,
    );
    expect(
      await h.page.evaluate(() => (window as never as { __h1Removed: number }).__h1Removed),
      path,
    ).toBe(0);
  }

  it('loads only its island on /auth and /date-checker: React, not the app, router, query client or zod', async () => {
    for (const [path, entry] of reactIslands) {
      await loadsOnlyIsland(
        path,
        entry,
        () => h.page.waitForFunction(islandHydrated),
        libraryMarkers,
      );
    }
    // The markers do name those libraries: the app's own scripts hold them.
    const appCode = fs
      .readdirSync(`${clientDir}/assets`)
      .filter((f) => f.endsWith('.js'))
      .map((f) => fs.readFileSync(`${clientDir}/assets/${f}`, 'utf8'))
      .join('\n');
    for (const marker of libraryMarkers) expect(appCode).toContain(marker);
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
        // Every script the page requested is one its HTML lists: the island and its imports (and
        // the theme's first-paint script).
        expect(scripts, path).toContain(THEME_INIT);
        expect(
          scripts.filter((s) => !listed.includes(s) && s !== THEME_INIT),
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

  it('serves the shared pages with their data in the HTML, hydrated by their island alone', async () => {
    const { page } = h;
    await signInBrowser(h);
    const number = await page.request.post(`${h.baseUrl}/v1/numbers`, {
      data: { phoneNumber: '5550007777', apiLink: 'http://127.0.0.1:1/p?key=x' },
    });
    const { id } = (await number.json()) as { id: string };
    const shared = await page.request.post(`${h.baseUrl}/v1/pages`, {
      data: { name: 'Island <page>', numberIds: [id] },
    });
    const single = await page.request.post(`${h.baseUrl}/v1/single-endpoints`, {
      data: { numberId: id },
    });
    await h.context.clearCookies();
    const manifest = JSON.parse(
      fs.readFileSync(`${clientDir}/.vite/manifest.json`, 'utf8'),
    ) as Record<string, { file: string }>;
    const shares = [
      {
        path: `/api/${((await shared.json()) as { hash: string }).hash}`,
        entry: 'src/client/islands/public-page.tsx',
        h1: 'Island <page>',
        missing: ['/api/no-such-hash', 'Page Not Found'],
      },
      {
        path: `/single/${((await single.json()) as { hash: string }).hash}`,
        entry: 'src/client/islands/single-endpoint.tsx',
        h1: 'API for (555) 000-7777',
        missing: ['/single/no-such-hash', 'API Endpoint Not Found'],
      },
    ];
    sharePaths.push(...shares.map((x) => x.path));
    for (const { path, entry, h1, missing } of shares) {
      // Before any script: the view rendered with the data, and the data for the island.
      const res = await fetch(h.baseUrl + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-robots-tag'), path).toBe('noindex, nofollow');
      const html = await res.text();
      const escaped = h1.replace(/</g, '&lt;').replace(/>/g, '&gt;');
      expect(/<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1], path).toBe(escaped);
      expect(html, path).toContain(`<title>${escaped} · VOIP Manager</title>`);
      expect(html, path).toContain('(555) 000-7777');
      expect(html, path).not.toContain('Loading');
      const state = /<script type="application\/json" id="share-state">(.*?)<\/script>/s.exec(
        html,
      )?.[1];
      expect(state, path).not.toContain('<');
      expect((JSON.parse(state!) as { data: { name: string } }).data.name, path).toBe(h1);
      const english = lowPriorityScriptsInBudget(html, path, `/${manifest[entry]!.file}`);
      await chineseInBudget(path, `/${manifest[entry]!.file}`, english);
      await hydratesOnlyItsIsland(path, entry);
      await page.getByRole('heading', { name: '(555) 000-7777' }).first().waitFor();
      expect(await page.title(), path).toBe(`${h1} · VOIP Manager`);

      // A missing or inactive link: 404 with the not-found state rendered.
      h.allowHttp(404, new RegExp(`${missing[0]}$`));
      const gone = await fetch(h.baseUrl + missing[0]);
      expect(gone.status, missing[0]).toBe(404);
      expect(await gone.text(), missing[0]).toContain(`>${missing[1]}</h1>`);
      await page.goto(h.baseUrl + missing[0]!);
      await page.waitForFunction(islandHydrated);
      await page.getByRole('heading', { name: missing[1] }).waitFor();
      expect(
        await page.evaluate(() => (window as never as { __h1Removed: number }).__h1Removed),
        missing[0],
      ).toBe(0);
    }
  });

  it('serves the blog with its posts in the HTML, hydrated by its island alone', async () => {
    const { page } = h;
    const { cookie } = await signInAdmin(h.t, { role: 'editor' });
    const posts = [
      { slug: 'island-post-one', title: 'Island post one', category: 'Security', featured: true },
      { slug: 'island-post-two', title: 'Island post two', category: 'Technical', featured: false },
    ];
    for (const p of posts) {
      const res = await h.t.app.inject({
        method: 'POST',
        url: '/v1/admin/posts',
        headers: { cookie },
        payload: { ...p, excerpt: `About ${p.title}.`, content: `# ${p.title}\n\nText.` },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const blogPages = [
      {
        path: '/blog',
        entry: 'src/client/islands/blog-list.tsx',
        h1: 'VOIP Manager Blog',
        text: '>Island post two</a>',
        state: 'blog-list',
      },
      {
        path: '/blog/island-post-one',
        entry: 'src/client/islands/blog-post.tsx',
        h1: 'Island post one',
        text: 'About the Author',
        state: 'blog-post',
      },
    ];
    const manifest = JSON.parse(
      fs.readFileSync(`${clientDir}/.vite/manifest.json`, 'utf8'),
    ) as Record<string, { file: string }>;
    for (const { path, entry, h1, text, state } of blogPages) {
      // Before any script: the page rendered with its posts, and the data for the island.
      const res = await fetch(h.baseUrl + path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      const heading = /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
      expect(heading, path).toBe(h1);
      expect(html, path).toContain('<main id="main"');
      expect(html, path).toContain(text);
      expect(html, path).toContain(`<script type="application/json" id="${state}">`);
      expect(html, path).not.toContain('Loading');
      const english = lowPriorityScriptsInBudget(html, path, `/${manifest[entry]!.file}`);
      await chineseInBudget(path, `/${manifest[entry]!.file}`, english);
      await hydratesOnlyItsIsland(path, entry);
    }

    // The island works: the post counted a view; the category filter keeps its choice in the
    // address and reads that category; the header's menu opens.
    await expect
      .poll(async () => {
        const res = await h.t.app.inject({ method: 'GET', url: '/v1/blog/posts/island-post-one' });
        return (res.json() as { viewCount: number }).viewCount;
      })
      .toBe(1);
    await page.goto(h.baseUrl + '/blog');
    await page.waitForFunction(islandHydrated);
    await page.getByRole('button', { name: 'Technical' }).click();
    await page.getByRole('heading', { name: 'Technical Articles' }).waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('?category=Technical');
    const all = page.getByTestId('all-posts');
    await expect.poll(() => all.getByTestId('post-card').count()).toBe(1);
    expect(await all.innerText()).toContain('Island post two');
    // Reloaded: the server renders that category.
    const reloaded = await (await fetch(`${h.baseUrl}/blog?category=Technical`)).text();
    expect(reloaded).toContain('Technical Articles</h2>');
    expect(reloaded).toContain('<title>Technical Articles · VOIP Manager</title>');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-nav').getByRole('link', { name: 'Pricing' }).waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('shows a shared page with JavaScript blocked, and reads it itself when served without its data', async () => {
    const { page } = h;
    const path = sharePaths[0]!;
    h.allowConsoleErrors(/^Failed to load resource: net::ERR_FAILED/); // the blocked scripts
    await page.route('**/*.js', (route) => route.abort());
    try {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(h.baseUrl + path);
        await page.getByRole('heading', { name: 'Island <page>', level: 1 }).waitFor();
        await page.getByRole('heading', { name: '(555) 000-7777' }).waitFor();
        await h.screenshot(`public-no-js-shared-page-${width}`);
      }
    } finally {
      await page.unroute('**/*.js');
    }

    // Without the server's data (as over the public routes' limit, or when its read failed): the
    // pre-rendered loading state, then the island reads the page.
    await page.route(h.baseUrl + path, async (route) => {
      const res = await route.fetch();
      const html = (await res.text()).replace(/<script[^>]*id="share-state">.*?<\/script>/s, '');
      await route.fulfill({ response: res, body: html });
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1/public/pages/*', async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto(h.baseUrl + path);
      await page.getByText('Loading page...').waitFor();
      release();
      await page.getByRole('heading', { name: 'Island <page>', level: 1 }).waitFor();
      await page.waitForFunction(islandHydrated);
    } finally {
      release();
      await page.unroute('**/v1/public/pages/*');
      await page.unroute(h.baseUrl + path);
    }
  });
});

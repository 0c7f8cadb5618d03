import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page, Response } from 'playwright-core';
import { voipNumbers } from '../../src/server/modules/numbers/numbers.table.ts';
import { codeFrom, eventually, signInBrowser, startHarness, type Harness } from './harness.ts';

const uniqueEmail = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const DAY_MS = 86_400_000;
const NAV = [
  ['Dashboard', '/dashboard', 'VOIP Numbers Dashboard'],
  ['Recent Messages', '/dashboard/messages', 'Recent Messages'],
  ['Message History', '/dashboard/history', 'Message History'],
  ['Add Number', '/dashboard/add', 'Add New VOIP Number'],
  ['Date Check', '/dashboard/date-check', 'Date Check'],
  ['Public Pages', '/dashboard/public-pages', 'Public Pages'],
  ['Single API', '/dashboard/single-api', 'Single API'],
  ['Webhooks', '/dashboard/webhooks', 'Webhooks'],
  ['Settings', '/dashboard/settings', 'Settings'],
] as const;

const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search + u.hash;
};

/** The focused element's tag and text. */
const focused = (page: Page) =>
  page.evaluate(() => ({
    tag: document.activeElement?.tagName ?? null,
    text: document.activeElement?.textContent?.trim() ?? null,
  }));

describe('dashboard shell', () => {
  let h: Harness;
  let page: Page;
  let email = '';

  async function signInWithCode(address: string) {
    await page.getByLabel('Email address').fill(address);
    await page.getByRole('button', { name: 'Send Code' }).click();
    const mail = await eventually(() => h.latestMail(address));
    await page.getByLabel('Verification code').fill(codeFrom(mail.text));
    await page.getByRole('button', { name: 'Verify' }).click();
  }

  async function signOut() {
    await page.getByRole('button', { name: `Account menu for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL('**/auth');
  }

  /** Later tests do not depend on the sign-in test having passed. */
  async function ensureSignedIn() {
    if ((await page.request.get(`${h.baseUrl}/v1/me`)).status() === 200) return;
    email = await signInBrowser(h, uniqueEmail('shell-api'));
  }

  /** Eleven numbers, 555-000-1000 to 555-000-1010 (links that are never reached). */
  async function ensureNumbers() {
    const list = await page.request.get(`${h.baseUrl}/v1/numbers?limit=1`);
    if (((await list.json()) as { total: number }).total > 0) return;
    for (let i = 0; i < 11; i++) {
      const res = await page.request.post(`${h.baseUrl}/v1/numbers`, {
        data: {
          phoneNumber: `55500010${String(i).padStart(2, '0')}`,
          apiLink: `https://provider.example/n${i}`,
        },
      });
      expect(res.status()).toBe(201);
    }
  }

  beforeAll(async () => {
    h = await startHarness();
    page = h.page;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('loads public pages signed out without a failed request or a console error', async () => {
    const errors: string[] = [];
    const failed: string[] = [];
    const onConsole = (msg: { type: () => string; text: () => string }) => {
      if (msg.type() === 'error') errors.push(msg.text());
    };
    const probes: number[] = [];
    const onResponse = (res: Response) => {
      if (res.status() >= 400) failed.push(`${res.status()} ${pathOf(res.url())}`);
      if (pathOf(res.url()) === '/v1/auth/session') probes.push(res.status());
    };
    page.on('console', onConsole);
    page.on('response', onResponse);
    try {
      for (const [path, heading] of [
        ['/', null],
        ['/auth', 'Sign in to VOIP Manager'],
        ['/about', null],
      ] as const) {
        await page.goto(h.baseUrl + path);
        await page
          .getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) })
          .waitFor();
        await page.waitForLoadState('networkidle');
      }
    } finally {
      page.off('console', onConsole);
      page.off('response', onResponse);
    }
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
    // /auth did ask who is signed in, and was answered without an error status.
    expect(probes.length).toBeGreaterThan(0);
    expect(probes.every((s) => s === 200)).toBe(true);
  });

  it('returns to the page asked for after signing in with the code, and with the emailed link', async () => {
    // Code step.
    await page.goto(h.baseUrl + '/dashboard/settings');
    await page.waitForURL('**/auth?next=%2Fdashboard%2Fsettings');
    email = uniqueEmail('shell');
    await signInWithCode(email);
    await page.waitForURL((u) => pathOf(u.href) === '/dashboard/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();

    // A signed-in visit to /auth with an outside next goes to the dashboard, never elsewhere.
    for (const next of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
    ]) {
      await page.goto(`${h.baseUrl}/auth?next=${encodeURIComponent(next)}`);
      await page.waitForURL((u) => u.origin === h.baseUrl && pathOf(u.href) === '/dashboard');
    }
    await page.goto(`${h.baseUrl}/auth?next=${encodeURIComponent('/dashboard/history?q=1')}`);
    await page.waitForURL((u) => pathOf(u.href) === '/dashboard/history?q=1');

    // Emailed link, with query and hash.
    await signOut();
    await page.goto(h.baseUrl + '/dashboard/history?q=abc#results');
    await page.waitForURL((u) => u.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/dashboard/history?q=abc#results');
    // Another person (the first address is still in its 60 s resend cooldown).
    email = uniqueEmail('shell-link');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.getByLabel('Verification code').waitFor();
    const mail = await eventually(async () => {
      const m = await h.latestMail(email);
      if (!m.text.includes('next=')) throw new Error('old mail');
      return m;
    });
    const link = /(https?:\/\/\S+\/v1\/auth\/link\?\S+)/.exec(mail.text)![1]!;
    expect(link).toContain('&next=%2Fdashboard%2Fhistory%3Fq%3Dabc%23results');
    await page.goto(link);
    await page.waitForURL((u) => pathOf(u.href) === '/dashboard/history?q=abc#results');
    await page.getByRole('heading', { name: 'Message History', level: 1 }).waitFor();
  });

  it('shows which empty state it is: no numbers or messages yet, or filters matching nothing', async () => {
    await ensureSignedIn();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(h.baseUrl + '/dashboard');
      const empty = page.getByTestId('numbers-empty');
      await empty.getByText('No VOIP numbers yet').waitFor();
      await empty.getByRole('link', { name: 'Add Your First Number' }).waitFor();
      expect(await empty.getByRole('button', { name: /Clear Filters/ }).count()).toBe(0);
      await h.screenshot(`shell-numbers-empty-${width}`);

      await page.goto(h.baseUrl + '/dashboard/history');
      const history = page.getByTestId('history-empty');
      await history.getByText('No messages yet').waitFor();
      expect(await history.getByText('No messages found matching your filters.').count()).toBe(0);
      await h.screenshot(`shell-history-empty-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    await ensureNumbers();

    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(h.baseUrl + '/dashboard?q=zzz');
      const empty = page.getByTestId('numbers-empty');
      await empty.getByText('No VOIP numbers found with the current filters.').waitFor();
      expect(await empty.getByRole('link', { name: 'Add Your First Number' }).count()).toBe(0);
      await h.screenshot(`shell-numbers-filtered-empty-${width}`);
      await empty.getByRole('button', { name: 'Clear Filters (1)' }).click();
      await page.waitForURL((u) => pathOf(u.href) === '/dashboard');
      await page.getByTestId('number-card').nth(10).waitFor();

      await page.goto(h.baseUrl + '/dashboard/history?q=zzz');
      const history = page.getByTestId('history-empty');
      await history.getByText('No messages found matching your filters.').waitFor();
      await h.screenshot(`shell-history-filtered-empty-${width}`);
      await history.getByRole('button', { name: 'Clear Filters (1)' }).click();
      await history.getByText('No messages yet').waitFor();
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('marks each expiry band with its own icon and words, not colour alone', async () => {
    await ensureSignedIn();
    await ensureNumbers();
    const now = Date.now();
    const ends: [string, number | null, string, string][] = [
      ['5550001000', -2, 'expired', 'Expired 2 days ago'],
      ['5550001001', 5, 'soon', 'Expires in 5 days'],
      ['5550001002', 20, 'warning', 'Expires in 20 days'],
      ['5550001003', 90, 'ok', 'Expires in 90 days'],
      ['5550001004', null, 'unknown', 'No end date'],
    ];
    for (const [phone, days] of ends) {
      await h.t.database.db
        .update(voipNumbers)
        .set({ endDate: days === null ? null : new Date(now + days * DAY_MS - 3_600_000) })
        .where(eq(voipNumbers.phoneNumber, phone));
    }
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(h.baseUrl + '/dashboard?q=55500010');
      await page.getByTestId('number-card').nth(10).waitFor();
      const icons: string[] = [];
      for (const [phone, , band, text] of ends) {
        const formatted = `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;
        const badge = page
          .getByTestId('number-card')
          .filter({ has: page.getByRole('heading', { name: formatted }) })
          .getByTestId('expiry-badge');
        expect(await badge.getAttribute('data-band')).toBe(band);
        expect((await badge.textContent())?.trim()).toBe(text);
        icons.push((await badge.locator('svg').getAttribute('class')) ?? '');
      }
      // Five bands, five different icons (orange and yellow above all).
      const names = icons.map((c) => /lucide-([a-z0-9-]+)/.exec(c.replace('lucide ', ''))?.[1]);
      expect(new Set(names).size).toBe(5);
      await page
        .getByTestId('number-card')
        .filter({ has: page.getByRole('heading', { name: '(555) 000-1001' }) })
        .scrollIntoViewIfNeeded();
      await h.screenshot(`shell-expiry-badges-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('shows a failed numbers load within about 2 s, with Try again that recovers', async () => {
    await ensureSignedIn();
    await ensureNumbers();
    const isList = (url: URL) => url.pathname === '/v1/numbers';
    let calls = 0;
    h.allowHttp(500, /\/v1\/numbers\?/); // answered here
    await page.route(isList, (route) => {
      calls++;
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Something broke' } }),
      });
    });
    try {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        calls = 0;
        await page.goto(h.baseUrl + '/dashboard');
        await page.getByText('Failed to fetch numbers: Something broke').waitFor();
        // Before: a skeleton through three retries (1 + 2 + 4 s). Now the message after the one
        // request (counted, not timed: wall-clock limits fail on a loaded machine).
        expect(calls).toBe(1);
        await page.getByRole('button', { name: 'Try again' }).waitFor();
        await h.screenshot(`shell-numbers-failed-${width}`);
      }
    } finally {
      await page.unroute(isList);
    }
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('number-card').first().waitFor();
    expect(await page.getByText('Failed to fetch numbers').count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('a 404 inside the dashboard leads back to the dashboard', async () => {
    await ensureSignedIn();
    await page.goto(h.baseUrl + '/dashboard/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Home' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL((u) => pathOf(u.href) === '/dashboard');
    await page.getByRole('heading', { name: 'VOIP Numbers Dashboard' }).waitFor();
  });

  it('moves focus to the new page heading after a sidebar navigation, not on first load', async () => {
    await ensureSignedIn();
    await page.goto(h.baseUrl + '/dashboard');
    await page.getByRole('heading', { name: 'VOIP Numbers Dashboard' }).waitFor();
    expect((await focused(page)).tag).toBe('BODY');
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    for (const [label, path, heading] of NAV.slice(1)) {
      await sidebar.getByRole('link', { name: label }).click();
      await page.waitForURL((u) => u.pathname === path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await expect.poll(() => focused(page)).toEqual({ tag: 'H1', text: heading });
    }
    await h.screenshot('shell-sidebar-1280');

    // The header search keeps focus while it takes the user to the dashboard.
    await page.getByPlaceholder('Search numbers...').fill('555');
    await page.waitForURL((u) => pathOf(u.href) === '/dashboard?q=555');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('dashboard-search');
  });

  it('reaches every sidebar entry from the phone menu, a keyboard-friendly dialog', async () => {
    await ensureSignedIn();
    await page.setViewportSize({ width: 375, height: 812 });
    try {
      await page.goto(h.baseUrl + '/dashboard');
      await page.getByRole('heading', { name: 'VOIP Numbers Dashboard' }).waitFor();
      // The header search box shows its whole placeholder.
      const room = await page.getByPlaceholder('Search numbers...').evaluate((el) => {
        const input = el as HTMLInputElement;
        const css = getComputedStyle(input);
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = `${css.fontWeight} ${css.fontSize} ${css.fontFamily}`;
        const inner =
          input.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight);
        return inner - ctx.measureText(input.placeholder).width;
      });
      // Chromium keeps room for a search field's clear button (about 14 px) even while empty.
      expect(room).toBeGreaterThanOrEqual(16);
      const opener = page.getByRole('button', { name: 'Open menu' });
      const menu = page.getByRole('dialog', { name: 'Menu' });

      await opener.click();
      const labels = (await menu.getByRole('link').allTextContents()).map((l) => l.trim());
      expect(labels).toEqual(NAV.map(([label]) => label));
      await h.screenshot('shell-menu-375');

      // Focus stays inside while open; Escape closes it and focus returns to the button.
      for (let i = 0; i < NAV.length + 3; i++) {
        await page.keyboard.press('Tab');
        expect(
          await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]')),
        ).toBe(true);
      }
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Open menu');

      // Every entry, in turn; the menu closes on navigation and focus lands on the heading.
      for (const [label, path, heading] of [...NAV.slice(1), NAV[0]]) {
        await opener.click();
        await menu.getByRole('link', { name: label }).click();
        await page.waitForURL((u) => u.pathname === path);
        await menu.waitFor({ state: 'detached' });
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await expect.poll(() => focused(page)).toEqual({ tag: 'H1', text: heading });
      }

      // Back closes an open menu too.
      await opener.click();
      await menu.waitFor();
      await page.goBack();
      await menu.waitFor({ state: 'detached' });
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});

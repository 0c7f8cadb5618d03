import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { analyticsEvents } from '../../src/server/db/schema.ts';
import { signIn } from '../../src/server/test/app.ts';
import {
  eventually,
  noHorizontalScroll,
  screenshotDir,
  startHarness,
  type Harness,
} from './harness.ts';

const BOSS = 'boss@example.com';
const READER = 'Reader.One@Example.com';
const FORMULA = '+promo@example.com';

/**
 * The newsletter and page views in Chromium: subscribers made through the API show up in User
 * Management's Subscribers tab (empty, error with Retry, search, list) and download as CSV; client
 * navigation, the pre-rendered landing page and the admin pages record page_view and admin_*_viewed
 * events, with a share page's secret hash never stored.
 */
describe('newsletter and page views', () => {
  let h: Harness;
  let page: Page;

  const shoot = async (name: string) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await noHorizontalScroll(page, width);
      await page.screenshot({
        path: path.join(screenshotDir, `newsletter-${name}-${width}.png`),
        fullPage: true,
      });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  };

  const subscribe = (email: string) =>
    page.request.post(`${h.baseUrl}/v1/newsletter`, { data: { email } });

  /** The stored events of a type, read after the recorder has written what it holds. */
  const stored = async (type: string, sessionId?: string) => {
    await h.t.app.analytics.flush();
    return h.t.database.db
      .select()
      .from(analyticsEvents)
      .where(
        sessionId
          ? and(eq(analyticsEvents.eventType, type), eq(analyticsEvents.sessionId, sessionId))
          : eq(analyticsEvents.eventType, type),
      );
  };

  beforeAll(async () => {
    h = await startHarness({ env: { ADMIN_EMAILS: BOSS } });
    page = h.page;
    const { cookie } = await signIn(h.t, BOSS);
    await h.context.addCookies([
      { name: 'vm_session', value: cookie.replace(/^vm_session=/, ''), url: h.baseUrl },
    ]);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('the Subscribers tab: empty, failing with Retry, then the subscribers; search; CSV download', async () => {
    await page.goto(h.baseUrl + '/admin/users?tab=subscribers');
    const tab = page.getByRole('tab', { name: /^Subscribers \(/ });
    await page.getByText('No subscribers yet').waitFor();
    expect(await tab.innerText()).toBe('Subscribers (0)');
    expect(await tab.getAttribute('aria-selected')).toBe('true');
    expect(await page.getByLabel('Status').count()).toBe(0);
    await shoot('empty');

    // Subscribing through the API: stored once, whatever the case.
    const first = await subscribe(READER);
    expect(first.status()).toBe(201);
    expect(await first.json()).toEqual({ status: 'subscribed' });
    const again = await subscribe(READER.toUpperCase());
    expect(again.status()).toBe(200);
    expect(await again.json()).toEqual({ status: 'already_subscribed' });
    // A later subscription (the app's clock is the test's): newest first below.
    h.t.clock.advance(60_000);
    expect((await subscribe(FORMULA)).status()).toBe(201);
    const bad = await subscribe('not-an-email');
    expect(bad.status()).toBe(400);

    // The list fails to load: the error and Retry; Retry after the server recovers shows it.
    let failing = true;
    h.allowHttp(500, /\/v1\/admin\/newsletter(\?|$)/); // answered here
    await page.route(
      // The list only (the tab's count asks with limit=1).
      (url) => url.pathname === '/v1/admin/newsletter' && !url.searchParams.has('limit'),
      (route) =>
        failing
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Server exploded' } }),
            })
          : route.fallback(),
    );
    await page.reload();
    await page.getByRole('alert').getByText('Server exploded').waitFor();
    await shoot('error');
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    const rows = page.getByTestId('subscriber-row');
    await rows.first().waitFor();
    expect(await tab.innerText()).toBe('Subscribers (2)');
    expect(await rows.allInnerTexts()).toEqual([
      expect.stringContaining(FORMULA),
      expect.stringContaining(READER.toLowerCase()),
    ]);
    await shoot('list');

    // Search (debounced, in the URL), its empty state, and Clear Filters.
    await page.getByLabel('Search').fill('READER');
    await page.waitForURL((u) => u.searchParams.get('q') === 'READER');
    await eventually(async () => expect(await rows.count()).toBe(1));
    await page.getByLabel('Search').fill('nobody');
    await page.getByText('No subscribers found').waitFor();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await eventually(async () => expect(await rows.count()).toBe(2));

    // Export CSV: a download named by today's date, formula-safe.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await download.path();
    const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Email,Subscribed At');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([
      `'${FORMULA}`,
      READER.toLowerCase(),
    ]);
  });

  it('navigation records page views (secret paths redacted) and the admin pages their events', async () => {
    // The pre-rendered landing page: its island sends the view.
    await page.goto(h.baseUrl + '/');
    await page.waitForFunction(() => document.documentElement.dataset.island === 'ready');
    const sessionId = await page.evaluate(() => sessionStorage.getItem('vm_analytics_session'));
    expect(sessionId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    await eventually(async () =>
      expect((await stored('page_view', sessionId!)).map((e) => e.pageUrl)).toContain('/'),
    );

    // The app: the first view, then client-side navigations; a query-only change is not a view.
    await page.goto(h.baseUrl + '/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Administration' });
    await nav.getByRole('link', { name: 'User Management' }).click();
    await page.getByRole('heading', { name: 'User Management', level: 1 }).waitFor();
    await page.getByRole('tab', { name: /^Administrators \(/ }).click();
    await page.waitForURL((u) => u.searchParams.get('tab') === 'admins');
    await nav.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Site Settings', level: 1 }).waitFor();

    // A share page's hash is a secret: only '/api/:hash' is stored.
    const hash = 'f'.repeat(32);
    h.allowHttp(404, new RegExp(`/api/${hash}$`)); // no such page (the page answers 404)
    await page.goto(`${h.baseUrl}/api/${hash}`);
    await page.getByText('Page Not Found').first().waitFor();

    await eventually(async () => {
      const views = (await stored('page_view', sessionId!)).map((e) => e.pageUrl);
      expect(views).toEqual(
        expect.arrayContaining(['/', '/admin', '/admin/users', '/admin/settings', '/api/:hash']),
      );
      expect(views.filter((v) => v === '/admin/users')).toHaveLength(1);
      expect(views.some((v) => v?.includes('tab=admins'))).toBe(false);
    });
    const all = await stored('page_view');
    expect(JSON.stringify(all)).not.toContain(hash);
    const dashboard = await stored('admin_dashboard_viewed', sessionId!);
    const settings = await stored('admin_settings_viewed', sessionId!);
    expect(dashboard).toHaveLength(1);
    expect(settings).toHaveLength(1);
    expect(dashboard[0]!.userId).not.toBeNull();
    expect(settings[0]!.pageUrl).toBe('/admin/settings');
  });

  it('sends nothing when the browser asks not to be tracked (Global Privacy Control)', async () => {
    const before = (await stored('page_view')).length;
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    );
    await page.goto(h.baseUrl + '/about');
    await page.waitForFunction(() => document.documentElement.dataset.island === 'ready');
    await page.goto(h.baseUrl + '/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    // A beacon that was going to be sent would have been by now: check after a write of the
    // recorder and a round trip to the server.
    await page.evaluate(() => fetch('/v1/site').then((r) => r.text()));
    expect(await stored('page_view')).toHaveLength(before);
  });
});

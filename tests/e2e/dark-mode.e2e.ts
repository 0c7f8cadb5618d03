import fs from 'node:fs';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts';
import type { AdminPostDto } from '../../src/shared/blog.ts';
import { messages } from '../../src/server/db/schema.ts';
import { nextIp, signInAdmin } from '../../src/server/test/admin.ts';
import { signIn } from '../../src/server/test/app.ts';
import { contrastViolations } from './axe.ts';
import { noHorizontalScroll, startHarness, type Harness } from './harness.ts';

const SHOTS = '/tmp/dark-mode-shots';
const PHONE = { digits: '5550007001', formatted: '(555) 000-7001' };
const THEMES = ['light', 'dark'] as const;

/** The page's background (body) as [r, g, b], whatever colour syntax the style computes to. */
const bodyRgb = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = getComputedStyle(document.body).backgroundColor;
    ctx.fillRect(0, 0, 1, 1);
    return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3));
  });
const isDarkBody = async (page: Page) => {
  const [r, g, b] = await bodyRgb(page);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! < 60;
};

/**
 * Dark mode in Chromium: the system setting is followed, the user's choice (account menu, admin
 * header, Settings → Preferences) overrides it, survives a reload and follows the user to another
 * browser; and every screen, public, dashboard and admin, has no WCAG AA contrast failure
 * (axe-core's color-contrast rule) in either theme. Dark screenshots at 375 and 1280 px go to
 * /tmp/dark-mode-shots.
 */
describe('dark mode', () => {
  let h: Harness;
  let page: Page;
  let browser: Browser;
  let admin: { cookie: string; email: string };
  let code = '';
  let shareLink = '';
  let singleLink = '';
  let numberId = '';
  let post: AdminPostDto;

  const useSession = async (cookie: string) => {
    await h.context.clearCookies();
    await h.context.addCookies([
      { name: 'vm_session', value: cookie.replace(/^vm_session=/, ''), url: h.baseUrl },
    ]);
  };

  const shoot = async (name: string) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await noHorizontalScroll(page, width);
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  };

  /** Opens `url` in each theme (by the system setting), waits for `ready`, and runs axe. */
  const checkPage = async (
    name: string,
    url: string,
    ready: (p: Page) => Promise<unknown>,
    { themeClass = true } = {},
  ) => {
    const found: Record<string, string[]> = {};
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await page.goto(h.baseUrl + url);
      await ready(page);
      // The app's pages carry the theme as a class on <html>; the self-contained ones
      // (maintenance, offline) follow the system setting in their own styles.
      if (themeClass) {
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
          theme === 'dark',
        );
      }
      expect(await isDarkBody(page)).toBe(theme === 'dark');
      found[theme] = await contrastViolations(page);
      if (theme === 'dark') await shoot(name);
    }
    expect(found).toEqual({ light: [], dark: [] });
  };

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    h = await startHarness();
    page = h.page;
    browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: chromiumArgs,
    });
    admin = await signInAdmin(h.t, { role: 'super_admin' });
    const api = async (method: 'POST', url: string, payload: object) => {
      const res = await h.t.app.inject({
        method,
        url,
        headers: { cookie: admin.cookie },
        payload,
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json() as Record<string, unknown>;
    };
    // A number with a code (the demo provider, read once), shared on a public page.
    // Tags: named service colours and one derived from its name, checked in both themes.
    const number = await api('POST', '/v1/numbers', {
      phoneNumber: PHONE.digits,
      apiLink: `${h.baseUrl}/demo-provider/${PHONE.digits}?format=json`,
      tagNames: ['Telegram', 'X', 'Binance', 'Client A'],
    });
    // An inactive card is dimmed, its text still readable.
    await api('POST', '/v1/numbers', {
      phoneNumber: '5550006543',
      apiLink: `${h.baseUrl}/demo-provider/5550006543`,
      isActive: false,
      tagNames: ['WhatsApp'],
    });
    h.t.clock.advance(100_000);
    await api('POST', `/v1/numbers/${number.id as string}/refresh`, {});
    const [m] = await h.t.database.db
      .select({ code: messages.code })
      .from(messages)
      .where(eq(messages.voipNumberId, number.id as string))
      .orderBy(desc(messages.receivedAt))
      .limit(1);
    code = m!.code!;
    const shared = await api('POST', '/v1/pages', {
      name: 'Team numbers',
      numberIds: [number.id],
    });
    shareLink = `/api/${shared.hash as string}`;
    numberId = number.id as string;
    singleLink = `/single/${(await api('POST', '/v1/single-endpoints', { numberId })).hash as string}`;
    post = (await api('POST', '/v1/admin/posts', {
      title: 'Reading Codes at Night',
      slug: 'reading-codes-at-night',
      excerpt: 'Why the dashboard follows your device into dark mode.',
      content: [
        '## Links, lists and code',
        '',
        'Read the [guide](/about) with **strong** words and `inline code`.',
        '',
        '- One',
        '- Two',
        '',
        '> A quote.',
        '',
        '```sh',
        'curl -s https://provider.example/api',
        '```',
        '',
        '| Provider | Region |',
        '| --- | --- |',
        '| Alpha | North America |',
      ].join('\n'),
      category: 'Technical',
    })) as unknown as AdminPostDto;
  });
  afterAll(async () => {
    await browser?.close();
    await h?.close();
  });

  it('has no contrast failures on the public pages in either theme', async () => {
    await h.context.clearCookies();
    await checkPage('landing', '/', (p) => p.getByRole('heading', { level: 1 }).waitFor());
    await checkPage('auth', '/auth', (p) => p.getByLabel(/email/i).first().waitFor());
    await checkPage('blog-post', `/blog/${post.slug}`, (p) =>
      p.getByRole('heading', { level: 1, name: post.title }).waitFor(),
    );
    await checkPage('public-page', shareLink, (p) => p.getByText(code).first().waitFor());
    // The check itself finds a failure when there is one.
    await page.evaluate(() => {
      const p = document.createElement('p');
      p.textContent = 'Grey on grey';
      p.style.cssText = 'color:#777;background:#888';
      document.body.prepend(p);
    });
    expect(await contrastViolations(page)).toHaveLength(1);
  });

  it('the maintenance page and the offline page follow the system setting', async () => {
    const maintenance = async (value: boolean) => {
      const res = await h.t.app.inject({
        method: 'PUT',
        url: '/v1/admin/settings/maintenance_mode',
        headers: { cookie: admin.cookie },
        payload: { value },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await h.context.clearCookies();
    await maintenance(true);
    h.allowHttp(503, /\/about$/);
    try {
      await checkPage(
        'maintenance',
        '/about',
        (p) => p.getByRole('heading', { level: 1 }).waitFor(),
        { themeClass: false },
      );
    } finally {
      await maintenance(false);
    }
    await checkPage(
      'offline',
      '/offline.html',
      (p) => p.getByRole('heading', { name: 'You are offline' }).waitFor(),
      { themeClass: false },
    );
    // 'Try again' opens the page asked for again (a link: the CSP refuses inline handlers).
    const again = page.getByRole('link', { name: 'Try again' });
    expect(await again.evaluate((a: HTMLAnchorElement) => a.href)).toBe(page.url());
    await Promise.all([page.waitForEvent('load'), again.click()]);
  });

  it('has no contrast failures on the dashboard, Settings and the admin dashboard', async () => {
    await useSession(admin.cookie);
    await checkPage('dashboard', '/dashboard', (p) => p.getByText(code).first().waitFor());
    await checkPage('settings', '/dashboard/settings', (p) =>
      p.getByRole('radio', { name: 'System' }).waitFor(),
    );
    await checkPage('admin-dashboard', '/admin', async (p) => {
      await p.getByTestId('admin-last-updated').waitFor();
      await p.locator('canvas').first().waitFor();
    });
  });

  it('has no contrast failures on every other screen, public, dashboard and admin', async () => {
    const heading = (p: Page) => p.getByRole('heading', { level: 1 }).first().waitFor();
    const text = (t: string) => (p: Page) => p.getByText(t).first().waitFor();
    await h.context.clearCookies();
    for (const name of ['about', 'privacy', 'terms', 'contact', 'date-checker'])
      await checkPage(name, `/${name}`, heading);
    await checkPage('blog', '/blog', text(post.title));
    await checkPage('single-endpoint', singleLink, text(code));

    await useSession(admin.cookie);
    const screens: [string, string, (p: Page) => Promise<unknown>][] = [
      ['add-number', '/dashboard/add', (p) => p.getByLabel('Phone Number').waitFor()],
      [
        'edit-number',
        `/dashboard/edit/${numberId}`,
        (p) => expect.poll(() => p.getByLabel('Phone Number').inputValue()).toBe(PHONE.digits),
      ],
      ['messages', '/dashboard/messages', text(code)],
      ['history', '/dashboard/history', text(code)],
      ['date-check', '/dashboard/date-check', heading],
      ['public-pages', '/dashboard/public-pages', text('Team numbers')],
      ['single-api', '/dashboard/single-api', text(PHONE.formatted)],
      ['webhooks', '/dashboard/webhooks', heading],
      ['admin-users', '/admin/users', text(admin.email)],
      ['admin-blog', '/admin/blog', text(post.title)],
      ['admin-analytics', '/admin/analytics', heading],
      ['admin-settings', '/admin/settings', (p) => p.getByLabel('Site name').waitFor()],
    ];
    for (const [name, url, ready] of screens) await checkPage(name, url, ready);
  });

  it('follows the system setting until the user picks a theme, which follows them to another browser', async () => {
    const email = `night-${Date.now()}@example.com`;
    await useSession((await signIn(h.t, email, nextIp())).cookie);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(h.baseUrl + '/dashboard');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await isDarkBody(page)).toBe(true);
    // The system turns light: so does the page, without a reload.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => isDarkBody(page)).toBe(false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => isDarkBody(page)).toBe(true);

    // The account menu: the three themes, System checked; Light overrides the dark system.
    await page.getByRole('button', { name: `Account menu for ${email}` }).click();
    const menu = page.getByRole('menu');
    await expect
      .poll(() => menu.getByRole('menuitemradio', { name: 'System' }).getAttribute('aria-checked'))
      .toBe('true');
    await menu.getByRole('menuitemradio', { name: 'Light' }).click();
    await expect.poll(() => isDarkBody(page)).toBe(false);
    await page.getByRole('button', { name: `Account menu for ${email}` }).click();
    expect(
      await menu.getByRole('menuitemradio', { name: 'Light' }).getAttribute('aria-checked'),
    ).toBe('true');
    await page.keyboard.press('Escape');
    await expect
      .poll(
        async () =>
          (await (await page.request.get(`${h.baseUrl}/v1/auth/session`)).json()).user.theme,
      )
      .toBe('light');

    // A reload paints light at once (the device remembers it) and stays light.
    await page.reload();
    expect(await isDarkBody(page)).toBe(false);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await isDarkBody(page)).toBe(false);

    // Another browser, dark system, signing in afresh: the account's choice wins.
    const other = await browser.newContext({ colorScheme: 'dark', baseURL: h.baseUrl });
    try {
      h.t.clock.advance(61_000); // a new code may be sent a minute after the last
      const otherCookie = (await signIn(h.t, email, nextIp())).cookie.replace(/^vm_session=/, '');
      await other.addCookies([{ name: 'vm_session', value: otherCookie, url: h.baseUrl }]);
      const otherPage = await other.newPage();
      await otherPage.goto(h.baseUrl + '/dashboard/settings');
      await otherPage.getByRole('radio', { name: 'Light' }).waitFor();
      await expect.poll(() => isDarkBody(otherPage)).toBe(false);
      expect(await otherPage.getByRole('radio', { name: 'Light' }).isChecked()).toBe(true);

      // Back to System in Settings → Preferences (by keyboard): dark again, as the device is.
      await otherPage.getByRole('radio', { name: 'Light' }).focus();
      await otherPage.keyboard.press('ArrowLeft');
      await expect
        .poll(() => otherPage.getByRole('radio', { name: 'System' }).isChecked())
        .toBe(true);
      await expect.poll(() => isDarkBody(otherPage)).toBe(true);
    } finally {
      await other.close();
    }
    await expect
      .poll(
        async () =>
          (await (await page.request.get(`${h.baseUrl}/v1/auth/session`)).json()).user.theme,
      )
      .toBe('system');
  });

  it('an administrator changes preferences and keeps the admin area; the admin header has a theme menu', async () => {
    await useSession(admin.cookie);
    await page.emulateMedia({ colorScheme: 'light' });
    // Saving a preference keeps the session's admin access (the 'Admin' link stays).
    await page.goto(h.baseUrl + '/dashboard/settings');
    const nav = page.getByRole('navigation').first();
    await nav.getByRole('link', { name: 'Admin' }).waitFor();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/v1/me') && r.request().method() === 'PATCH',
    );
    await page.getByRole('switch', { name: /new code arrives/ }).click();
    expect((await saved).status()).toBe(200);
    // The answer is in the page's cache by the next frame.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    await expect
      .poll(() => page.getByRole('switch', { name: /new code arrives/ }).isChecked())
      .toBe(false);
    expect(await nav.getByRole('link', { name: 'Admin' }).isVisible()).toBe(true);

    await page.goto(h.baseUrl + '/admin');
    const button = page.getByRole('button', { name: 'Theme: System' });
    await button.click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect.poll(() => isDarkBody(page)).toBe(true);
    // Still the admin area (the saved preference keeps the session's admin access).
    await page.getByRole('button', { name: 'Theme: Dark' }).waitFor();
    await page.getByTestId('admin-last-updated').waitFor();
    expect(await contrastViolations(page)).toEqual([]);
  });
});

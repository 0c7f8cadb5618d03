import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn } from '../../src/server/test/app.ts';
import {
  codeFrom,
  eventually,
  noHorizontalScroll,
  screenshotDir,
  startHarness,
  type Harness,
} from './harness.ts';

const BOSS = 'boss@example.com';
const EDITOR = 'editor@example.com';
const USER = 'someone@example.com';
const ALL_SECTIONS = [
  'Dashboard',
  'Blog Management',
  'User Management',
  'Analytics',
  'Settings',
] as const;

/**
 * The admin area in Chromium: the bootstrap admin (ADMIN_EMAILS) signs in, grants an editor
 * blog-only access; the editor sees only Dashboard (its blog sections) and Blog Management and is
 * refused the rest, by the page and by the API; maintenance mode turned on and off in Settings as a normal user
 * sees it. Screenshots of every admin page at 375 and 1280 px.
 */
describe('admin area', () => {
  let h: Harness;
  let page: Page;
  /** Each person's session cookie, so the browser can switch between them without signing in. */
  const sessions = new Map<string, string>();

  const actAs = async (email: string) => {
    const value = sessions.get(email);
    if (!value) throw new Error(`no session for ${email}`);
    await h.context.clearCookies();
    await h.context.addCookies([{ name: 'vm_session', value, url: h.baseUrl }]);
  };
  const signInApi = async (email: string) => {
    const { cookie } = await signIn(h.t, email);
    sessions.set(email, cookie.replace(/^vm_session=/, ''));
  };

  const sidebarEntries = async () => {
    const nav = page.getByRole('navigation', { name: 'Administration' });
    await nav.getByRole('link').first().waitFor();
    return nav.getByRole('link').allInnerTexts();
  };

  /**
   * Each column of a list starts at the same x in its header and in every row (rows with and
   * without badges, buttons or 'You'), at 1280 px.
   */
  const expectColumnsAligned = async (listName: string) => {
    const starts = await page
      .getByRole('list', { name: listName, exact: true })
      .evaluate((ul) =>
        [ul.previousElementSibling!, ...ul.children].map((row) =>
          [...row.children].map((cell) => Math.round(cell.getBoundingClientRect().x)),
        ),
      );
    expect(starts.length).toBeGreaterThanOrEqual(2);
    for (const row of starts) expect(row).toEqual(starts[0]);
  };

  /** Screenshots at 375 and 1280 px (the whole page), with no sideways scrolling. */
  const shoot = async (name: string) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await noHorizontalScroll(page, width);
      await page.screenshot({
        path: path.join(screenshotDir, `admin-${name}-${width}.png`),
        fullPage: true,
      });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  };

  beforeAll(async () => {
    h = await startHarness({ env: { ADMIN_EMAILS: BOSS } });
    page = h.page;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('the bootstrap admin signs in and grants an editor blog-only access', async () => {
    await page.goto(h.baseUrl + '/admin');
    await page.waitForURL('**/auth?next=%2Fadmin');
    await page.getByLabel('Email address').fill(BOSS);
    await page.getByRole('button', { name: 'Send Code' }).click();
    const mail = await eventually(() => h.latestMail(BOSS));
    await page.getByLabel('Verification code').fill(codeFrom(mail.text));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
    const cookie = (await h.context.cookies()).find((c) => c.name === 'vm_session');
    sessions.set(BOSS, cookie!.value);

    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    await page.getByText('Overview of your VOIP Manager platform').waitFor();
    await page.getByRole('banner').getByText('Administration', { exact: true }).waitFor();
    expect(await sidebarEntries()).toEqual([...ALL_SECTIONS]);
    expect(await page.getByTestId('admin-email').first().innerText()).toBe(BOSS);
    expect(await page.getByTestId('admin-role').first().innerText()).toMatch(/^super admin$/i);
    await page.getByRole('link', { name: 'Back to App' }).first().waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).first().waitFor();
    await page.getByTestId('admin-last-updated').waitFor();
    const cards = page.getByRole('list', { name: 'Platform statistics' });
    await cards.getByText('+1 this week').waitFor();
    for (const text of ['Total Users', 'VOIP Numbers', 'Total Messages', 'Blog Posts']) {
      await cards.getByRole('heading', { name: text }).waitFor();
    }
    await cards.getByText(/^Active users: \d+$/).waitFor();
    await cards.getByText(/^Processed today: \d+$/).waitFor();
    await cards.getByText('Published articles').waitFor();
    await shoot('dashboard');

    // The phone menu lists the same entries.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: 'User Management' }).waitFor();
    await page.screenshot({ path: path.join(screenshotDir, 'admin-mobile-menu-375.png') });
    await menu.getByRole('link', { name: 'User Management' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/users');
    await page.getByRole('heading', { name: 'User Management', level: 1 }).waitFor();
    expect(await menu.count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Users tab by default; the Administrators tab lists the bootstrap admin.
    expect(await page.getByRole('tab', { name: /^Users \(/ }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await page.getByRole('button', { name: 'Create Admin' }).count()).toBe(0);
    const me = page.getByTestId('user-row').filter({ hasText: BOSS });
    await me.getByText('Verified', { exact: true }).waitFor();
    await me.getByText('Admin', { exact: true }).waitFor();
    await expectColumnsAligned('Users');
    await shoot('users');
    // Search (debounced, in the URL) and the empty state; Clear Filters brings the list back.
    await page.getByLabel('Search').fill('nobody-here');
    await page.getByText('No users found').waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('nobody-here');
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await me.waitFor();
    await page.getByLabel('Status').selectOption('admin');
    await me.waitFor();
    await page.getByLabel('Status').selectOption('unverified');
    await page.getByText('No users found').waitFor();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    // The tabs by keyboard: Left wraps to the last, Home and End, Right moves on (selected and
    // focused each time).
    const selectedTab = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el?.getAttribute('aria-selected') === 'true' ? el.textContent : null;
      });
    await page.getByRole('tab', { name: /^Users \(/ }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(selectedTab).toMatch(/^Contact Messages/);
    await page.keyboard.press('Home');
    await expect.poll(selectedTab).toMatch(/^Users/);
    await page.keyboard.press('End');
    await expect.poll(selectedTab).toMatch(/^Contact Messages/);
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await expect.poll(selectedTab).toMatch(/^Administrators/);
    await page.waitForURL((u) => u.searchParams.get('tab') === 'admins');
    await page.getByTestId('admin-row').filter({ hasText: BOSS }).waitFor();

    // Create Admin: defaults role admin, every permission, active.
    await page.getByRole('button', { name: 'Create Admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Administrator' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Role').inputValue()).toBe('admin');
    for (const p of ['Blog', 'Users', 'Analytics', 'Settings']) {
      expect(await dialog.getByRole('checkbox', { name: p }).isChecked()).toBe(true);
    }
    expect(await dialog.getByRole('switch', { name: 'Active' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await shoot('create-admin-dialog');
    await dialog.getByLabel('Email').fill(EDITOR);
    await dialog.getByLabel('Role').selectOption({ label: 'Editor' });
    for (const p of ['Users', 'Analytics', 'Settings']) {
      await dialog.getByRole('checkbox', { name: p }).uncheck();
    }
    await dialog.getByRole('button', { name: 'Create Admin' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('admin-row').filter({ hasText: EDITOR });
    await row.waitFor();
    expect(await row.getByTestId('admin-permissions').innerText()).toBe('Blog');
    await row.getByText('Editor', { exact: true }).waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    await expectColumnsAligned('Administrators');
    await shoot('admins');

    // The same email again: the server's refusal is shown in the dialog.
    h.allowHttp(409, /\/v1\/admin\/admins$/);
    await page.getByRole('button', { name: 'Create Admin' }).click();
    await dialog.getByLabel('Email').fill(EDITOR);
    await dialog.getByRole('button', { name: 'Create Admin' }).click();
    await dialog.getByText(/already/i).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Edit shows the admin's values with the email fixed.
    await row.getByRole('button', { name: `Edit ${EDITOR}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Administrator' });
    expect(await edit.getByLabel('Email').isDisabled()).toBe(true);
    expect(await edit.getByLabel('Role').inputValue()).toBe('editor');
    expect(await edit.getByRole('checkbox', { name: 'Users' }).isChecked()).toBe(false);
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // Delete asks first (and is cancelled here).
    await row.getByRole('button', { name: `Delete ${EDITOR}` }).click();
    await page.getByText(`Are you sure you want to delete admin user "${EDITOR}"?`).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('tab', { name: /^Contact Messages \(/ }).click();
    await page.waitForURL((u) => u.searchParams.get('tab') === 'contact');
    await shoot('contact-messages');
  });

  it('the editor sees only Dashboard and Blog Management and is refused the rest', async () => {
    await signInApi(EDITOR);
    await actAs(EDITOR);
    // The dashboard asks only for the sections the editor may see: the blog's.
    const sectionCalls: string[] = [];
    const onResponse = (res: { url(): string; status(): number }) => {
      const url = new URL(res.url());
      if (url.pathname.startsWith('/v1/admin/dashboard')) {
        sectionCalls.push(`${url.pathname} ${res.status()}`);
      }
    };
    page.on('response', onResponse);
    await page.goto(h.baseUrl + '/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    expect(await sidebarEntries()).toEqual(['Dashboard', 'Blog Management']);
    expect(await page.getByTestId('admin-role').first().innerText()).toMatch(/^editor$/i);
    const cards = page.getByRole('list', { name: 'Platform statistics' });
    await cards.getByText('Published articles').waitFor();
    expect(await cards.getByRole('heading').allInnerTexts()).toEqual(['Blog Posts']);
    await page.getByRole('heading', { name: 'Blog Categories' }).waitFor();
    await page.getByRole('heading', { name: 'Popular Blog Posts' }).waitFor();
    for (const hidden of ['User Growth (30 Days)', 'Message Volume (30 Days)', 'Recent Activity']) {
      expect(await page.getByRole('heading', { name: hidden }).count(), hidden).toBe(0);
    }
    expect(await page.getByRole('alert').count()).toBe(0);
    page.off('response', onResponse);
    expect(sectionCalls).toEqual(['/v1/admin/dashboard/blog 200']);
    await shoot('dashboard-editor');

    await page.goto(h.baseUrl + '/admin/blog');
    await page.getByRole('heading', { name: 'Blog Management', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Create New Post' }).first().waitFor();
    await page.getByRole('heading', { name: /^Blog Posts \(\d+\)$/ }).waitFor();
    await shoot('blog');

    // The sections the editor may not see ask the server for nothing (no 403 in the console).
    const refused: string[] = [];
    const onRefused = (res: { url(): string; status(): number }) => {
      if (res.status() >= 400) refused.push(`${new URL(res.url()).pathname} ${res.status()}`);
    };
    page.on('response', onRefused);
    for (const [url, name] of [
      ['/admin/users', 'users'],
      ['/admin/settings', 'settings'],
      ['/admin/analytics', 'analytics'],
    ] as const) {
      await page.goto(h.baseUrl + url);
      await page.getByRole('heading', { name: 'Not authorised', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe(url);
      // Inside the layout: the sidebar is still there.
      expect(await sidebarEntries()).toEqual(['Dashboard', 'Blog Management']);
      await page.waitForLoadState('networkidle');
      if (name === 'users') await shoot('not-authorised-section');
    }
    page.off('response', onRefused);
    expect(refused).toEqual([]);

    h.allowHttp(
      403,
      /\/v1\/admin\/(users|admins|settings|contact-messages|dashboard\/users|dashboard\/activity)$/,
    ); // asked here
    const statuses = await page.evaluate(async () => {
      const get = async (url: string) => (await fetch(url)).status;
      return {
        users: await get('/v1/admin/users'),
        admins: await get('/v1/admin/admins'),
        settings: await get('/v1/admin/settings'),
        contact: await get('/v1/admin/contact-messages'),
        dashboardUsers: await get('/v1/admin/dashboard/users'),
        dashboardActivity: await get('/v1/admin/dashboard/activity'),
        create: (
          await fetch('/v1/admin/admins', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'another@example.com' }),
          })
        ).status,
      };
    });
    expect(statuses).toEqual({
      users: 403,
      admins: 403,
      settings: 403,
      contact: 403,
      dashboardUsers: 403,
      dashboardActivity: 403,
      create: 403,
    });
  });

  it('a section whose permission is taken away while open turns into Not authorised', async () => {
    const asBoss = async (method: 'GET' | 'PATCH', url: string, payload?: object) => {
      const res = await h.t.app.inject({
        method,
        url,
        headers: { cookie: `vm_session=${sessions.get(BOSS)}` },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const list = (await asBoss('GET', `/v1/admin/admins?q=${EDITOR}`)) as {
      items: { id: string }[];
    };
    const editorPath = `/v1/admin/admins/${list.items[0]!.id}`;
    const rights = (users: boolean) => ({
      permissions: { blog: true, users, analytics: false, settings: false },
    });
    await asBoss('PATCH', editorPath, rights(true));
    await actAs(EDITOR);
    await page.goto(h.baseUrl + '/admin/users');
    await page.getByRole('heading', { name: 'User Management', level: 1 }).waitFor();
    await page.getByTestId('user-row').first().waitFor();

    await asBoss('PATCH', editorPath, rights(false));
    const refused: string[] = [];
    const onRefused = (res: { url(): string; status(): number }) => {
      if (res.status() === 403) refused.push(new URL(res.url()).pathname);
    };
    page.on('response', onRefused);
    h.allowHttp(403, /\/v1\/admin\/newsletter\?/); // the one read before the page knows
    await page.getByRole('tab', { name: /^Subscribers/ }).click();
    await page.getByRole('heading', { name: 'Not authorised', level: 1 }).waitFor();
    expect(await sidebarEntries()).toEqual(['Dashboard', 'Blog Management']);
    await page.waitForLoadState('networkidle');
    page.off('response', onRefused);
    expect(refused).toEqual(['/v1/admin/newsletter']);
  });

  it('maintenance mode turned on in Settings shows users the maintenance page, and off again', async () => {
    await signInApi(USER);

    // A non-admin at /admin: the not-authorised page, no redirect.
    await actAs(USER);
    await page.goto(h.baseUrl + '/admin/settings');
    await page.getByRole('heading', { name: 'Not authorised', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/settings');
    await page.getByRole('link', { name: 'Back to Dashboard' }).waitFor();
    await shoot('not-authorised');
    // No Admin entry in the user's dashboard navigation.
    await page.goto(h.baseUrl + '/dashboard');
    await page.getByRole('heading', { name: 'VOIP Numbers Dashboard', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);

    await actAs(BOSS);
    await page.goto(h.baseUrl + '/dashboard');
    await page.getByRole('heading', { name: 'VOIP Numbers Dashboard', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Admin', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Site Settings', level: 1 }).waitFor();
    await page.getByTestId('system-information').getByText('Connected').waitFor();
    await page.getByTestId('system-information').getByText('VAPID keys ready').waitFor();
    // No bot yet: the token form, its Save button waiting for a token.
    const bot = page.getByTestId('telegram-bot');
    await bot.getByRole('heading', { name: 'Telegram bot' }).waitFor();
    expect(await bot.getByRole('button', { name: 'Save token' }).isDisabled()).toBe(true);
    await shoot('settings');

    const maintenance = page.getByRole('switch', { name: 'Maintenance mode' });
    expect(await maintenance.getAttribute('aria-checked')).toBe('false');
    await maintenance.click();
    await page.getByTestId('setting-maintenance_mode').getByText('Saved').waitFor();
    expect(await maintenance.getAttribute('aria-checked')).toBe('true');

    await actAs(USER);
    h.allowHttp(503, /\/dashboard$/);
    const refused = await page.goto(h.baseUrl + '/dashboard');
    expect(refused?.status()).toBe(503);
    await page.getByRole('heading', { name: 'Down for maintenance' }).waitFor();

    await actAs(BOSS);
    await page.goto(h.baseUrl + '/admin/settings');
    await maintenance.waitFor();
    expect(await maintenance.getAttribute('aria-checked')).toBe('true');
    await maintenance.click();
    await page.getByTestId('setting-maintenance_mode').getByText('Saved').waitFor();
    expect(await maintenance.getAttribute('aria-checked')).toBe('false');

    await actAs(USER);
    const back = await page.goto(h.baseUrl + '/dashboard');
    expect(back?.status()).toBe(200);
    await page.getByRole('heading', { name: 'VOIP Numbers Dashboard', level: 1 }).waitFor();
  });

  it('saves text settings on blur, shows the server’s refusal, and Reset All Settings restores the defaults', async () => {
    await actAs(BOSS);
    await page.goto(h.baseUrl + '/admin/settings');
    const name = page.getByLabel('Site name');
    await name.fill('Acme Codes');
    await name.blur();
    await page.getByTestId('setting-site_name').getByText('Saved').waitFor();

    const limit = page.getByLabel('Max messages per number');
    h.allowHttp(400, /\/v1\/admin\/settings\/max_messages_per_number$/); // below the minimum
    await limit.fill('5');
    await limit.blur();
    await page
      .getByTestId('setting-max_messages_per_number')
      .getByText('max_messages_per_number must be at least 10')
      .waitFor();
    await shoot('settings-error');
    await limit.fill('100');
    await limit.blur();

    await page.getByRole('button', { name: 'Reset All Settings' }).click();
    await page
      .getByText('Are you sure you want to reset all settings? This action cannot be undone.')
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Reset All Settings' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await eventually(async () => expect(await name.inputValue()).toBe('VOIP Manager'));
    const site = (await (await page.request.get(`${h.baseUrl}/v1/site`)).json()) as {
      siteName: string;
    };
    expect(site.siteName).toBe('VOIP Manager');
  });
});

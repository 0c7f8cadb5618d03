import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsers } from '../../src/server/db/schema.ts';
import { signIn } from '../../src/server/test/app.ts';
import {
  hydrated,
  noHorizontalScroll,
  signInBrowser,
  startHarness,
  type Harness,
} from './harness.ts';

/*
 * Site settings seen in the browser: the served site name and contact address (the contact page
 * hydrates with them), and maintenance mode for a signed-in user (the app's screen when a save is
 * refused, the server's page on a reload). Settings are changed through the admin API.
 */
describe('site settings in the browser', () => {
  let h: Harness;
  let adminCookie = '';
  beforeAll(async () => {
    h = await startHarness();
    const admin = await signIn(h.t, 'boss@example.com');
    await h.t.database.db.insert(adminUsers).values({ userId: admin.user.id, role: 'admin' });
    adminCookie = admin.cookie;
  });
  afterAll(async () => {
    await h?.close();
  });

  const setSetting = async (key: string, value: unknown) => {
    const res = await h.t.app.inject({
      method: 'PUT',
      url: `/v1/admin/settings/${key}`,
      headers: { cookie: adminCookie },
      payload: { value },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  /** The browser signed in as the admin (the session made in beforeAll). */
  const browserAsAdmin = async () => {
    const [name, value] = adminCookie.split(';')[0]!.split('=') as [string, string];
    await h.context.addCookies([{ name, value, url: h.baseUrl }]);
  };

  it('the contact page shows the current address and the title the site name', async () => {
    const { page } = h;
    await setSetting('site_name', 'Acme Codes');
    await setSetting('contact_email', 'help@acme.test');
    await page.goto(h.baseUrl + '/contact');
    const link = page.getByRole('link', { name: 'help@acme.test' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('mailto:help@acme.test');
    expect(await page.title()).toBe('Contact · Acme Codes');
    // Hydrated (the form works on the client) without a mismatch.
    await hydrated(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Full Name is required').waitFor();
  });

  it('maintenance: a refused save shows the maintenance screen; a reload gets the maintenance page', async () => {
    const { page } = h;
    await signInBrowser(h, 'user@example.com');
    await page.goto(h.baseUrl + '/dashboard/settings');
    await page.getByRole('heading', { name: 'Preferences' }).waitFor();
    expect(await page.title()).toContain('Acme Codes');

    await setSetting('maintenance_mode', true);
    h.allowHttp(503, /\/v1\/me$/); // the refused save
    h.allowHttp(503, /\/dashboard\/settings$/); // the maintenance page
    const refused = page.waitForResponse(
      (r) => r.url().endsWith('/v1/me') && r.request().method() === 'PATCH',
    );
    await page.getByRole('switch', { name: 'Show a notification when a new code arrives' }).click();
    expect((await refused).status()).toBe(503);
    await page.getByRole('heading', { name: 'Down for maintenance' }).waitFor();
    await page.getByText('Acme Codes is down for maintenance. Please try again later.').waitFor();
    await page.getByRole('link', { name: 'Administrator? Sign in' }).waitFor();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await noHorizontalScroll(page, width);
      await h.screenshot(`maintenance-screen-${width}`);
    }

    const reloaded = await page.reload();
    expect(reloaded?.status()).toBe(503);
    await page.getByRole('heading', { name: 'Down for maintenance' }).waitFor();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await noHorizontalScroll(page, width);
      await h.screenshot(`maintenance-page-${width}`);
    }

    await setSetting('maintenance_mode', false);
    await page.setViewportSize({ width: 1280, height: 800 });
    const back = await page.reload();
    expect(back?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Preferences' }).waitFor();
  });

  it('maintenance turned on and off reaches an open dashboard without a reload; shared pages keep working', async () => {
    const { page } = h;
    await h.context.clearCookies();
    await signInBrowser(h, 'watcher@example.com');
    const n = await page.request.post(h.baseUrl + '/v1/numbers', {
      data: { phoneNumber: '5550004321', apiLink: `${h.baseUrl}/demo-provider/5550004321` },
    });
    expect(n.status()).toBe(201);
    const endpoint = await page.request.post(h.baseUrl + '/v1/single-endpoints', {
      data: { numberId: ((await n.json()) as { id: string }).id },
    });
    const { hash } = (await endpoint.json()) as { hash: string };

    // The page's clock is moved on by the test (15 s at once), so its check every 15 s runs
    // without the test waiting for it.
    await page.clock.install();
    await page.goto(h.baseUrl + '/dashboard/settings');
    await page.getByRole('heading', { name: 'Preferences' }).waitFor();
    // Marks this page load: a reload would lose it.
    await page.evaluate(() => ((window as unknown as { sameLoad: boolean }).sameLoad = true));
    const sameLoad = () =>
      page.evaluate(() => (window as unknown as { sameLoad?: boolean }).sameLoad === true);

    // The dashboard checks every 15 s: the screen shows with no click and no reload.
    await setSetting('maintenance_mode', true);
    await page.clock.runFor(15_000);
    await page.getByRole('heading', { name: 'Down for maintenance' }).waitFor();
    expect(await sameLoad()).toBe(true);

    // Customers' shared pages keep working meanwhile.
    const visitor = await h.context.newPage();
    await visitor.goto(`${h.baseUrl}/single/${hash}`);
    await visitor.getByTestId('endpoint-number').getByText('(555) 000-4321').waitFor();
    await visitor.close();

    await setSetting('maintenance_mode', false);
    await page.clock.runFor(15_000);
    await page.getByRole('heading', { name: 'Preferences' }).waitFor();
    expect(await sameLoad()).toBe(true);
  });

  it('a new site name is the brand of every header, the footer and the sign-in page', async () => {
    const { page } = h;
    const NAME = 'Brand & Co';
    await browserAsAdmin();
    await page.goto(h.baseUrl + '/admin/settings');
    const field = page.getByLabel('Site name');
    await field.fill(NAME);
    await field.blur();
    await page.getByTestId('setting-site_name').getByText('Saved').waitFor();
    // The admin sidebar follows at once, without a reload.
    await page
      .locator('aside')
      .getByRole('link', { name: `${NAME} administration home` })
      .waitFor();

    /** Every brand on the page (the logo's word mark and the like) says the new name. */
    const onlyNewName = async () => {
      const brands = page.locator('[data-site-name]');
      await brands.first().waitFor();
      expect(new Set(await brands.allInnerTexts())).toEqual(new Set([NAME]));
    };

    await page.goto(h.baseUrl + '/dashboard');
    await page.locator('aside').getByRole('link', { name: NAME, exact: true }).waitFor();
    await onlyNewName();

    const post = async (url: string, data: object) => {
      const res = await page.request.post(h.baseUrl + url, { data });
      expect(res.status(), await res.text()).toBeLessThan(300);
      return (await res.json()) as { id: string; hash: string };
    };
    const n = await post('/v1/numbers', {
      phoneNumber: '5550001234',
      apiLink: `${h.baseUrl}/demo-provider/5550001234`,
    });
    const shared = await post('/v1/pages', { name: 'Shared', numberIds: [n.id] });
    const endpoint = await post('/v1/single-endpoints', { numberId: n.id });
    await h.context.clearCookies();

    const year = new Date().getFullYear();
    // Pre-rendered (/, /about, /auth), hydrated (/contact) and app-rendered (/blog) public pages.
    for (const path of ['/', '/about', '/contact', '/blog', '/auth']) {
      await page.goto(h.baseUrl + path);
      await page
        .getByRole('link', { name: `${NAME} home` })
        .first()
        .waitFor();
      if (path !== '/auth') {
        await page
          .getByRole('contentinfo')
          .getByText(`© ${year} ${NAME}. All rights reserved.`)
          .waitFor();
      }
      await onlyNewName();
    }
    await page.goto(h.baseUrl + '/auth');
    await page.getByRole('heading', { name: `Sign in to ${NAME}` }).waitFor();
    await page.goto(h.baseUrl + '/blog');
    await page.getByRole('heading', { name: `${NAME} Blog`, level: 1 }).waitFor();

    for (const path of [`/api/${shared.hash}`, `/single/${endpoint.hash}`]) {
      await page.goto(h.baseUrl + path);
      await page.getByRole('banner').getByText(NAME, { exact: true }).waitFor();
      await page.getByText(`Powered by ${NAME} • Messages update automatically`).waitFor();
      await onlyNewName();
    }
  });

  it('one version: the dashboard sidebar and System Information both show package.json’s', async () => {
    const { page } = h;
    const { version } = JSON.parse(
      fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    expect(version).toBe('1.0.0'); // the product's version (spec: v1.0.0)
    await browserAsAdmin();
    await page.goto(h.baseUrl + '/dashboard');
    await page.locator('aside').getByText(`Version ${version}`, { exact: true }).waitFor();
    await page.goto(h.baseUrl + '/admin/settings');
    const system = page.getByTestId('system-information');
    await system.getByText(`v${version}`, { exact: true }).waitFor();
  });
});

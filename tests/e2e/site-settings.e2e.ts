import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsers } from '../../src/server/db/schema.ts';
import { signIn } from '../../src/server/test/app.ts';
import { noHorizontalScroll, signInBrowser, startHarness, type Harness } from './harness.ts';

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
});

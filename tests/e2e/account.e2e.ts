import { eq } from 'drizzle-orm';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema.ts';
import {
  codeFrom,
  eventually,
  signInBrowser,
  startHarness,
  type Harness,
  noHorizontalScroll,
} from './harness.ts';

const uniqueEmail = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 8)}@example.com`;

describe('account settings', () => {
  let h: Harness;
  let page: Page;
  let other: Browser | undefined;
  beforeAll(async () => {
    h = await startHarness();
    page = h.page;
  });
  afterAll(async () => {
    await other?.close();
    await h?.close();
  });

  const toastSwitch = () =>
    page.getByRole('switch', { name: 'Show a notification when a new code arrives' });
  const me = async (p: Page) => {
    const res = await p.request.get(h.baseUrl + '/v1/me');
    return { status: res.status(), body: res.ok() ? await res.json() : null };
  };

  it('stores the code notification preference across reloads, and rolls back a failed save', async () => {
    await signInBrowser(h, uniqueEmail('prefs'));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(h.baseUrl + '/dashboard/settings');
    await page.getByRole('heading', { name: 'Preferences' }).waitFor();
    expect(await toastSwitch().isChecked()).toBe(true);

    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/v1/me') && r.request().method() === 'PATCH',
    );
    await toastSwitch().click();
    expect((await saved).status()).toBe(200);
    expect(await toastSwitch().isChecked()).toBe(false);
    expect((await me(page)).body.codeToasts).toBe(false);

    await page.reload();
    await page.getByRole('heading', { name: 'Preferences' }).waitFor();
    expect(await toastSwitch().isChecked()).toBe(false);

    // The server refuses: the switch goes back and says why.
    h.allowHttp(503, /\/v1\/me$/); // answered here
    await page.route('**/v1/me', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({
              error: { code: 'DATABASE_UNAVAILABLE', message: 'The database is not answering.' },
            }),
          })
        : route.fallback(),
    );
    await toastSwitch().click();
    await page
      .getByRole('alert')
      .getByText('Your preference was not saved. The database is not answering.')
      .waitFor();
    expect(await toastSwitch().isChecked()).toBe(false);
    await page.unroute('**/v1/me');
    expect((await me(page)).body.codeToasts).toBe(false);

    // Keyboard: Space toggles it back on.
    await toastSwitch().focus();
    await page.keyboard.press('Space');
    await eventually(async () => expect((await me(page)).body.codeToasts).toBe(true));
  });

  it('lists both signed-in browsers and signs the other one out', async () => {
    const email = uniqueEmail('sessions');
    await signInBrowser(h, email);

    // A second browser signs in as the same user (a code a minute later).
    h.t.clock.advance(61_000);
    other = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu'],
    });
    const otherPage = await (await other.newContext()).newPage();
    const otherErrors: string[] = [];
    otherPage.on('pageerror', (err) => otherErrors.push(err.message));
    const sent = await otherPage.request.post(h.baseUrl + '/v1/auth/code', { data: { email } });
    expect(sent.status()).toBe(200);
    const code = codeFrom((await h.latestMail(email)).text);
    const verified = await otherPage.request.post(h.baseUrl + '/v1/auth/verify', {
      data: { email, code },
    });
    expect(verified.status()).toBe(200);
    await otherPage.goto(h.baseUrl + '/dashboard');
    await otherPage.getByRole('heading', { name: 'VOIP Numbers Dashboard' }).waitFor();

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(h.baseUrl + '/dashboard/settings');
    const rows = page.getByTestId('session-row');
    await expect.poll(() => rows.count()).toBe(2);
    await rows.first().getByText('This browser').waitFor();
    expect(await rows.first().textContent()).toContain('Chrome on Linux');
    expect(await rows.nth(1).getByText('This browser').count()).toBe(0);
    await h.screenshot('settings-1280');

    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('heading', { name: 'Signed-in sessions' }).scrollIntoViewIfNeeded();
    await noHorizontalScroll(page, 375);
    await h.screenshot('settings-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Sign out other sessions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out other sessions' });
    await dialog.getByText('Sign out of 1 other session?', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Sign out other sessions' }).click();
    await page.getByText('Signed out of 1 other session.').waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByText('You are not signed in anywhere else.').waitFor();
    expect(await page.getByRole('button', { name: 'Sign out other sessions' }).isDisabled()).toBe(
      true,
    );

    // The other browser is signed out on its next request; this one is not.
    expect((await me(otherPage)).status).toBe(401);
    await otherPage.reload();
    await otherPage.waitForURL('**/auth');
    expect((await me(page)).status).toBe(200);
    await page.reload();
    await page.getByRole('heading', { name: 'Signed-in sessions' }).waitFor();
    expect(otherErrors).toEqual([]);
  });

  it('deletes the account once the email is typed, and lands on the home page with a notice', async () => {
    const email = uniqueEmail('delete');
    await signInBrowser(h, email);
    const added = await page.request.post(h.baseUrl + '/v1/numbers', {
      data: { phoneNumber: '5550009999', apiLink: 'https://provider.example/api?key=del' },
    });
    expect(added.status()).toBe(201);

    await page.goto(h.baseUrl + '/dashboard/settings');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete my account' });
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    const field = dialog.getByLabel(`Type ${email} to confirm`);
    expect(await confirm.isDisabled()).toBe(true);
    await field.fill('someone-else@example.com');
    expect(await confirm.isDisabled()).toBe(true);
    await field.fill(email.toUpperCase());
    expect(await confirm.isDisabled()).toBe(false);
    await h.screenshot('settings-delete-dialog-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await h.screenshot('settings-delete-dialog-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await confirm.click();

    await page.waitForURL(h.baseUrl + '/');
    const notice = page.getByText('Your account and all its data have been deleted.');
    await notice.waitFor();
    expect(await notice.isVisible()).toBe(true);
    // The landing page opens at its top (scrolling smoothly there), where the notice is.
    await page.waitForFunction(() => window.scrollY === 0);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await h.screenshot('account-deleted-1280');
    expect((await me(page)).status).toBe(401);
    expect(await h.t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(
      0,
    );

    await page.getByRole('button', { name: 'Dismiss' }).click();
    await page
      .getByText('Your account and all its data have been deleted.')
      .waitFor({ state: 'detached' });
    await page.goto(h.baseUrl + '/dashboard');
    await page.waitForURL('**/auth');
  });
});

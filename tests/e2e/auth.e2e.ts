import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeFrom,
  eventually,
  linkFrom,
  noHorizontalScroll,
  startHarness,
  type Harness,
} from './harness.ts';

const uniqueEmail = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 8)}@example.com`;

describe('public site and sign-in', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('shows live statistics from the database on the landing page', async () => {
    const { page } = h;
    await page.goto(h.baseUrl + '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const users = page.locator('[data-stat="users"]');
    await users.waitFor();
    expect(await users.textContent()).toBe('0');
    expect(await page.locator('[data-stat="numbers"]').textContent()).toBe('0');
    expect(await page.locator('[data-stat="messages"]').textContent()).toBe('0');
    const body = (await page.locator('body').textContent()) ?? '';
    expect(body).not.toContain('99.9');
    expect(body).toContain('Most Popular');
    expect(await page.title()).toContain('VOIP Manager');
    await h.screenshot('landing-1280');

    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await page.locator('[data-stat="users"]').waitFor();
    await noHorizontalScroll(page, 375);
    await h.screenshot('landing-375');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-nav').getByRole('link', { name: 'Pricing' }).waitFor();
    await h.screenshot('landing-375-menu');

    // The first Tab stop is the skip link.
    await page.reload();
    await page.getByRole('link', { name: 'Skip to content' }).waitFor({ state: 'attached' });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('signs in with the emailed code, shows the dashboard, and signs out', async () => {
    const { page } = h;
    const email = uniqueEmail('code');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(h.baseUrl + '/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Sign In' })
      .click();
    await page.waitForURL('**/auth');
    await page.getByLabel('Email address').waitFor();
    await h.screenshot('auth-email-1280');

    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.getByText(`Enter the 6-digit code sent to ${email}`).waitFor();
    const countdown = page.getByTestId('resend-countdown');
    expect(await countdown.textContent()).toMatch(/^Resend in (59|60)s$/);

    const verify = page.getByRole('button', { name: 'Verify' });
    const codeInput = page.getByLabel('Verification code');
    expect(await codeInput.getAttribute('inputmode')).toBe('numeric');
    expect(await codeInput.getAttribute('autocomplete')).toBe('one-time-code');
    await codeInput.pressSequentially('12ab3');
    expect(await codeInput.inputValue()).toBe('123');
    expect(await verify.isDisabled()).toBe(true);
    await h.screenshot('auth-code-1280');

    const mail = await eventually(() => h.latestMail(email));
    await codeInput.fill(codeFrom(mail.text));
    expect(await verify.isEnabled()).toBe(true);
    await verify.click();

    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'VOIP Numbers Dashboard' }).waitFor();
    await page.getByText('No VOIP numbers yet').waitFor();
    expect(await page.title()).toContain('Dashboard');
    await h.screenshot('dashboard-1280');

    // Search goes to the URL.
    await page.getByPlaceholder('Search numbers...').fill('555');
    await page.waitForURL('**/dashboard?q=555');

    await page.getByRole('button', { name: `Account menu for ${email}` }).click();
    const menu = page.getByRole('menu');
    await menu.getByText(email).waitFor();
    await h.screenshot('dashboard-user-menu-1280');
    await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL('**/auth');
    await page.getByLabel('Email address').waitFor();

    // Signed out: the dashboard sends us back to /auth.
    await page.goto(h.baseUrl + '/dashboard');
    await page.waitForURL('**/auth');
  });

  it('shows the server message for a wrong code', async () => {
    const { page } = h;
    const email = uniqueEmail('wrong');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(h.baseUrl + '/auth');
    await page.getByLabel('Email address').waitFor();
    await noHorizontalScroll(page, 375);
    await h.screenshot('auth-email-375');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.getByText(`Enter the 6-digit code sent to ${email}`).waitFor();
    await h.screenshot('auth-code-375');

    const real = codeFrom((await eventually(() => h.latestMail(email))).text);
    const wrong = String((Number(real) + 1) % 1_000_000).padStart(6, '0');
    await page.getByLabel('Verification code').fill(wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page
      .getByText('Failed to verify code: the code is incorrect. 4 attempts remaining.')
      .waitFor();
    expect(page.url()).toContain('/auth');
    await h.screenshot('auth-wrong-code-375');

    // 'Use a different email' returns to step 1 with the email kept.
    await page.getByRole('button', { name: 'Use a different email' }).click();
    expect(await page.getByLabel('Email address').inputValue()).toBe(email);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('signs in with the emailed link; a used link shows the link error', async () => {
    const { page } = h;
    const email = uniqueEmail('link');
    const sent = await fetch(`${h.baseUrl}/v1/auth/code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(sent.status).toBe(200);
    const link = linkFrom((await eventually(() => h.latestMail(email))).text);
    expect(new URL(link).origin).toBe(h.baseUrl);

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(link);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'VOIP Numbers Dashboard' }).waitFor();
    await noHorizontalScroll(page, 375);
    await h.screenshot('dashboard-375');

    await page.getByRole('button', { name: 'Open menu' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('link', { name: 'Dashboard' }).waitFor();
    await dialog.getByText('VOIP Number Manager').waitFor();
    await h.screenshot('dashboard-375-menu');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // A signed-in user visiting /auth goes to the dashboard.
    await page.goto(h.baseUrl + '/auth');
    await page.waitForURL('**/dashboard');

    await page.getByRole('button', { name: `Account menu for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL('**/auth');

    await page.goto(link);
    await page.waitForURL('**/auth?error=link');
    await page
      .getByText('This sign-in link is invalid or has expired. Request a new code.')
      .waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('renders a 404 page for unknown paths and keeps the console clean', async () => {
    const { page } = h;
    await page.goto(h.baseUrl + '/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL(h.baseUrl + '/');
    await page.goto(h.baseUrl + '/verify-email');
    await page.waitForURL('**/auth');
    expect(h.browserErrors).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeFrom,
  eventually,
  hydrated,
  linkFrom,
  noHorizontalScroll,
  signInBrowser,
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
    await hydrated(page);
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
    await hydrated(page);
    await noHorizontalScroll(page, 375);
    await h.screenshot('auth-email-375');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.getByText(`Enter the 6-digit code sent to ${email}`).waitFor();
    await h.screenshot('auth-code-375');

    const real = codeFrom((await eventually(() => h.latestMail(email))).text);
    const wrong = String((Number(real) + 1) % 1_000_000).padStart(6, '0');
    h.allowHttp(400, /\/v1\/auth\/verify$/);
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

  it('checks the email as the server does; a code sent moments ago, Resend and its cooldown', async () => {
    const { page } = h;
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${h.baseUrl}/auth?next=${encodeURIComponent('/dashboard/settings')}`);
    // React has attached to the form.
    await page.waitForFunction(() => {
      const input = document.getElementById('auth-email');
      return !!input && Object.keys(input).some((k) => k.startsWith('__reactFiber'));
    });
    const emailInput = page.getByLabel('Email address');
    const send = page.getByRole('button', { name: 'Send Code' });
    const focused = () => page.evaluate(() => document.activeElement?.id);

    // Checked on submit, with the product's messages; the field gets the focus.
    await page.getByText('New here?').click();
    await send.click();
    await page.getByText('Email is required').waitFor();
    expect(await emailInput.getAttribute('aria-invalid')).toBe('true');
    expect(await focused()).toBe('auth-email');
    // Then again as you type.
    await emailInput.pressSequentially('nope');
    await page.getByText('Please enter a valid email address').waitFor();
    // Typed into (focus visible), the invalid field's border stays red, not the focus colour.
    expect(
      await page.evaluate(() => {
        const red = document.createElement('div');
        red.className = 'border border-red-500';
        document.body.append(red);
        const want = getComputedStyle(red).borderTopColor;
        red.remove();
        const input = document.getElementById('auth-email')!;
        return [input.matches(':focus-visible'), getComputedStyle(input).borderTopColor === want];
      }),
    ).toEqual([true, true]);
    expect(await page.getByText('Email is required').count()).toBe(0);
    await emailInput.fill('  Mixed.Case@Example.COM ');
    await page.getByText('Please enter a valid email address').waitFor({ state: 'detached' });
    expect(await emailInput.getAttribute('aria-invalid')).toBeNull();

    // The server answers that a code went out moments ago: on to the code, with a notice.
    const bodies: unknown[] = [];
    let answer: { status: number; json: unknown } = {
      status: 429,
      json: {
        error: { code: 'RESEND_TOO_SOON', message: 'Please wait.', retryAfterSeconds: 2 },
      },
    };
    for (const status of [429, 500, 503]) h.allowHttp(status, /\/v1\/auth\/code$/); // answered here
    await page.route('**/v1/auth/code', async (route) => {
      bodies.push(route.request().postDataJSON());
      await route.fulfill(answer);
    });
    try {
      await send.click();
      await page.getByText('Enter the 6-digit code sent to mixed.case@example.com').waitFor();
      await page
        .getByText('We sent a code to this address moments ago.', { exact: false })
        .waitFor();
      expect(bodies).toEqual([{ email: 'mixed.case@example.com', next: '/dashboard/settings' }]);
      expect(await focused()).toBe('auth-code');
      expect(await page.getByTestId('resend-countdown').textContent()).toMatch(/^Resend in [12]s$/);
      await h.screenshot('auth-code-already-sent-375');

      // The cooldown ends: Resend; a failure shows its message.
      answer = { status: 500, json: { error: { code: 'INTERNAL', message: 'Broken.' } } };
      const resend = page.getByRole('button', { name: 'Resend' });
      await resend.click();
      await page.getByText('Failed to resend verification code').waitFor();
      // Then it works: a new code, a new 60 s wait, the code box empty and focused.
      answer = { status: 200, json: { sent: true, resendAfterSeconds: 60, expiresInSeconds: 600 } };
      await page.getByLabel('Verification code').fill('12');
      await resend.click();
      await page.getByText('A new code has been sent to mixed.case@example.com.').waitFor();
      expect(await page.getByText('Failed to resend verification code').count()).toBe(0);
      expect(await page.getByTestId('resend-countdown').textContent()).toMatch(
        /^Resend in (59|60)s$/,
      );
      expect(await page.getByLabel('Verification code').inputValue()).toBe('');
      expect(await focused()).toBe('auth-code');
      expect(bodies.slice(1)).toEqual([
        { email: 'mixed.case@example.com', next: '/dashboard/settings' },
        { email: 'mixed.case@example.com', next: '/dashboard/settings' },
      ]);

      // 'Use a different email': back to step 1 with the address kept; a failed send says so.
      await page.getByRole('button', { name: 'Use a different email' }).click();
      expect(await emailInput.inputValue()).toBe('mixed.case@example.com');
      expect(await focused()).toBe('auth-email');
      answer = { status: 503, json: { error: { code: 'DATABASE_UNAVAILABLE', message: 'Down.' } } };
      await send.click();
      await page.getByRole('alert').getByText('Failed to send verification code').waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        'Sign in to VOIP Manager',
      );
    } finally {
      await page.unroute('**/v1/auth/code');
      await page.setViewportSize({ width: 1280, height: 800 });
    }
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
  });

  it('/auth asks again who is signed in when its tab comes back after 30 s, as the app does', async () => {
    await h.context.clearCookies();
    const page = await h.context.newPage();
    try {
      await page.clock.install();
      const probes: string[] = [];
      page.on('request', (req) => {
        if (new URL(req.url()).pathname === '/v1/auth/session') probes.push(req.url());
      });
      await page.goto(`${h.baseUrl}/auth?next=${encodeURIComponent('/dashboard/history')}`);
      await page.waitForFunction(() => document.documentElement.dataset.island === 'ready');
      await page.waitForLoadState('networkidle');
      expect(probes).toHaveLength(1);
      // Signed in elsewhere (another tab, the emailed link).
      await signInBrowser(h);
      const tabBack = () =>
        page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      // Within 30 s the answer is fresh: not asked again.
      await page.clock.fastForward(20_000);
      await tabBack();
      await page.clock.fastForward(11_000);
      await tabBack();
      await page.waitForURL((u) => u.pathname === '/dashboard/history');
      expect(probes).toHaveLength(2);
    } finally {
      await page.close();
    }
  });
});

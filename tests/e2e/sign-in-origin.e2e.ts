import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, linkFrom, startHarness, type Harness } from './harness.ts';

/**
 * Development without PUBLIC_URL (as `npm start` runs): the site opened at 127.0.0.1 mails sign-in
 * links to 127.0.0.1, so the session lands where the user is, not on localhost (another origin,
 * whose cookies this tab does not have).
 */
describe('sign-in links in development without PUBLIC_URL', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ publicUrl: false, env: { NODE_ENV: 'development' } });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lead back to the address the site was opened at, signed in there', async () => {
    const { page } = h;
    const email = 'origin@example.com';
    await page.goto(h.baseUrl + '/auth');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Email address').press('Enter');
    await page.getByLabel('Verification code').waitFor();
    const link = linkFrom((await eventually(() => h.latestMail(email))).text);
    expect(new URL(link).origin).toBe(h.baseUrl);

    await page.goto(link);
    await page.waitForURL(`${h.baseUrl}/dashboard`);
    await page.getByRole('heading', { name: 'VOIP Numbers Dashboard' }).waitFor();
    const session = await page.request.get(`${h.baseUrl}/v1/auth/session`);
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(email);
  });
});

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  noHorizontalScroll,
  signInBrowser,
  startHarness,
  type Harness,
} from './harness.ts';

const uniqueEmail = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 8)}@example.com`;

describe('Settings → API keys', () => {
  let h: Harness;
  let page: Page;
  beforeAll(async () => {
    h = await startHarness();
    page = h.page;
  });
  afterAll(async () => {
    await h?.close();
  });

  const panel = () => page.getByRole('region', { name: 'API keys' });
  const withKey = (key: string, path: string) =>
    fetch(h.baseUrl + path, { headers: { authorization: `Bearer ${key}` } });

  it('creates a key shown once, lists it by its prefix with its last use, and revokes it at once', async () => {
    await signInBrowser(h, uniqueEmail('keys'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(h.baseUrl + '/dashboard/settings');
    await panel().getByText('No API keys yet.').waitFor();

    // Nothing chosen: the server names both fields.
    h.allowHttp(400, /\/v1\/api-keys$/);
    await panel().getByRole('button', { name: 'Create API key' }).click();
    const form = page.getByRole('form', { name: 'Create API key' });
    await form.getByRole('button', { name: 'Create key' }).click();
    await form.getByText('Name is required').waitFor();
    await form.getByText('Choose at least one scope').waitFor();

    await form.getByLabel('Name').fill('Sign-up script');
    await form.getByRole('checkbox', { name: /numbers:read/ }).check();
    await form.getByRole('checkbox', { name: /messages:read/ }).check();
    await form.getByLabel('Expires').selectOption({ label: '30 days' });
    await form.getByRole('button', { name: 'Create key' }).click();

    const box = page.getByTestId('new-api-key');
    await box.getByText('Copy this key now. You will not see it again.').waitFor();
    const key = (await box.locator('code').innerText()).trim();
    expect(key).toMatch(/^vmk_[A-Za-z0-9_-]{43}$/);
    await noHorizontalScroll(page, 390);

    // The key works where its scopes allow, and nowhere else.
    expect((await withKey(key, '/v1/numbers')).status).toBe(200);
    expect((await withKey(key, '/v1/api-keys')).status).toBe(403);

    await box.getByRole('button', { name: 'Done' }).click();
    await page.reload();
    const row = panel().getByTestId('api-key-row');
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('Sign-up script');
    expect(text).toContain(`${key.slice(0, 12)}…`);
    expect(text).toContain('numbers:read');
    expect(text).toContain('messages:read');
    expect(text).not.toContain('Last used Never');
    expect(await page.content()).not.toContain(key);

    // Revoke, confirmed: gone from the list and refused on its next request.
    await row.getByRole('button', { name: 'Revoke Sign-up script' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
    await panel().getByText('No API keys yet.').waitFor();
    await eventually(async () => expect((await withKey(key, '/v1/numbers')).status).toBe(401));
    await noHorizontalScroll(page, 390);
  });
});

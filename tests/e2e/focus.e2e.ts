import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { signInBrowser, startHarness, type Harness } from './harness.ts';

/** Keyboard focus across the ⋮ menus and the dialogs their items open. */
describe('focus: a dialog opened from a ⋮ menu gives focus back to its button', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    await signInBrowser(h);
    const number = await h.page.request.post(`${h.baseUrl}/v1/numbers`, {
      data: { phoneNumber: '5550009999', apiLink: 'http://127.0.0.1:1/p?key=x' },
    });
    expect(number.status()).toBe(201);
    const { id } = (await number.json()) as { id: string };
    const page = await h.page.request.post(`${h.baseUrl}/v1/pages`, {
      data: { name: 'Team page', numberIds: [id] },
    });
    expect(page.status()).toBe(201);
  });
  afterAll(async () => {
    await h?.close();
  });

  const focused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

  /** Opens `menu` from the keyboard, picks `item`, closes the dialog with `close`. */
  async function roundTrip(menu: Locator, item: string, close: () => Promise<void>) {
    const { page } = h;
    await menu.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: item }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await close();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(menu)).toBe(true);
  }

  it('on a number card (Delete → Escape, and → Cancel)', async () => {
    const { page } = h;
    await page.goto(h.baseUrl + '/dashboard');
    const menu = page.getByRole('button', { name: 'Actions for (555) 000-9999' });
    await menu.waitFor();
    await roundTrip(menu, 'Delete', () => page.keyboard.press('Escape'));
    await roundTrip(menu, 'Delete', () => page.getByRole('button', { name: 'Cancel' }).click());
  });

  it('on a share card (Edit form dialog, and the Delete question)', async () => {
    const { page } = h;
    await page.goto(h.baseUrl + '/dashboard/public-pages');
    const menu = page.getByRole('button', { name: 'Actions for Team page' });
    await menu.waitFor();
    await roundTrip(menu, 'Edit', () => page.keyboard.press('Escape'));
    await roundTrip(menu, 'Delete', () => page.getByRole('button', { name: 'Cancel' }).click());
  });
});

import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { contrastViolations } from './axe.ts';
import { noHorizontalScroll, signInBrowser, startHarness, type Harness } from './harness.ts';

const SHOTS = '/tmp/tags-shots';

const card = (page: Page, formatted: string) =>
  page.getByTestId('number-card').filter({ has: page.getByRole('heading', { name: formatted }) });
const filterOptions = (page: Page) =>
  page
    .getByLabel('Filter by tag')
    .locator('option')
    .evaluateAll((os) => os.map((o) => o.textContent));
const focused = (page: Page) =>
  page.evaluate(
    () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent,
  );

describe('tags', () => {
  let h: Harness;
  let page: Page;
  const api = async (method: 'POST' | 'GET', url: string, data?: object) => {
    const res = await page.request.fetch(h.baseUrl + url, { method, ...(data ? { data } : {}) });
    expect(res.ok(), await res.text()).toBe(true);
    return res.json();
  };

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    h = await startHarness();
    page = h.page;
    await signInBrowser(h);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('creates a tag typed in the picker only when the number is saved, and none removed before', async () => {
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/v1/tags')) posts.push(r.url());
    });
    await page.goto(h.baseUrl + '/dashboard/add');
    await page.getByLabel('Phone Number').fill('5554440001');
    await page.getByLabel('API Link').fill('https://provider.example/api?key=t1');
    const picker = page.getByRole('combobox', { name: 'Tags' });
    for (const name of ['Scratch', 'Kept']) {
      await picker.fill(name);
      await page.getByRole('option', { name: `Create “${name}”` }).waitFor();
      await picker.press('Enter');
      await page.getByRole('button', { name: `Remove tag ${name}` }).waitFor();
    }
    // A name already picked is not offered again, in any case.
    await picker.fill('kept');
    await page.getByRole('option', { name: 'Create “kept”' }).waitFor({ state: 'detached' });
    await picker.fill('');
    await page.screenshot({ path: `${SHOTS}/picker-pending-1280.png` });
    await page.getByRole('button', { name: 'Remove tag Scratch' }).click();
    expect((await api('GET', '/v1/tags')).items).toEqual([]);
    await page.getByRole('button', { name: 'Add Number', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await card(page, '(555) 444-0001').getByText('Kept').waitFor();
    await expect.poll(() => filterOptions(page)).toEqual(['All Tags', 'Kept']);
    expect(posts).toEqual([]);

    // A card's Add Tag saves a new name with the number at once.
    await api('POST', '/v1/numbers', {
      phoneNumber: '5554440002',
      apiLink: 'https://provider.example/api?key=t2',
    });
    await page.reload();
    const second = card(page, '(555) 444-0002');
    await second.getByRole('button', { name: 'Add Tag to (555) 444-0002' }).click();
    const adder = page.getByRole('combobox', { name: 'Add a tag to (555) 444-0002' });
    await adder.fill('Fresh');
    await page.getByRole('option', { name: 'Create “Fresh”' }).waitFor();
    await adder.press('Enter');
    await second.getByText('Fresh').waitFor();
    await expect.poll(() => filterOptions(page)).toEqual(['All Tags', 'Fresh', 'Kept']);
  });

  it('renames, merges and deletes tags in Manage Tags; cards and the filter follow', async () => {
    const alpha = await api('POST', '/v1/tags', { name: 'Alpha' });
    const beta = await api('POST', '/v1/tags', { name: 'Beta' });
    await api('POST', '/v1/tags', { name: 'Gamma' });
    await api('POST', '/v1/numbers', {
      phoneNumber: '5554440003',
      apiLink: 'https://provider.example/api?key=t3',
      tagIds: [alpha.id, beta.id],
    });
    await api('POST', '/v1/numbers', {
      phoneNumber: '5554440004',
      apiLink: 'https://provider.example/api?key=t4',
      tagIds: [beta.id],
    });
    // The dashboard shows Beta's numbers only.
    await page.goto(`${h.baseUrl}/dashboard?tag=${beta.id}`);
    await card(page, '(555) 444-0004').waitFor();

    // Keyboard only: open the dialog, rename Alpha to Beta's name (refused: merge instead).
    await page.getByRole('button', { name: 'Manage Tags' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Manage Tags' });
    const rows = dialog.getByTestId('manage-tag-row');
    await expect
      .poll(() => rows.allInnerTexts())
      .toEqual([
        expect.stringMatching(/^Alpha\s+1 number/),
        expect.stringMatching(/^Beta\s+2 numbers/),
        expect.stringMatching(/^Fresh\s+1 number/),
        expect.stringMatching(/^Gamma\s+0 numbers/),
        expect.stringMatching(/^Kept\s+1 number/),
      ]);
    await dialog.getByRole('button', { name: 'Rename tag Alpha' }).focus();
    await page.keyboard.press('Enter');
    const nameInput = dialog.getByLabel('New name for tag Alpha');
    await nameInput.waitFor();
    expect(await nameInput.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('beta');
    h.allowHttp(409, /\/v1\/tags\/[0-9a-f-]+$/);
    await page.keyboard.press('Enter');
    const refusal = dialog.getByRole('alert');
    await refusal
      .getByText('You already have a tag named “Beta”. To combine the two, merge this tag into it.')
      .waitFor();
    await refusal.getByRole('button', { name: 'Merge “Alpha” into “Beta”…' }).waitFor();
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.screenshot({ path: `${SHOTS}/rename-refused-${theme}-${width}.png` });
      }
      expect(await contrastViolations(page), theme).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    // Escape cancels the rename (the dialog stays), and focus goes back to its button.
    await page.keyboard.press('Escape');
    await nameInput.waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);
    expect(await focused(page)).toBe('Rename tag Alpha');
    await page.keyboard.press('Enter');
    await nameInput.fill('Alpha Prime');
    await nameInput.press('Enter');
    await dialog.getByRole('button', { name: 'Rename tag Alpha Prime' }).waitFor();
    expect(await focused(page)).toBe('Rename tag Alpha Prime');
    // Behind the dialog the cards carry the new name.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('Manage Tags');
    await card(page, '(555) 444-0003').getByText('Alpha Prime').waitFor();
    await page.keyboard.press('Enter');

    // Merge Beta into Alpha Prime: the filtered dashboard now filters by Alpha Prime.
    await dialog.getByRole('button', { name: 'Merge tag Beta into another' }).click();
    await dialog.getByLabel('Merge Beta into…').selectOption({ label: 'Alpha Prime (1 number)' });
    await dialog.getByRole('button', { name: 'Merge…' }).click();
    const confirmMerge = page.getByRole('dialog', { name: 'Merge Tags' });
    await confirmMerge
      .getByText(
        'Merge tag “Beta” into “Alpha Prime”? Its 2 numbers will carry “Alpha Prime” instead, and “Beta” will be deleted.',
      )
      .waitFor();
    await confirmMerge.getByRole('button', { name: 'Merge', exact: true }).click();
    await confirmMerge.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Merge tag Beta into another' }).waitFor({
      state: 'detached',
    });
    expect(await focused(page)).toBe('Your tags');
    await expect
      .poll(() => rows.allInnerTexts())
      .toEqual([
        expect.stringMatching(/^Alpha Prime\s+2 numbers/),
        expect.stringMatching(/^Fresh\s+1 number/),
        expect.stringMatching(/^Gamma\s+0 numbers/),
        expect.stringMatching(/^Kept\s+1 number/),
      ]);
    await page.waitForURL(new RegExp(`tag=${alpha.id}`));

    // Delete Alpha Prime: confirmed with its number count; the filter by it goes.
    await dialog.getByRole('button', { name: 'Delete tag Alpha Prime' }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Delete Tag' });
    await confirmDelete
      .getByText('Delete tag “Alpha Prime”? It will be removed from 2 numbers.')
      .waitFor();
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.screenshot({ path: `${SHOTS}/delete-confirm-${theme}-${width}.png` });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await confirmDelete.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirmDelete.waitFor({ state: 'detached' });
    await expect.poll(() => rows.count()).toBe(3);
    expect(await focused(page)).toBe('Your tags');
    await expect.poll(() => page.url()).not.toContain('tag=');

    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await noHorizontalScroll(page, width);
        await page.screenshot({ path: `${SHOTS}/list-${theme}-${width}.png` });
      }
      expect(await contrastViolations(page), theme).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // Escape closes the dialog; the cards lost the deleted tag, the filter lists what is left.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await card(page, '(555) 444-0003')
      .getByRole('button', { name: 'Add Tag to (555) 444-0003' })
      .waitFor();
    expect(await filterOptions(page)).toEqual(['All Tags', 'Fresh', 'Gamma', 'Kept']);
    expect(await focused(page)).toBe('Manage Tags');
  });

  it('shows loading, then a failed load with Try again', async () => {
    const TAGS = /\/v1\/tags$/;
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    let failing = true;
    h.allowHttp(500, TAGS); // answered here
    await page.route(TAGS, async (route) => {
      if (!failing) return route.continue();
      await held;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        json: { error: { code: 'INTERNAL', message: 'The tags are unavailable.' } },
      });
    });
    try {
      await page.goto(h.baseUrl + '/dashboard');
      await page.getByRole('button', { name: 'Manage Tags' }).click();
      const dialog = page.getByRole('dialog', { name: 'Manage Tags' });
      await dialog.getByRole('status').getByText('Loading your tags').waitFor();
      release();
      await dialog.getByRole('alert').getByText('The tags are unavailable.').waitFor();
      failing = false;
      await dialog.getByRole('button', { name: 'Try again' }).click();
      await dialog.getByTestId('manage-tag-row').first().waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await page.unrouteAll();
    }
  });

  it('shows "No tags yet." once every tag is deleted', async () => {
    await page.goto(h.baseUrl + '/dashboard');
    await page.getByRole('button', { name: 'Manage Tags' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Tags' });
    const rows = dialog.getByTestId('manage-tag-row');
    await rows.first().waitFor();
    while ((await rows.count()) > 0) {
      const name = (await rows
        .first()
        .getByRole('button')
        .first()
        .getAttribute('aria-label'))!.replace(/^Rename tag /, '');
      await dialog.getByRole('button', { name: `Delete tag ${name}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Tag' });
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await confirm.waitFor({ state: 'detached' });
      await dialog.getByRole('button', { name: `Delete tag ${name}` }).waitFor({
        state: 'detached',
      });
    }
    await dialog.getByText('No tags yet.').waitFor();
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.screenshot({ path: `${SHOTS}/empty-${theme}-${width}.png` });
      }
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await noHorizontalScroll(page, width);
        await page.screenshot({ path: `${SHOTS}/filters-${theme}-${width}.png` });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await filterOptions(page)).toEqual(['All Tags']);
  });
});

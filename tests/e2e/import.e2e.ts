import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInBrowser, startHarness, type Harness, noHorizontalScroll } from './harness.ts';

const link = (s: string) => `https://provider.example/api?key=${s}`;

describe('partial imports', () => {
  let h: Harness;
  let page: Page;
  beforeAll(async () => {
    h = await startHarness();
    page = h.page;
    await signInBrowser(h);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('bulk import: success and errors apart, only the failed lines left to fix and resubmit', async () => {
    const seeded = await page.request.post(h.baseUrl + '/v1/numbers', {
      data: { phoneNumber: '5550001000', apiLink: link('seed') },
    });
    expect(seeded.status()).toBe(201);

    await page.goto(h.baseUrl + '/dashboard/add');
    await page.getByRole('button', { name: 'Bulk Import' }).click();
    const box = page.getByLabel('Numbers and API links (one per line)');
    const importButton = page.getByRole('button', { name: 'Import', exact: true });
    await box.fill(
      [
        `5550001001----${link('a')}`,
        `12345|${link('b')}`,
        `5550001003|${link('c')}|NoSuchTag`,
        '',
        `5550001000 ${link('seed')}`, // already in the collection: done, not failed
        'nonsense',
        `5550001006\t${link('f')}`,
      ].join('\n'),
    );
    await importButton.click();

    // One outcome, in the reference's words first, then the duplicates and the unknown tag name.
    const errors = page.getByRole('status').filter({ hasText: 'Imported' });
    await errors.waitFor();
    expect(await page.getByTestId('import-summary').textContent()).toBe(
      'Imported 3 numbers with 2 errors:',
    );
    await errors.getByText('Line 2: Invalid phone number. Must be exactly 10 digits.').waitFor();
    await errors.getByText('Line 6: Invalid format. Expected format:').waitFor();
    expect(await page.getByTestId('import-skipped').textContent()).toBe(
      '1 duplicate skipped (already in your collection):',
    );
    await errors.getByText('Line 5: Number 5550001000 already exists').waitFor();
    expect(await page.getByTestId('import-unknown-tags').textContent()).toBe(
      'No tag named ‘NoSuchTag’: those numbers were imported without it. Create the tag first to use it on lines.',
    );
    // Only the failed lines stay, in their order.
    expect(await box.inputValue()).toBe(`12345|${link('b')}\nnonsense`);
    await box.scrollIntoViewIfNeeded();
    await h.screenshot('import-bulk-remaining-1280');
    await errors.scrollIntoViewIfNeeded();
    await h.screenshot('import-bulk-partial-1280');

    await page.setViewportSize({ width: 375, height: 812 });
    await errors.scrollIntoViewIfNeeded();
    await noHorizontalScroll(page, 375);
    await h.screenshot('import-bulk-partial-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Fix one line and resubmit: it is imported, with no 'already exists' noise.
    await box.fill(`5550001002|${link('b')}\nnonsense`);
    await importButton.click();
    await page
      .getByTestId('import-summary')
      .getByText('Imported 1 number with 1 error:', { exact: true })
      .waitFor();
    expect(await page.getByTestId('import-skipped').count()).toBe(0);
    await errors.getByText('Line 2: Invalid format. Expected format:').waitFor();
    expect(await page.getByText('already exists').count()).toBe(0);
    expect(await box.inputValue()).toBe('nonsense');

    // A total failure leaves the text as it was and shows the summary alone.
    await box.fill(`nonsense\n\n${link('x')}`);
    await importButton.click();
    await page
      .getByTestId('import-summary')
      .getByText('Imported 0 numbers with 2 errors:')
      .waitFor();
    expect(await page.getByRole('alert').getByTestId('import-summary').count()).toBe(1);
    expect(await box.inputValue()).toBe(`nonsense\n\n${link('x')}`);

    // Full success goes to the dashboard.
    await box.fill(`5550001009 ${link('i')}`);
    await importButton.click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Imported 1 number').waitFor();
    await page.getByText('6 numbers').waitFor();
  });

  it('settings import: entry messages for JSON, the format message for free text', async () => {
    await page.goto(h.baseUrl + '/dashboard/settings');
    const box = page.getByLabel('Import numbers');
    const importButton = page.getByRole('button', { name: 'Import', exact: true });

    const bad = { phoneNumber: '123', apiLink: link('j2') };
    await box.fill(JSON.stringify([{ phoneNumber: '5550002001', apiLink: link('j1') }, bad]));
    await importButton.click();
    await page.getByRole('status').getByText('Imported 1 number (0 duplicates skipped)').waitFor();
    const errors = page.getByRole('alert');
    await errors.getByText('1 entry could not be imported:').waitFor();
    await errors.getByText('Entry 2: Invalid phone number. Must be exactly 10 digits.').waitFor();
    expect(await page.getByText('Expected format: number|API link').count()).toBe(0);
    expect(JSON.parse(await box.inputValue())).toEqual([bad]);
    await h.screenshot('import-settings-json-1280');

    h.allowHttp(400, /\/v1\/numbers\/import$/); // neither JSON nor lines: refused as a whole
    await box.fill('here are my numbers\n555 000 2003');
    await importButton.click();
    await errors
      .getByText('Invalid format. Please use either JSON or number|API link format.')
      .waitFor();
    expect(await page.getByText('Invalid phone number').count()).toBe(0);
    expect(await box.inputValue()).toBe('here are my numbers\n555 000 2003');

    await box.fill(`5550002004|${link('l1')}\n5550002005 ${link('l2')}`);
    await importButton.click();
    await page.getByRole('status').getByText('Imported 1 number (0 duplicates skipped)').waitFor();
    await errors
      .getByText('Line 2: Invalid format. Expected format: number|API link', { exact: true })
      .waitFor();
    expect(await box.inputValue()).toBe(`5550002005 ${link('l2')}`);
    await page.setViewportSize({ width: 375, height: 812 });
    await errors.scrollIntoViewIfNeeded();
    await noHorizontalScroll(page, 375);
    await h.screenshot('import-settings-lines-375');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});

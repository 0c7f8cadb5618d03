import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Download,
  type Page,
} from 'playwright-core';
import { voipNumbers } from '../../src/server/modules/numbers/numbers.table.ts';
import { noHorizontalScroll, signInBrowser, startHarness, type Harness } from './harness.ts';

/** Three demo numbers to share, and 120 more so the picker has to page (100 a page). */
const A = { phone: '5550001001', formatted: '(555) 000-1001' };
const B = { phone: '5550001002', formatted: '(555) 000-1002' };
const C = { phone: '5550001003', formatted: '(555) 000-1003' };
const FILLERS = 120;
const filler = (i: number) => `555002${String(i).padStart(4, '0')}`;
const HASH = /[A-Za-z0-9_-]{22}/;

async function csvOf(download: Download) {
  return fs
    .readFileSync(await download.path(), 'utf8')
    .trimEnd()
    .split('\r\n');
}

/** Takes `page`'s screenshot at phone and desktop width (`name-375`, `name-1280`). */
async function bothWidths(h: Harness, page: Page, name: string, shot = h.screenshot) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.waitForTimeout(150);
    await noHorizontalScroll(page, width);
    await shot(`${name}-${width}`);
  }
}

describe('sharing: public pages and single endpoints', () => {
  let h: Harness;
  let page: Page;
  /** A signed-out visitor: a second browser with its own cookie jar. */
  let browser: Browser;
  let visitorContext: BrowserContext;
  let visitor: Page;
  const visitorErrors: string[] = [];
  const ids: Record<string, string> = {};
  let pageLink = '';
  let entryLink = '';

  const visitorShot = (name: string) =>
    visitor.screenshot({ path: `test-results/screenshots/${name}.png` }).then(() => {});

  /** Gives `phone` a new demo code and has the owner's Refresh read it now; returns nothing. */
  async function newDemoCode(phone: string) {
    // The demo provider sends a new code every 30–90 s of the app's clock; refreshes of a number
    // are coalesced within 5 s of it.
    h.t.clock.advance(100_000);
    const res = await page.request.post(`${h.baseUrl}/v1/numbers/${ids[phone]}/refresh`);
    expect(res.status()).toBe(200);
  }

  const card = (name: string) =>
    page.getByTestId('page-card').filter({ has: page.getByRole('heading', { name }) });
  const entryCard = (name: string) =>
    page.getByTestId('entry-card').filter({ has: page.getByRole('heading', { name }) });

  beforeAll(async () => {
    h = await startHarness();
    page = h.page;
    await h.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.baseUrl });
    await signInBrowser(h);

    browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    visitorContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
    visitorContext.setDefaultTimeout(15_000);
    await visitorContext.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: h.baseUrl,
    });
    visitor = await visitorContext.newPage();
    visitor.on('pageerror', (err) => visitorErrors.push(`pageerror: ${err.message}`));
    visitor.on('console', (msg) => {
      if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) {
        visitorErrors.push(`console: ${msg.text()}`);
      }
    });
  });
  afterAll(async () => {
    await browser?.close();
    await h?.t.app.poller.stop();
    await h?.close();
  });

  it('shows empty states before there is anything to share', async () => {
    await page.goto(h.baseUrl + '/dashboard/public-pages');
    await page.getByRole('heading', { name: 'Public Pages', level: 1 }).waitFor();
    await page.getByText('No public pages yet').waitFor();
    await bothWidths(h, page, 'sharing-pages-empty');

    // The picker says the collection is empty and where to add numbers.
    await page.getByRole('button', { name: 'Create Your First Page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Public Page' });
    await dialog.getByTestId('picker-empty').waitFor();
    expect(await dialog.getByTestId('picker-empty').innerText()).toContain(
      'Your collection has no numbers yet.',
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.goto(h.baseUrl + '/dashboard/single-api');
    await page.getByRole('heading', { name: 'Single API', level: 1 }).waitFor();
    await page.getByText('No single API entries yet').waitFor();
    expect(await page.getByRole('button', { name: 'Select Entries' }).isDisabled()).toBe(true);
    await bothWidths(h, page, 'sharing-single-empty');
  });

  it('creates a page from a searchable picker that pages through the collection', async () => {
    for (const n of [C, B, A]) {
      const res = await page.request.post(`${h.baseUrl}/v1/numbers`, {
        data: {
          phoneNumber: n.phone,
          apiLink: `${h.baseUrl}/demo-provider/${n.phone}?format=json`,
        },
      });
      expect(res.status()).toBe(201);
      ids[n.phone] = ((await res.json()) as { id: string }).id;
    }
    const text = Array.from(
      { length: FILLERS },
      (_, i) => `${filler(i)}|${h.baseUrl}/demo-provider/${filler(i)}`,
    ).join('\n');
    const imported = await page.request.post(`${h.baseUrl}/v1/numbers/import`, {
      data: { text, format: 'bulk' },
    });
    expect(((await imported.json()) as { imported: number }).imported).toBe(FILLERS);

    await page.goto(h.baseUrl + '/dashboard/public-pages');
    await page.getByRole('button', { name: 'Create Page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Public Page' });
    const rows = dialog.getByTestId('picker-row');
    await rows.first().waitFor();

    // Nothing filled in: the spec's two messages.
    await dialog.getByRole('button', { name: 'Create Page' }).click();
    await dialog.getByText('Please enter a page name').waitFor();
    await dialog.getByText('Please select at least one number').waitFor();

    // The list loads its next page when scrolled to the end (123 numbers, 100 a page, newest
    // first: the 120 imported ones fill the first page, the three demo numbers are on the second).
    const list = dialog.getByRole('group', { name: 'Numbers on this page' });
    expect(await list.getByText(A.formatted).count()).toBe(0);
    await expect
      .poll(async () => {
        await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
        return list.getByText(C.formatted).count();
      })
      .toBe(1);

    // Search on the server; picks survive a new search.
    const search = dialog.getByRole('searchbox', { name: 'Search numbers' });
    await search.fill(A.phone);
    await expect.poll(() => rows.count()).toBe(1);
    await dialog.getByRole('checkbox', { name: A.formatted }).check();
    await dialog.getByTestId('picker-selected').getByText('1 selected').waitFor();
    await search.fill('55500010');
    await expect.poll(() => rows.count()).toBe(3);
    await dialog.getByRole('checkbox', { name: 'Select shown (3)' }).check();
    await dialog.getByTestId('picker-selected').getByText('3 selected').waitFor();
    await search.fill('');
    await expect.poll(() => rows.count()).toBeGreaterThan(3);
    await dialog.getByTestId('picker-selected').getByText('3 selected').waitFor();

    await dialog.getByLabel('Page Name').fill('Team numbers');
    expect(await dialog.getByText('Please enter a page name').count()).toBe(0);
    await bothWidths(h, page, 'sharing-page-dialog');
    await dialog.getByRole('button', { name: 'Create Page' }).click();
    await dialog.waitFor({ state: 'detached' });

    const c = card('Team numbers');
    await c.waitFor();
    expect(await c.getByText('Active', { exact: true }).count()).toBe(1);
    expect(await c.getByText('3 numbers').count()).toBe(1);
    // In the order they were picked.
    expect(await c.getByTestId('page-numbers').innerText()).toBe(
      [A, B, C].map((n) => n.formatted).join(', '),
    );
    expect(await c.getByTestId('share-views').innerText()).toBe('0 views');
    expect(await c.getByTestId('share-last-accessed').innerText()).toBe('Never accessed');
    pageLink = (await c.getByTestId('share-link').innerText()).trim();
    expect(pageLink).toMatch(new RegExp(`^${h.baseUrl}/api/${HASH.source}$`));

    await c.getByRole('button', { name: 'Copy link of Team numbers' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pageLink);
    await bothWidths(h, page, 'sharing-pages-list');
  });

  it('edits a page: the dialog is prefilled, and numbers and name change', async () => {
    await page.goto(h.baseUrl + '/dashboard/public-pages');
    await page.getByRole('button', { name: 'Actions for Team numbers' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Public Page' });
    await dialog.getByTestId('picker-selected').getByText('3 selected').waitFor();
    expect(await dialog.getByLabel('Page Name').inputValue()).toBe('Team numbers');
    await dialog.getByRole('searchbox', { name: 'Search numbers' }).fill(C.phone);
    await expect.poll(() => dialog.getByTestId('picker-row').count()).toBe(1);
    await dialog.getByRole('checkbox', { name: C.formatted }).uncheck();
    await dialog.getByTestId('picker-selected').getByText('2 selected').waitFor();
    await dialog.getByLabel('Page Name').fill('Shared codes');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    const c = card('Shared codes');
    await c.getByText('2 numbers').waitFor();
    expect(await c.getByTestId('page-numbers').innerText()).not.toContain(C.formatted);
  });

  it('creates a single endpoint by picking a number, and more from pasted lines with errors', async () => {
    await page.goto(h.baseUrl + '/dashboard/single-api');
    await page.getByText('No single API entries yet').waitFor();
    await page.getByRole('button', { name: 'Create Entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Single API Entry' });
    await dialog.getByTestId('picker-row').first().waitFor();
    await dialog.getByRole('button', { name: 'Create Entry' }).click();
    await dialog.getByText('Number ID is required').waitFor();

    await dialog.getByRole('searchbox', { name: 'Search numbers' }).fill(A.phone);
    await expect.poll(() => dialog.getByTestId('picker-row').count()).toBe(1);
    await dialog.getByRole('radio', { name: A.formatted }).check();
    expect(await dialog.getByLabel('Name (optional)').getAttribute('placeholder')).toBe(
      `API for ${A.formatted}`,
    );
    await dialog.getByLabel('Remark (optional)').fill('team');
    await bothWidths(h, page, 'sharing-entry-dialog-pick');
    await dialog.getByRole('button', { name: 'Create Entry' }).click();
    await dialog.waitFor({ state: 'detached' });
    const a = entryCard(`API for ${A.formatted}`);
    await a.waitFor();
    expect(await a.getByText('team').count()).toBe(1);
    entryLink = (await a.getByTestId('share-link').innerText()).trim();
    expect(entryLink).toMatch(new RegExp(`^${h.baseUrl}/single/${HASH.source}$`));

    // Pasted lines: one good, one number not in the collection, one without a link.
    await page.getByRole('button', { name: 'Create Entry' }).click();
    await dialog.getByRole('button', { name: 'Paste Lines' }).click();
    await dialog.getByRole('button', { name: 'Create Entries' }).click();
    await dialog
      .getByText('Please enter valid phone numbers with API links in the correct format')
      .waitFor();
    await dialog
      .getByLabel('Numbers and API links')
      .fill(
        [
          `+1 ${B.phone}----${h.baseUrl}/demo-provider/${B.phone}`,
          `5559990000|https://provider.example/api?key=1`,
          `${C.phone}`,
        ].join('\n'),
      );
    await dialog.getByLabel('Remark (optional)').fill('batch');
    await dialog.getByRole('button', { name: 'Create Entries' }).click();
    await dialog.getByTestId('lines-result').waitFor();
    expect(await dialog.getByTestId('lines-result').innerText()).toBe(
      'Created 1 entry with 2 errors',
    );
    const errors = await dialog.getByTestId('lines-errors').getByRole('listitem').allInnerTexts();
    expect(errors).toHaveLength(2);
    expect(errors).toContain('5559990000: Number not found in your collection. Add it first.');
    await bothWidths(h, page, 'sharing-entry-dialog-lines');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });
    await entryCard(`API for ${B.formatted}`).waitFor();
    await bothWidths(h, page, 'sharing-single-list');
  });

  it('filters by remark, exports the selected entries as CSV and edits one', async () => {
    await page.goto(h.baseUrl + '/dashboard/single-api');
    const filter = page.getByLabel('Remark');
    await filter.waitFor();
    expect(await filter.locator('option').allInnerTexts()).toEqual([
      'All Remarks (2)',
      'batch (1)',
      'team (1)',
    ]);
    await filter.selectOption('team');
    await page.waitForURL((u) => u.searchParams.get('remark') === 'team');
    await expect.poll(() => page.getByTestId('entry-card').count()).toBe(1);
    await filter.selectOption('');
    await expect.poll(() => page.getByTestId('entry-card').count()).toBe(2);

    await page.getByRole('button', { name: 'Select Entries' }).click();
    const bar = page.getByRole('toolbar', { name: 'Selection' });
    await bar.getByRole('button', { name: 'Export CSV' }).click();
    await page.getByText('No entries selected for export').waitFor();
    await bar.getByRole('checkbox', { name: 'Select all' }).check();
    await bar.getByText('2 selected').waitFor();
    await bothWidths(h, page, 'sharing-single-select');
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      bar.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^single-api-entries-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await csvOf(file);
    expect(csv[0]).toBe('Name,Phone Number,API URL,Status,Remark,Created Date');
    expect(csv).toHaveLength(3);
    expect(csv).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^API for \\(555\\) 000-1001,${A.phone},${entryLink},Active,team,\\d{4}-\\d{2}-\\d{2}$`,
        ),
      ),
    );
    expect(csv.join('\n')).not.toContain('demo-provider');
    await bar.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: `Actions for API for ${B.formatted}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Single API Entry' });
    await dialog.getByLabel('Name').fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Entry name is required').waitFor();
    await dialog.getByLabel('Name').fill('Backup line');
    await dialog.getByLabel('Remark').fill('team');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await entryCard('Backup line').waitFor();
    await expect
      .poll(() => filter.locator('option').allInnerTexts())
      .toEqual(['All Remarks (2)', 'team (2)']);
  });
});

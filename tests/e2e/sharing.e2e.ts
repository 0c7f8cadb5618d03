import fs from 'node:fs';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Download,
  type Page,
  type Route,
} from 'playwright-core';
import { messages, voipNumbers } from '../../src/server/db/schema.ts';
import { signInBrowser, startHarness, type Harness } from './harness.ts';

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
    // Once the layout has followed the new width, nothing is wider than the page.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
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
  let endpointLink = '';

  const visitorShot = (name: string) =>
    visitor.screenshot({ path: `test-results/screenshots/${name}.png` }).then(() => {});

  /** The newest stored code of `phone`. */
  async function newestCode(phone: string) {
    const [m] = await h.t.database.db
      .select({ code: messages.code })
      .from(messages)
      .where(eq(messages.voipNumberId, ids[phone]!))
      .orderBy(desc(messages.receivedAt))
      .limit(1);
    return m?.code ?? null;
  }

  /**
   * Time passes on the app's clock (the demo provider sends each number a new code every 30–90 s
   * of it) and the owner's Refresh reads `phone` now, as the poller would. The poller itself runs
   * on the same clock, which stands still in these tests.
   */
  async function readNow(phone: string) {
    // Refreshes of a number are coalesced within 5 s of the app's clock.
    h.t.clock.advance(100_000);
    const res = await page.request.post(`${h.baseUrl}/v1/numbers/${ids[phone]}/refresh`);
    expect(res.status()).toBe(200);
  }

  /** The demo provider sends `phone` a new code, read at once; returns the code. */
  async function newDemoCode(phone: string) {
    const before = await newestCode(phone);
    await readNow(phone);
    const code = await newestCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    expect(code).not.toBe(before);
    return code!;
  }

  /** When the number was marked as expecting a code (null: never). */
  async function expectingUntil(phone: string) {
    const [n] = await h.t.database.db
      .select({ at: voipNumbers.expectingUntil })
      .from(voipNumbers)
      .where(eq(voipNumbers.id, ids[phone]!));
    return n?.at ?? null;
  }

  /**
   * Serves the shared page at `url` to the visitor without the server's data, as to a visitor over
   * the public routes' limit (or when the server's read failed): its island reads the share itself.
   * Returns the undo.
   */
  async function withoutServerData(url: string) {
    const handler = async (route: Route) => {
      const res = await route.fetch();
      const html = (await res.text()).replace(/<script[^>]*id="share-state">.*?<\/script>/s, '');
      await route.fulfill({ response: res, body: html });
    };
    await visitor.route(url, handler);
    return () => visitor.unroute(url, handler);
  }

  /**
   * Loads `url` served without the server's data and holds the island's first read of `pattern`
   * until `check` ran (to see the loading state).
   */
  async function whileLoading(pattern: string, url: string, check: () => Promise<void>) {
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await visitor.route(pattern, async (route) => {
      await held;
      await route.continue();
    });
    const undo = await withoutServerData(url);
    const loaded = visitor.goto(url);
    try {
      await check();
    } finally {
      release();
      await loaded;
      await visitor.unroute(pattern);
      await undo();
    }
  }

  const card = (name: string) =>
    page.getByTestId('page-card').filter({ has: page.getByRole('heading', { name }) });
  const endpointCard = (name: string) =>
    page.getByTestId('endpoint-card').filter({ has: page.getByRole('heading', { name }) });

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

    // Nothing filled in: the two messages.
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

    // A failed save says so and keeps what was entered.
    h.allowHttp(500, /\/v1\/pages$/); // answered here
    await page.route('**/v1/pages', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Something broke.' } }),
          })
        : route.continue(),
    );
    await dialog.getByRole('button', { name: 'Create Page' }).click();
    await dialog.getByText('Failed to create public page: Something broke.').waitFor();
    await page.unrouteAll({ behavior: 'wait' });
    expect(await dialog.getByLabel('Page Name').inputValue()).toBe('Team numbers');
    await dialog.getByTestId('picker-selected').getByText('3 selected').waitFor();

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
    await bothWidths(h, page, 'sharing-endpoint-dialog-pick');
    await dialog.getByRole('button', { name: 'Create Entry' }).click();
    await dialog.waitFor({ state: 'detached' });
    const a = endpointCard(`API for ${A.formatted}`);
    await a.waitFor();
    expect(await a.getByText('team').count()).toBe(1);
    endpointLink = (await a.getByTestId('share-link').innerText()).trim();
    expect(endpointLink).toMatch(new RegExp(`^${h.baseUrl}/single/${HASH.source}$`));

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
    // The line created left the box: pressing Create again makes no second entry for it.
    expect(await dialog.getByLabel('Numbers and API links').inputValue()).toBe(
      [`5559990000|https://provider.example/api?key=1`, `${C.phone}`].join('\n'),
    );
    await bothWidths(h, page, 'sharing-endpoint-dialog-lines');
    await dialog.getByRole('button', { name: 'Create Entries' }).click();
    await expect
      .poll(() => dialog.getByTestId('lines-result').innerText())
      .toBe('Created 0 entries with 2 errors');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });
    await endpointCard(`API for ${B.formatted}`).waitFor();
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
    await expect.poll(() => page.getByTestId('endpoint-card').count()).toBe(1);
    await filter.selectOption('');
    await expect.poll(() => page.getByTestId('endpoint-card').count()).toBe(2);

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
          `^API for \\(555\\) 000-1001,${A.phone},${endpointLink},Active,team,\\d{4}-\\d{2}-\\d{2}$`,
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
    await endpointCard('Backup line').waitFor();
    await expect
      .poll(() => filter.locator('option').allInnerTexts())
      .toEqual(['All Remarks (2)', 'team (2)']);
  });

  it('shows a page to a signed-out visitor, live: copy a number, its new code arrives, copy it', async () => {
    // Enough messages for A's list to scroll.
    for (let i = 0; i < 8; i++) await readNow(A.phone);
    await readNow(B.phone);
    await whileLoading('**/v1/public/pages/*', pageLink, async () => {
      await visitor.getByText('Loading page...').waitFor();
      await visitorShot('sharing-public-page-loading-375');
    });
    await visitor.getByRole('heading', { name: 'Shared codes', level: 1 }).waitFor();
    expect(await visitor.title()).toBe('Shared codes · VOIP Manager');
    expect(await visitor.getByTestId('monitored-numbers').innerText()).toBe(
      `Monitoring 2 numbers: ${A.formatted}, ${B.formatted}`,
    );
    const a = visitor.getByTestId('public-number').filter({
      has: visitor.getByRole('heading', { name: A.formatted }),
    });
    // The demo numbers were read when added: their messages, codes and end dates are there.
    await a.getByTestId('public-message').first().waitFor();
    expect(await a.getByTestId('public-message').count()).toBeGreaterThanOrEqual(8);
    expect(await a.getByTestId('public-message').count()).toBeLessThanOrEqual(10);
    expect(await a.getByTestId('expiry-chip').getAttribute('data-band')).not.toBe('unknown');
    expect(await a.getByTestId('expiry-chip').innerText()).toMatch(/^Expires \w{3} \d+, \d{4}/);
    const html = await visitor.content();
    expect(html).not.toContain('demo-provider');

    // Copy Number: on the clipboard, and the server is told a code is about to arrive.
    expect(await expectingUntil(A.phone)).toBeNull();
    await a.getByRole('button', { name: `Copy Number ${A.formatted}` }).click();
    await a.getByText('Copied!').first().waitFor();
    expect(await visitor.evaluate(() => navigator.clipboard.readText())).toBe(A.phone);
    await expect.poll(() => expectingUntil(A.phone)).not.toBeNull();

    // The page's stream is open (a code stored before it opened would come with the next load).
    await visitor.getByTestId('live-status').getByText('Live').waitFor();
    const code = await newDemoCode(A.phone);
    const latest = a.getByTestId('latest-code');
    await latest.getByText(code).waitFor();
    expect(await a.getByTestId('message-code').first().innerText()).toBe(code);
    expect(await visitor.getByTestId('code-announcement').innerText()).toBe(
      `New code for ${A.formatted}: ${code}`,
    );
    await a.getByRole('button', { name: `Copy code ${code} for ${A.formatted}` }).click();
    expect(await visitor.evaluate(() => navigator.clipboard.readText())).toBe(code);
    // The page ends with its footer: nothing in the scrolled message lists (their hidden "Copied"
    // announcements) makes it longer.
    expect(
      await visitor.evaluate(
        () =>
          document.documentElement.scrollHeight -
          (document.querySelector('footer')!.getBoundingClientRect().bottom + scrollY),
      ),
    ).toBeLessThanOrEqual(1);
    await bothWidths(h, visitor, 'sharing-public-page', visitorShot);

    // Keyboard: from the top of the page, Tab reaches Copy Number.
    await visitor.reload();
    await visitor.getByRole('heading', { name: 'Shared codes', level: 1 }).waitFor();
    for (let i = 0; i < 10; i++) {
      await visitor.keyboard.press('Tab');
      const name = await visitor.evaluate(() => document.activeElement?.getAttribute('aria-label'));
      if (name === `Copy Number ${A.formatted}`) break;
    }
    expect(await visitor.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `Copy Number ${A.formatted}`,
    );

    // The owner sees the visit counted (views are written in batches).
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`${h.baseUrl}/v1/pages`);
          return ((await res.json()) as { items: { views: number }[] }).items[0]!.views;
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
    expect(visitorErrors).toEqual([]);
  });

  it('tells the visitor when the page fails to load, and retries', async () => {
    const undo = await withoutServerData(pageLink);
    await visitor.route('**/v1/public/pages/*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Something broke.' } }),
      }),
    );
    await visitor.goto(pageLink);
    await visitor.getByRole('heading', { name: 'Failed to load page data' }).waitFor();
    await visitor.getByText('Something broke.').waitFor();
    await visitor.unroute('**/v1/public/pages/*');
    await visitor.getByRole('button', { name: 'Try again' }).click();
    await visitor.getByRole('heading', { name: 'Shared codes', level: 1 }).waitFor();
    await undo();
  });

  it('deactivated: the open page turns into Page Not Found; a regenerated link kills the old one', async () => {
    await visitor.goto(pageLink);
    await visitor.getByRole('heading', { name: 'Shared codes', level: 1 }).waitFor();
    await visitor.getByTestId('live-status').getByText('Live').waitFor();

    await page.goto(h.baseUrl + '/dashboard/public-pages');
    const c = card('Shared codes');
    await c.getByRole('switch', { name: 'Active: Shared codes' }).click();
    await c.getByText('Inactive', { exact: true }).waitFor();
    expect(await c.getByRole('switch').getAttribute('aria-checked')).toBe('false');

    // The page's stream ends (by the next heartbeat at the latest) and the page shows why.
    await visitor.getByRole('heading', { name: 'Page Not Found' }).waitFor({ timeout: 25_000 });
    expect(await visitor.getByTestId('not-found-message').innerText()).toBe(
      'Page not found or inactive',
    );
    // Nothing updates on a page that is not there.
    // The footer: its line (nothing live to show) and the language links.
    expect(await visitor.getByRole('contentinfo').locator('p').innerText()).toBe(
      'Powered by VOIP Manager',
    );
    await visitor.getByRole('contentinfo').getByRole('navigation', { name: 'Language' }).waitFor();
    await bothWidths(h, visitor, 'sharing-public-page-not-found', visitorShot);

    await c.getByRole('switch', { name: 'Active: Shared codes' }).click();
    await c.getByText('Active', { exact: true }).waitFor();
    await visitor.reload();
    await visitor.getByRole('heading', { name: 'Shared codes', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Actions for Shared codes' }).click();
    await page.getByRole('menuitem', { name: 'Regenerate link' }).click();
    const confirm = page.getByRole('dialog', { name: 'Regenerate Link' });
    await confirm.getByRole('button', { name: 'Regenerate' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await c.getByTestId('share-link').innerText()).trim())
      .not.toBe(pageLink);
    const newLink = (await c.getByTestId('share-link').innerText()).trim();
    expect(newLink).toMatch(new RegExp(`^${h.baseUrl}/api/${HASH.source}$`));

    await visitor.goto(pageLink);
    await visitor.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await visitor.goto(newLink);
    await visitor.getByRole('heading', { name: 'Shared codes', level: 1 }).waitFor();
    pageLink = newLink;
    expect(visitorErrors).toEqual([]);
  });

  it('shows a single endpoint to a visitor: copy number and +1, live code, check date, refresh', async () => {
    await whileLoading('**/v1/public/single/*', endpointLink, async () => {
      await visitor.getByText('Loading API endpoint...').waitFor();
    });
    await visitor.getByRole('heading', { name: `API for ${A.formatted}`, level: 1 }).waitFor();
    await visitor.getByText('Single API endpoint • Real-time message updates').waitFor();
    expect(await visitor.getByTestId('endpoint-number').innerText()).toBe(A.formatted);
    await visitor.getByText('Active', { exact: true }).waitFor();
    await visitor.getByText('Powered by VOIP Manager • Messages update automatically').waitFor();
    await visitor.getByRole('heading', { name: /^Recent Messages \(\d+\)$/ }).waitFor();
    // Time as short month, day, h:mm AM/PM.
    expect(await visitor.getByTestId('public-message').first().locator('time').innerText()).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2}\s[AP]M$/,
    );

    await visitor.evaluate(() => navigator.clipboard.writeText(''));
    const copyNumber = visitor.getByRole('button', { name: 'Copy Number' });
    await copyNumber.click();
    await visitor.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await visitor.evaluate(() => navigator.clipboard.readText())).toBe(A.phone);
    const plusOne = visitor.getByRole('button', { name: `Copy +1${A.phone}` });
    await plusOne.click();
    expect(await visitor.evaluate(() => navigator.clipboard.readText())).toBe(`+1${A.phone}`);
    // 'Copied!' for 2 seconds, then the label is back.
    await copyNumber.waitFor();
    await plusOne.waitFor();

    await visitor.getByTestId('live-status').getByText('Live').waitFor();
    const code = await newDemoCode(A.phone);
    await visitor.getByTestId('latest-code').getByText(code).waitFor();
    expect(await visitor.getByTestId('code-announcement').innerText()).toBe(`New code: ${code}`);
    await visitor
      .getByTestId('public-message')
      .first()
      .getByRole('button', { name: new RegExp(`^Copy code ${code}`) })
      .click();
    await visitor.getByTestId('public-message').first().getByText('Copied!').first().waitFor();
    expect(await visitor.evaluate(() => navigator.clipboard.readText())).toBe(code);

    await visitor.getByRole('button', { name: 'Check Date' }).click();
    const result = visitor.getByTestId('expiry-result');
    await result.getByText('Expires:').waitFor();
    expect(await result.innerText()).toMatch(/Expires:\s+\w{3} \d+, \d{4}\s+·\s+\d+ days? left/);
    await bothWidths(h, visitor, 'sharing-single-endpoint', visitorShot);

    // While a request is out the buttons say so; an end date the provider no longer gives is a
    // plain message.
    const held: (() => void)[] = [];
    let holding = true;
    const release = async () => {
      await expect.poll(() => held.length).toBe(1);
      held.shift()!();
    };
    await visitor.route('**/v1/public/single/*', async (route) => {
      if (holding) await new Promise<void>((r) => held.push(r));
      const res = await route.fetch();
      const body = (await res.json()) as { number: { endDate: string | null } };
      body.number.endDate = null;
      await route.fulfill({ response: res, json: body });
    });
    await visitor.getByRole('button', { name: 'Check Date' }).click();
    await visitor.getByRole('button', { name: 'Checking...' }).waitFor();
    await release();
    await result.getByText('No expiry date found in API response or message content').waitFor();
    await visitor.getByRole('button', { name: 'Refresh' }).click();
    await visitor.getByRole('button', { name: 'Refreshing...' }).waitFor();
    await release();
    await visitor.getByRole('button', { name: 'Refresh' }).waitFor();
    holding = false;
    for (const r of held.splice(0)) r();
    await visitor.unrouteAll({ behavior: 'wait' });
    expect(visitorErrors).toEqual([]);
  });

  it('single endpoint: inactive or regenerated links show API Endpoint Not Found', async () => {
    await page.goto(h.baseUrl + '/dashboard/single-api');
    const a = endpointCard(`API for ${A.formatted}`);
    await a.getByRole('switch', { name: `Active: API for ${A.formatted}` }).click();
    await a.getByText('Inactive', { exact: true }).waitFor();
    await visitor.goto(endpointLink);
    await visitor.getByRole('heading', { name: 'API Endpoint Not Found' }).waitFor();
    await visitor
      .getByText('The requested API endpoint could not be found or is inactive.')
      .waitFor();
    // The footer: its line (nothing live to show) and the language links.
    expect(await visitor.getByRole('contentinfo').locator('p').innerText()).toBe(
      'Powered by VOIP Manager',
    );
    await visitor.getByRole('contentinfo').getByRole('navigation', { name: 'Language' }).waitFor();
    await bothWidths(h, visitor, 'sharing-single-not-found', visitorShot);

    await a.getByRole('switch', { name: `Active: API for ${A.formatted}` }).click();
    await a.getByText('Active', { exact: true }).waitFor();
    await page.getByRole('button', { name: `Actions for API for ${A.formatted}` }).click();
    await page.getByRole('menuitem', { name: 'Regenerate link' }).click();
    await page
      .getByRole('dialog', { name: 'Regenerate Link' })
      .getByRole('button', { name: 'Regenerate' })
      .click();
    await expect
      .poll(async () => (await a.getByTestId('share-link').innerText()).trim())
      .not.toBe(endpointLink);
    const newLink = (await a.getByTestId('share-link').innerText()).trim();
    await visitor.goto(endpointLink);
    await visitor.getByRole('heading', { name: 'API Endpoint Not Found' }).waitFor();
    await visitor.goto(newLink);
    await visitor.getByRole('heading', { name: `API for ${A.formatted}`, level: 1 }).waitFor();
    expect(visitorErrors).toEqual([]);
  });

  it('deletes selected entries and a page, each after a confirmation', async () => {
    await page.goto(h.baseUrl + '/dashboard/single-api');
    await page.getByRole('button', { name: 'Select Entries' }).click();
    await page.getByRole('checkbox', { name: 'Select Backup line' }).check();
    const bar = page.getByRole('toolbar', { name: 'Selection' });
    await bar.getByText('1 selected').waitFor();
    await bar.getByRole('button', { name: 'Delete Selected' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Selected Entries' });
    await confirm
      .getByText(
        'Are you sure you want to delete 1 selected entries? This action cannot be undone.',
      )
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('endpoint-card').count()).toBe(1);
    await page.getByText('Deleted 1 entry').waitFor();

    await page.goto(h.baseUrl + '/dashboard/public-pages');
    await page.getByRole('button', { name: 'Actions for Shared codes' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const del = page.getByRole('dialog', { name: 'Delete Public Page' });
    await del.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No public pages yet').waitFor();
    await visitor.goto(pageLink);
    await visitor.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    expect(visitorErrors).toEqual([]);
  });
});

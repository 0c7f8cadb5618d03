import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { signInBrowser, startHarness, type Harness, noHorizontalScroll } from './harness.ts';

const NOT_IN_COLLECTION = 'Number not found in your collection. Add it first to check its date.';
const NO_VALID_LINES = 'Please enter valid phone numbers with API links in the correct format';

/** A provider on 127.0.0.1 whose links answer with an old end date, a 500, no date, or slowly. */
async function startFakeProvider() {
  const server = http.createServer((req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url?.startsWith('/expired')) json(200, { endtime: '2024-01-15 00:00:00' });
    else if (req.url?.startsWith('/nodate')) json(200, { messages: [] });
    else if (req.url?.startsWith('/slow')) setTimeout(() => json(200, { messages: [] }), 4_000);
    else json(500, { error: 'boom' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const results = (page: Page) => page.getByTestId('date-check-result');
const resultFor = (page: Page, formatted: string) => results(page).filter({ hasText: formatted });
const count = async (page: Page, key: string) =>
  Number(await page.getByTestId(`count-${key}`).getByTestId('count-value').textContent());

async function csvOf(download: Download) {
  const file = await download.path();
  return fs.readFileSync(file, 'utf8').trimEnd().split('\r\n');
}

describe('date check', () => {
  let h: Harness;
  let page: Page;
  let provider: Awaited<ReturnType<typeof startFakeProvider>>;

  beforeAll(async () => {
    provider = await startFakeProvider();
    h = await startHarness({ env: { PROVIDER_ALLOWLIST: provider.hostPort } });
    page = h.page;
    await signInBrowser(h);
    const numbers = [
      ['5550001001', `${h.baseUrl}/demo-provider/5550001001`],
      ['5550001002', `${h.baseUrl}/demo-provider/5550001002`],
      ['5550002001', `${provider.origin}/expired?key=secret`],
      ['5550003001', `${provider.origin}/broken?key=secret`],
    ];
    for (const [phoneNumber, apiLink] of numbers) {
      const res = await page.request.post(`${h.baseUrl}/v1/numbers`, {
        data: { phoneNumber, apiLink },
      });
      expect(res.status()).toBe(201);
    }
  });
  afterAll(async () => {
    await h?.close();
    await provider?.close();
  });

  it('checks numbers selected from the collection and exports CSV files', async () => {
    await page.goto(h.baseUrl + '/dashboard/date-check');
    await page.getByRole('heading', { name: 'Date Check', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    const labels = await nav.getByRole('link').allTextContents();
    expect(labels.indexOf('Date Check')).toBe(labels.indexOf('Add Number') + 1);
    expect(await nav.getByRole('link', { name: 'Date Check' }).getAttribute('aria-current')).toBe(
      'page',
    );

    // The collection list shows every number; none has an end date yet.
    await page.getByTestId('picker-row').nth(3).waitFor();
    expect(await page.getByTestId('picker-row').count()).toBe(4);
    expect(await page.getByText('No end date yet').count()).toBe(4);
    const checkButton = page.getByRole('button', { name: /^Check Selected/ });
    expect(await checkButton.textContent()).toBe('Check Selected (0)');
    expect(await checkButton.isDisabled()).toBe(true);

    // The server searches (digits as typed); 'Select shown' selects what is shown.
    await page.getByLabel('Search your numbers').fill('555-000-1');
    await expect.poll(() => page.getByTestId('picker-row').count()).toBe(2);
    await page.getByRole('checkbox', { name: 'Select shown (2)' }).check();
    expect(await checkButton.textContent()).toBe('Check Selected (2)');
    await page.getByLabel('Search your numbers').fill('');
    await page.getByTestId('picker-row').nth(3).waitFor();
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    expect(await checkButton.textContent()).toBe('Check Selected (0)');
    await page.getByRole('checkbox', { name: 'Select shown (4)' }).check();
    expect(await checkButton.textContent()).toBe('Check Selected (4)');
    expect(await page.getByTestId('picker-selected').textContent()).toBe('4 selected');

    await checkButton.click();
    await page.getByRole('heading', { name: 'Results Summary' }).waitFor();
    await page.getByText('Finished: 4 numbers checked.').waitFor();

    expect(await count(page, 'all')).toBe(4);
    expect(await count(page, 'expired')).toBe(1);
    expect(await count(page, 'error')).toBe(1);
    expect((await count(page, 'active')) + (await count(page, 'expiring-soon'))).toBe(2);

    const expired = resultFor(page, '(555) 000-2001');
    expect(await expired.getAttribute('data-status')).toBe('expired');
    await expired.getByText('Jan 15, 2024').waitFor();
    // Over a thousand days since 2024: the count is grouped as English writes it (1,049).
    await expired.getByText(/^Expired \d{1,3}(,\d{3})* days ago$/).waitFor();
    const broken = resultFor(page, '(555) 000-3001');
    expect(await broken.getAttribute('data-status')).toBe('error');
    expect(await broken.getByTestId('result-error').textContent()).toBe('API request failed (500)');
    for (const phone of ['(555) 000-1001', '(555) 000-1002']) {
      const row = resultFor(page, phone);
      expect(['active', 'expiring-soon']).toContain(await row.getAttribute('data-status'));
      await row.getByText(/^\d+ days left$/).waitFor();
    }

    // A count filters the list.
    await page.getByTestId('count-expired').click();
    expect(await results(page).count()).toBe(1);
    await page.getByTestId('count-expired').click();
    expect(await results(page).count()).toBe(4);

    // The found dates were saved: the collection list shows them now.
    await page
      .getByTestId('picker-row')
      .filter({ hasText: '(555) 000-2001' })
      .getByText('Jan 15, 2024')
      .waitFor();
    expect(await page.getByText('No end date yet').count()).toBe(1);

    const [expiredFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Expired' }).click(),
    ]);
    expect(expiredFile.suggestedFilename()).toMatch(/^expired-numbers-\d{4}-\d{2}-\d{2}\.csv$/);
    const expiredCsv = await csvOf(expiredFile);
    expect(expiredCsv[0]).toBe('Phone Number,End Date,Days Expired');
    expect(expiredCsv).toHaveLength(2);
    expect(expiredCsv[1]).toMatch(/^5550002001,2024-01-15,\d+$/);

    const [allFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export All Results' }).click(),
    ]);
    expect(allFile.suggestedFilename()).toMatch(/^date-check-results-\d{4}-\d{2}-\d{2}\.csv$/);
    const allCsv = await csvOf(allFile);
    expect(allCsv[0]).toBe('Phone Number,End Date,Status,Days Left,Error');
    expect(allCsv).toHaveLength(5);
    expect(allCsv).toContain('5550003001,,Error,,API request failed (500)');
    expect(allCsv.find((l) => l.startsWith('5550002001,'))).toMatch(
      /^5550002001,2024-01-15,Expired,-\d+,$/,
    );

    await page.evaluate(() => window.scrollTo(0, 0));
    await h.screenshot('date-check-collection-1280');
    await page.getByRole('heading', { name: 'Results Summary' }).scrollIntoViewIfNeeded();
    await h.screenshot('date-check-collection-results-1280');

    // Nothing expired among the demo numbers: a message instead of a file.
    await page.getByLabel('Search your numbers').fill('5550001');
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Select shown (2)' }).check();
    await page.getByRole('button', { name: 'Check Selected (2)' }).click();
    await page.getByText('Finished: 2 numbers checked.').waitFor();
    await page.getByRole('button', { name: 'Export Expired' }).click();
    await page.getByText('No expired numbers to export').waitFor();
  });

  it('checks pasted lines: numbers outside the collection get their error', async () => {
    await page.goto(h.baseUrl + '/dashboard/date-check');
    await page.getByRole('button', { name: 'Bulk Input' }).click();
    expect(
      await page.getByRole('button', { name: 'Bulk Input' }).getAttribute('aria-pressed'),
    ).toBe('true');
    const box = page.getByLabel('Phone numbers (one per line)');
    const check = page.getByRole('button', { name: 'Check Dates' });
    expect(await check.isDisabled()).toBe(true);

    // No valid line at all: the request is refused and the message shown in a red banner.
    h.allowHttp(400, /\/v1\/date-checks$/);
    await box.fill('hello\nworld');
    await check.click();
    await page.getByRole('alert').getByText(NO_VALID_LINES).waitFor();

    await box.fill(
      ['+1 (555) 000-1001', '', '5559999999|https://provider.example/api?key=x'].join('\n'),
    );
    await check.click();
    await page.getByText('Finished: 2 numbers checked.').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    const outside = resultFor(page, '(555) 999-9999');
    expect(await outside.getAttribute('data-status')).toBe('error');
    expect(await outside.getByTestId('result-error').textContent()).toBe(NOT_IN_COLLECTION);
    expect(['active', 'expiring-soon']).toContain(
      await resultFor(page, '(555) 000-1001').getAttribute('data-status'),
    );
    expect(await count(page, 'error')).toBe(1);
    await h.screenshot('date-check-bulk-1280');

    await page.setViewportSize({ width: 375, height: 800 });
    try {
      await page.getByRole('heading', { name: 'Results Summary' }).scrollIntoViewIfNeeded();
      await noHorizontalScroll(page, 375);
      await h.screenshot('date-check-bulk-375');
      await page.getByRole('list', { name: 'Date check results' }).scrollIntoViewIfNeeded();
      await h.screenshot('date-check-bulk-list-375');
      await page.getByRole('button', { name: 'Select from Collection' }).click();
      await page.getByTestId('picker-row').nth(3).waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await noHorizontalScroll(page, 375);
      await h.screenshot('date-check-collection-375');
      // Date Check is in the mobile menu too.
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog');
      await menu.getByRole('link', { name: 'Date Check' }).waitFor();
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('can cancel a running check', async () => {
    const slow = await page.request.post(`${h.baseUrl}/v1/numbers`, {
      data: { phoneNumber: '5550004001', apiLink: `${provider.origin}/slow?key=secret` },
    });
    expect(slow.status()).toBe(201);
    await page.goto(h.baseUrl + '/dashboard/date-check');
    await page.getByLabel('Search your numbers').fill('5550004001');
    await page.getByRole('checkbox', { name: '(555) 000-4001' }).check();
    await page.getByRole('button', { name: 'Check Selected (1)' }).click();
    const row = resultFor(page, '(555) 000-4001');
    expect(await row.getAttribute('data-status')).toBe('checking');
    await row.getByText('Checking', { exact: true }).waitFor();
    await page.getByRole('progressbar').waitFor();
    // Keyboard: Tab from the list reaches the check button's neighbours; focus is visible.
    await page.getByRole('button', { name: 'Cancel' }).focus();
    await page.keyboard.press('Shift+Tab');
    await h.screenshot('date-check-running-1280');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Check cancelled: 0 of 1 number checked.').waitFor();
    expect(await row.getAttribute('data-status')).toBe('skipped');
    await page.getByRole('button', { name: 'Export All Results' }).click();
    await page.getByText('No results to export').waitFor();
    await page.getByRole('button', { name: 'Clear Results' }).click();
    expect(await results(page).count()).toBe(0);
  });

  it("selects every number a search matches, loaded or not, up to a check's limit", async () => {
    const lines = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => {
        const phone = `${prefix}${String(i).padStart(10 - prefix.length, '0')}`;
        return `${phone}|${h.baseUrl}/demo-provider/${phone}`;
      }).join('\n');
    const imported = await page.request.post(`${h.baseUrl}/v1/numbers/import`, {
      data: { text: lines('55588', 130) },
    });
    expect(imported.status()).toBe(200);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(h.baseUrl + '/dashboard/date-check');
    await page.getByLabel('Search your numbers').fill('55588');
    // 100 loaded (the rest come as the list scrolls); 'Select all' takes every match.
    await page.getByRole('checkbox', { name: 'Select shown (100)' }).waitFor();
    await page.getByRole('button', { name: 'Select all 130' }).click();
    await expect.poll(() => page.getByTestId('picker-selected').textContent()).toBe('130 selected');
    const check = page.getByRole('button', { name: /^Check Selected/ });
    expect(await check.textContent()).toBe('Check Selected (130)');
    await h.screenshot('date-check-select-all-375');

    // Past the 500 a check takes, it says to narrow the search instead.
    const more = await page.request.post(`${h.baseUrl}/v1/numbers/import`, {
      data: { text: lines('55599', 400) },
    });
    expect(more.status()).toBe(200);
    await page.reload();
    await page.getByText('Select up to 500 at once: narrow the search').waitFor();
    expect(await page.getByRole('button', { name: /^Select all/ }).count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('public /date-checker works without signing in', async () => {
    await h.context.clearCookies();
    await page.goto(h.baseUrl + '/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Date Checker' }).click();
    await page.waitForURL('**/date-checker');
    await page.getByRole('heading', { name: 'Free Number Date Checker' }).waitFor();
    const notice = page.getByTestId('privacy-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('never stored or logged');
    expect((await page.request.get(`${h.baseUrl}/v1/me`)).status()).toBe(401);

    const box = page.getByLabel('Numbers and API links (one per line)');
    const check = page.getByRole('button', { name: 'Check Dates' });
    expect(await check.isDisabled()).toBe(true);
    await box.fill(
      [
        `5557770001|${h.baseUrl}/demo-provider/5557770001`,
        `${provider.origin}/expired?key=a\t+15557770002`,
        `5557770003----${provider.origin}/nodate?key=b`,
        '5557770004|ftp://provider.example/nope',
        'just some words',
      ].join('\n'),
    );
    expect(await page.getByText('5 / 50 lines').count()).toBe(1);
    await check.click();
    await page.getByText('Finished: 5 numbers checked.').waitFor();

    expect(['active', 'expiring-soon']).toContain(
      await resultFor(page, '(555) 777-0001').getAttribute('data-status'),
    );
    expect(await resultFor(page, '(555) 777-0002').getAttribute('data-status')).toBe('expired');
    expect(await resultFor(page, '(555) 777-0003').getByTestId('result-error').textContent()).toBe(
      'No endtime found in API response',
    );
    // The invalid line shows its number, not the line's text.
    expect(await resultFor(page, '(555) 777-0004').getByTestId('result-error').textContent()).toBe(
      'Line 4: Invalid API link. Must start with http.',
    );
    // A line in no format: the formats the checker reads, without tags (it takes none).
    expect(
      await page
        .getByTestId('result-error')
        .filter({ hasText: /^Line 5:/ })
        .textContent(),
    ).toBe(
      'Line 5: Invalid format. Expected format: phone|link, phone----link, phone<TAB>link, link<TAB>phone or phone link',
    );
    expect(await count(page, 'error')).toBe(3);

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export All Results' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^date-check-results-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await csvOf(file);
    expect(csv).toHaveLength(6);
    expect(csv).toContain('5557770003,,Error,,No endtime found in API response');
    expect(csv).toContain('5557770004,,Error,,Line 4: Invalid API link. Must start with http.');
    await h.screenshot('date-check-public-results-1280');

    await page.evaluate(() => window.scrollTo(0, 0));
    await h.screenshot('date-check-public-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    try {
      await noHorizontalScroll(page, 375);
      await h.screenshot('date-check-public-375');
      await page.getByRole('heading', { name: 'Results Summary' }).scrollIntoViewIfNeeded();
      await h.screenshot('date-check-public-results-375');
      await page.getByRole('list', { name: 'Date check results' }).scrollIntoViewIfNeeded();
      await h.screenshot('date-check-public-list-375');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    // A refused request (here the rate limit) shows the server's message in a red banner.
    h.allowHttp(429, /\/v1\/public\/date-check$/);
    await page.route('**/v1/public/date-check', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'RATE_LIMITED', message: 'Too many requests. Please slow down.' },
        }),
      }),
    );
    await check.click();
    await page.getByRole('alert').getByText('Too many requests. Please slow down.').waitFor();
    expect(await results(page).count()).toBe(0);
    await page.unrouteAll();

    // Too many lines are refused before sending.
    await box.fill(
      Array.from(
        { length: 51 },
        (_, i) => `55560${String(i).padStart(5, '0')}|https://x.example/`,
      ).join('\n'),
    );
    await page.getByText('Check at most 50 numbers at a time.').waitFor();
    expect(await check.isDisabled()).toBe(true);
  });
});

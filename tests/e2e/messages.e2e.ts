import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Message } from '../../src/shared/messages.ts';
import { signInBrowser, startHarness, type Harness, noHorizontalScroll } from './harness.ts';

/** A demo number answers in JSON with its 3 newest codes; the other link is refused (blocked). */
const DEMO = '5550001234';
const DEMO_FORMATTED = '(555) 000-1234';
const BROKEN = '5550009999';
const BROKEN_FORMATTED = '(555) 000-9999';

const card = (page: Page, formatted: string) =>
  page.getByTestId('number-card').filter({ has: page.getByRole('heading', { name: formatted }) });

describe('messages: number cards, Recent Messages, Message History, live updates', () => {
  let h: Harness;
  let page: Page;
  const ids: Record<string, string> = {};
  let userId = '';

  /** Waits until the page's event stream is subscribed on the server. */
  async function streamConnected() {
    await expect.poll(() => h.t.app.bus.watchers(userId)).toBeGreaterThan(0);
  }

  async function newestMessages(query = ''): Promise<Message[]> {
    const res = await page.request.get(`${h.baseUrl}/v1/messages?limit=100${query}`);
    expect(res.status()).toBe(200);
    return ((await res.json()) as { items: Message[] }).items;
  }

  beforeAll(async () => {
    h = await startHarness();
    page = h.page;
    await h.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: h.baseUrl,
    });
    await signInBrowser(h);
    userId = ((await (await page.request.get(`${h.baseUrl}/v1/me`)).json()) as { id: string }).id;
    for (const [phoneNumber, apiLink] of [
      [BROKEN, 'http://127.0.0.1:9/provider'],
      [DEMO, `${h.baseUrl}/demo-provider/${DEMO}?format=json`],
    ] as const) {
      const res = await page.request.post(`${h.baseUrl}/v1/numbers`, {
        data: { phoneNumber, apiLink },
      });
      expect(res.status()).toBe(201);
      ids[phoneNumber] = ((await res.json()) as { id: string }).id;
    }
  });
  afterAll(async () => {
    await h?.t.app.poller.stop();
    await h?.close();
  });

  it('lists the new screens in the sidebar, in order, and in the mobile menu', async () => {
    await page.goto(h.baseUrl + '/dashboard');
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    await sidebar.getByRole('link', { name: 'Recent Messages' }).waitFor();
    const labels = (await sidebar.getByRole('link').allTextContents()).map((t) => t.trim());
    expect(labels.indexOf('Recent Messages')).toBe(labels.indexOf('Dashboard') + 1);
    expect(labels.indexOf('Message History')).toBe(labels.indexOf('Dashboard') + 2);
    expect(labels.indexOf('Add Number')).toBe(labels.indexOf('Dashboard') + 3);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await menu.getByRole('link', { name: 'Dashboard' }).waitFor();
    await expect.poll(() => menu.getByRole('link', { name: 'Recent Messages' }).count()).toBe(1);
    await expect.poll(() => menu.getByRole('link', { name: 'Message History' }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('shows the empty state, then refreshes: messages, the error banner and the warning', async () => {
    await page.goto(h.baseUrl + '/dashboard/messages');
    await page.getByRole('heading', { name: 'Recent Messages' }).waitFor();
    await page.getByTestId('messages-empty').getByText('No messages yet').waitFor();
    // The demo provider runs in the harness, so the empty state offers a demo link.
    await page.getByRole('button', { name: 'Copy demo API link' }).waitFor();
    await h.screenshot('messages-empty-1280');

    await page.getByRole('button', { name: 'Refresh Messages' }).click();
    await page.getByRole('alert').getByText('Error fetching messages').waitFor();
    const warning = page.getByTestId('poll-warning');
    await warning.getByText(BROKEN_FORMATTED).waitFor();
    await expect.poll(() => warning.textContent()).toContain('Failed to fetch messages: ');
    await expect.poll(() => warning.count()).toBe(1);

    const stored = await newestMessages();
    expect(stored).toHaveLength(3);
    const items = page.getByTestId('message-item');
    await items.nth(2).waitFor();
    await expect.poll(() => items.count()).toBe(3);
    // Newest first, with From, To, the code and Copy Code.
    const first = items.first();
    await expect
      .poll(() => first.getByTestId('message-from').textContent())
      .toBe(stored[0]!.sender);
    await expect.poll(() => first.getByTestId('message-to').textContent()).toBe(DEMO_FORMATTED);
    await expect.poll(() => first.getByTestId('message-code').textContent()).toBe(stored[0]!.code);
    await first.getByRole('button', { name: /^Copy code/ }).click();
    await first.getByText('Copied').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(stored[0]!.code);
    await h.screenshot('messages-recent-1280');

    await page.setViewportSize({ width: 375, height: 800 });
    await items.first().waitFor();
    await noHorizontalScroll(page, 375);
    await h.screenshot('messages-recent-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Before any refresh on a fresh visit, the warning comes from the number's last poll error.
    await page.reload();
    await page.getByTestId('poll-warning').getByText(BROKEN_FORMATTED).waitFor();
    await expect.poll(() => page.getByText('Error fetching messages').count()).toBe(0);
  });

  it('shows recent messages, the expiry band, Test and Date Check on the number card', async () => {
    await page.goto(h.baseUrl + '/dashboard');
    const demo = card(page, DEMO_FORMATTED);
    const toggle = demo.getByRole('button', { name: /^3 Recent Messages/ });
    await toggle.waitFor();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    const stored = await newestMessages(`&numberId=${ids[DEMO]}`);
    const cardMessages = demo.getByTestId('card-message');
    await cardMessages.nth(2).waitFor();
    await expect
      .poll(() => cardMessages.first().getByTestId('message-code').textContent())
      .toBe(stored[0]!.code);
    await expect
      .poll(() => cardMessages.first().locator('time').textContent())
      .toMatch(/^(just now|\d+[mhd] ago)$/);

    // The broken number shows its poll error; neither number has an end date yet.
    const broken = card(page, BROKEN_FORMATTED);
    await expect
      .poll(() => broken.getByTestId('card-last-error').textContent())
      .toContain('Failed to fetch messages: ');
    await broken.getByText('No messages yet').waitFor();
    await expect.poll(() => broken.getByTestId('expiry-badge').textContent()).toBe('No end date');

    await demo.getByRole('button', { name: `Test API link of ${DEMO_FORMATTED}` }).click();
    const testResult = demo.getByTestId('test-result');
    await testResult.waitFor();
    await expect.poll(() => testResult.textContent()).toBe('✓ Success (3 messages)');

    await broken.getByRole('button', { name: `Test API link of ${BROKEN_FORMATTED}` }).click();
    await broken
      .getByTestId('test-result')
      .getByText(/^✗ (Error|Failed)/)
      .waitFor();

    // The demo number's rental ends 3–60 days from now: orange or yellow or green, never grey.
    await demo.getByRole('button', { name: `Date Check for ${DEMO_FORMATTED}` }).click();
    const dateResult = demo.getByTestId('date-check-result');
    await dateResult.waitFor();
    await expect
      .poll(() => dateResult.textContent())
      .toMatch(/^Expires: [A-Z][a-z]{2} \d{1,2}, \d{4} \(\d+ days? left\)$/);
    const badge = demo.getByTestId('expiry-badge');
    await badge.getByText(/^Expires in \d+ days?$/).waitFor();
    expect(['soon', 'warning', 'ok']).toContain(await badge.getAttribute('data-band'));
    await demo.scrollIntoViewIfNeeded();
    await h.screenshot('messages-card-1280');

    // The Test result clears after 5 seconds (waited for with room for a loaded machine).
    await testResult.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => dateResult.isVisible()).toBe(true);

    await page.setViewportSize({ width: 375, height: 800 });
    await demo.scrollIntoViewIfNeeded();
    await noHorizontalScroll(page, 375);
    await h.screenshot('messages-card-375');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('shows a new message live on /dashboard/messages, with a toast, without a reload', async () => {
    await page.goto(h.baseUrl + '/dashboard/messages');
    const items = page.getByTestId('message-item');
    await items.nth(2).waitFor();
    const before = await items.count();
    await streamConnected();
    // Detect a reload: this marker disappears with the document.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

    // Demo codes change when the clock moves ≥ 91 s; the poller then finds the number due.
    h.t.clock.advance(95_000);
    await h.t.app.poller.drain();
    const [newest] = await newestMessages();
    expect(newest).toBeDefined();

    const toast = page.getByTestId('code-toast-line').filter({ hasText: newest!.code! });
    await toast.filter({ hasText: DEMO_FORMATTED }).waitFor();
    await page
      .locator(`[data-testid="message-item"][data-message-id="${newest!.id}"]`)
      .waitFor({ timeout: 5_000 });
    await expect.poll(() => items.count()).toBeGreaterThan(before);
    await expect
      .poll(() => items.first().getByTestId('message-code').textContent())
      .toBe(newest!.code);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await h.screenshot('messages-live-toast-1280');

    // The toast's Copy action copies the code.
    await toast
      .getByRole('button', { name: `Copy code ${newest!.code} for ${DEMO_FORMATTED}` })
      .click();
    await page.waitForFunction(
      (code) => navigator.clipboard.readText().then((t) => t === code),
      newest!.code,
    );

    // The card on the dashboard updates live too: patched from the event, no list refetch.
    await page.goto(h.baseUrl + '/dashboard');
    const demo = card(page, DEMO_FORMATTED);
    const count = (await newestMessages(`&numberId=${ids[DEMO]}`)).length;
    await demo.getByRole('button', { name: new RegExp(`^${count} Recent Messages`) }).waitFor();
    await streamConnected();
    let listRequests = 0;
    const countLists = (r: { url: () => string }) => {
      if (new URL(r.url()).pathname === '/v1/numbers') listRequests++;
    };
    page.on('request', countLists);
    h.t.clock.advance(95_000);
    const refreshed = await page.request.post(`${h.baseUrl}/v1/numbers/${ids[DEMO]}/refresh`);
    expect(refreshed.status()).toBe(200);
    const { newMessages } = (await refreshed.json()) as { newMessages: number };
    expect(newMessages).toBeGreaterThan(0);
    await demo
      .getByRole('button', { name: new RegExp(`^${count + newMessages} Recent Messages`) })
      .waitFor();
    page.off('request', countLists);
    expect(listRequests).toBe(0);
  });

  it('filters the history by text, number and dates, in the URL, with a CSV link', async () => {
    const all = await newestMessages();
    expect(all.length).toBeGreaterThanOrEqual(4);
    const target = all[1]!;

    await page.goto(h.baseUrl + '/dashboard/history');
    await page.getByRole('heading', { name: 'Message History' }).waitFor();
    const items = page.getByTestId('message-item');
    await expect.poll(() => items.count()).toBe(all.length);

    // Search text (debounced) goes to the URL and the server.
    await page.getByLabel('Search messages').fill(target.code!);
    await page.waitForURL(new RegExp(`q=${target.code}`));
    await expect.poll(() => items.count()).toBe(1);
    await expect
      .poll(() => items.first().getByTestId('message-code').textContent())
      .toBe(target.code);
    const csvLink = page.getByRole('link', { name: 'Export CSV' });
    const href = `/v1/messages/export?q=${target.code}`;
    await expect.poll(() => csvLink.getAttribute('href')).toBe(href);
    await expect.poll(() => csvLink.getAttribute('download')).not.toBeNull();
    const csv = await page.request.get(h.baseUrl + href);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toContain('text/csv');
    expect(csv.headers()['content-disposition']).toMatch(
      /filename="message-history-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(await csv.text()).toContain(target.code!);
    await page.getByRole('button', { name: 'Clear Filters (1)' }).click();
    await items.nth(all.length - 1).waitFor();

    // The number filter searches the collection on the server; the broken number has no
    // messages. Chosen with the keyboard: type digits, Enter takes the first match.
    const numberBox = page.getByRole('combobox', { name: 'Number', exact: true });
    await numberBox.fill('999');
    await page.getByRole('option', { name: BROKEN_FORMATTED }).waitFor();
    await expect.poll(() => page.getByRole('option').count()).toBe(1);
    await numberBox.press('Enter');
    await page.waitForURL(new RegExp(`number=${ids[BROKEN]}`));
    await expect.poll(() => numberBox.inputValue()).toBe(BROKEN_FORMATTED);
    await page.getByText('No messages found matching your filters.').waitFor();
    await expect
      .poll(() => csvLink.getAttribute('href'))
      .toBe(`/v1/messages/export?numberId=${ids[BROKEN]}`);
    await numberBox.fill('nothing like it');
    await page.getByText('No numbers match').waitFor();
    await numberBox.fill('1234');
    await page.getByRole('option', { name: DEMO_FORMATTED }).waitFor();
    await h.screenshot('messages-history-number-filter-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await noHorizontalScroll(page, 375);
    await h.screenshot('messages-history-number-filter-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('option', { name: DEMO_FORMATTED }).click();
    await page.waitForURL(new RegExp(`number=${ids[DEMO]}`));
    await items.nth(all.length - 1).waitFor();

    // Dates: a start date in the future finds nothing; a reversed range is refused.
    await page.getByLabel('Start date').fill('2099-01-01');
    await page.waitForURL(/from=2099-01-01/);
    await page.getByText('No messages found matching your filters.').waitFor();
    await expect
      .poll(() => csvLink.getAttribute('href'))
      .toBe(`/v1/messages/export?numberId=${ids[DEMO]}&from=2099-01-01`);
    await page.getByLabel('End date').fill('2098-01-01');
    await page.getByText('The end date must be on or after the start date.').waitFor();
    await h.screenshot('messages-history-bad-range-1280');

    // Filters survive a reload (the number shown again from its id); Clear Filters (n) counts them.
    await page.reload();
    await expect.poll(() => page.getByLabel('Start date').inputValue()).toBe('2099-01-01');
    await page.waitForFunction(
      (v) => (document.getElementById('history-number') as HTMLInputElement).value === v,
      DEMO_FORMATTED,
    );
    await page.getByRole('button', { name: 'Clear Filters (3)' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await items.nth(all.length - 1).waitFor();
    await h.screenshot('messages-history-1280');

    await page.setViewportSize({ width: 375, height: 800 });
    await items.first().waitFor();
    await noHorizontalScroll(page, 375);
    await h.screenshot('messages-history-375');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('pages the history with Load more', async () => {
    // 50 per page: make the demo number receive enough messages for a second page.
    for (let i = 0; i < 80 && (await newestMessages()).length <= 50; i++) {
      h.t.clock.advance(95_000);
      await h.t.app.poller.drain();
    }
    const total = (await page.request
      .get(`${h.baseUrl}/v1/messages?limit=200`)
      .then((r) => r.json())) as { items: Message[] };
    expect(total.items.length).toBeGreaterThan(50);

    await page.goto(h.baseUrl + '/dashboard/history');
    const items = page.getByTestId('message-item');
    await items.nth(49).waitFor();
    await expect.poll(() => items.count()).toBe(50);
    await page.getByRole('button', { name: 'Load more' }).click();
    await items.nth(50).waitFor();
    await expect.poll(() => items.count()).toBe(total.items.length);
  });
});

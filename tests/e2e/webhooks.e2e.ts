import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../src/server/modules/webhooks/signing.ts';
import { noHorizontalScroll, signInBrowser, startHarness, type Harness } from './harness.ts';

type Received = { headers: http.IncomingHttpHeaders; body: string };

/** A receiver on 127.0.0.1 that keeps what it is sent and answers `answer` (200 until told). */
async function startReceiver() {
  const received: Received[] = [];
  const state = { status: 200, body: '{"received":true}' };
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(state.status, { 'content-type': 'text/plain' });
      res.end(state.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    hostPort: `127.0.0.1:${port}`,
    received,
    answer: (status: number, body: string) => Object.assign(state, { status, body }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('Webhooks screen', () => {
  let h: Harness;
  let page: Page;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    // The delivery worker reaches the receiver through the SSRF guard: allow its port.
    h = await startHarness({ env: { PROVIDER_ALLOWLIST: receiver.hostPort } });
    page = h.page;
  });
  afterAll(async () => {
    await h?.close();
    await receiver?.close();
  });

  const card = () => page.getByTestId('webhook-card');
  const rows = () => card().getByTestId('delivery-row');
  const secretShown = async () => {
    const box = page.getByTestId('webhook-secret');
    await box.getByText('Copy this secret now. You will not see it again.').waitFor();
    return (await box.locator('code').innerText()).trim();
  };
  /** The app's worker sends what is due (main.ts runs it; the harness app does not). */
  const deliver = () => h.t.app.deliveries.drain();
  /** Signatures carry the app's time (the harness's manual clock). */
  const serverSeconds = () => Math.floor(h.t.clock.now().getTime() / 1000);
  const textOf = (l: Locator) => () => l.innerText();
  const menu = async (item: string) => {
    await card()
      .getByRole('button', { name: `Actions for ${receiver.url}` })
      .click();
    await page.getByRole('menuitem', { name: item }).click();
  };

  it('adds a webhook (secret shown once), sends a test event, redelivers, rotates, toggles and deletes it', async () => {
    const email = await signInBrowser(h);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(h.baseUrl + '/dashboard/webhooks');
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByTestId('webhooks-empty').getByText('No webhooks yet.').waitFor();
    expect(await page.title()).toMatch(/^Webhooks · /);
    await noHorizontalScroll(page, 390);

    // An empty form: the server names both fields, under them.
    h.allowHttp(400, /\/v1\/webhooks$/);
    await page.getByRole('button', { name: 'Add your first webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    await dialog.getByRole('checkbox', { name: /code\.received/ }).uncheck();
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await dialog.getByText('URL must be a valid http or https address').waitFor();
    await dialog.getByText('Choose at least one event').waitFor();
    expect(await dialog.getByLabel('URL', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    await noHorizontalScroll(page, 390);

    await dialog.getByLabel('URL', { exact: true }).fill(receiver.url);
    await dialog.getByRole('checkbox', { name: /code\.received/ }).check();
    await dialog.getByRole('checkbox', { name: /message\.received/ }).check();
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The secret, once, in the new webhook's card.
    const secret = await secretShown();
    // Focus moves to the box, so keyboard and screen-reader users land on it.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('webhook-secret');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const summary = await card().innerText();
    expect(summary).toContain(receiver.url);
    expect(summary).toContain('code.received');
    expect(summary).toContain('message.received');
    expect(summary).toContain('Enabled');
    expect(await card().getByTestId('webhook-filters').innerText()).toBe('All numbers');
    await noHorizontalScroll(page, 390);
    await h.screenshot('webhooks-secret-390');
    await page.getByTestId('webhook-secret').getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('webhook-secret').waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(secret);
    await page.reload();
    await card().waitFor();
    expect(await page.content()).not.toContain(secret);

    // Send test event: the log opens; once sent, it reads delivered with the receiver's 200.
    const tested = page.waitForResponse((r) => r.url().endsWith('/test') && r.status() === 202);
    await card().getByRole('button', { name: 'Send test event' }).click();
    await tested;
    await card().getByRole('region', { name: 'Deliveries' }).waitFor();
    await deliver();
    expect(receiver.received).toHaveLength(1);
    const first = receiver.received[0]!;
    expect(JSON.parse(first.body)).toMatchObject({ type: 'webhook.test' });
    expect(verifyWebhook(secret, first.headers, first.body, serverSeconds())).toBe(true);
    await card().getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(textOf(rows().first())).toContain('Delivered');
    const delivered = await rows().first().innerText();
    expect(delivered).toContain('webhook.test');
    expect(delivered).toContain('200');
    expect(delivered).toContain('{"received":true}');
    expect(delivered).toMatch(/\d+ ms/);
    expect(await rows().count()).toBe(1);
    await noHorizontalScroll(page, 390);
    await h.screenshot('webhooks-log-390');

    // The receiver fails: Redeliver is tried at once and left pending, with the 500 and its body.
    receiver.answer(500, 'receiver down: database unavailable');
    const again = page.waitForResponse((r) => r.url().endsWith('/redeliver') && r.status() === 202);
    await rows()
      .first()
      .getByRole('button', { name: /^Redeliver webhook\.test/ })
      .click();
    await again;
    await deliver();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(first.headers['webhook-id']);
    await card().getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(textOf(rows().first())).toContain('500');
    const failing = await rows().first().innerText();
    expect(failing).toContain('Pending');
    expect(failing).toContain('receiver down: database unavailable');
    expect(failing).toContain('Next attempt');
    expect(failing).toMatch(/Attempts\s+2/);
    await card().getByText('Failing since').waitFor();
    await noHorizontalScroll(page, 390);
    await h.screenshot('webhooks-failing-390');

    // A day of failures: the delivery is given up and the webhook turned off, its owner emailed.
    h.t.clock.advance(25 * 3_600_000);
    await deliver();
    expect(receiver.received).toHaveLength(3);
    await card().getByRole('button', { name: 'Refresh' }).click();
    await card().getByText('Turned off: Deliveries failed for 24 hours').waitFor();
    await expect.poll(textOf(rows().first())).toContain('Failed');
    expect(await rows().first().innerText()).toMatch(/Attempts\s+3/);
    expect(await rows().first().innerText()).not.toContain('Next attempt');
    expect((await h.latestMail(email)).subject).toBe('A webhook was turned off');
    await noHorizontalScroll(page, 390);
    await h.screenshot('webhooks-turned-off-390');

    // Turned on again from its switch: no longer failing.
    const toggle = card().getByRole('switch', { name: `Enabled: ${receiver.url}` });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await card().getByText('Enabled', { exact: true }).waitFor();
    await card().getByText('Failing since').waitFor({ state: 'detached' });

    // Rotate (confirmed): a new secret, shown once; both sign until the overlap ends.
    await menu('Rotate secret');
    const rotate = page.getByRole('dialog', { name: 'Rotate secret' });
    await rotate.getByRole('button', { name: 'Rotate secret' }).click();
    await rotate.waitFor({ state: 'detached' });
    const rotated = await secretShown();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('webhook-secret');
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await page.getByTestId('webhook-secret').getByRole('button', { name: 'Done' }).click();
    expect(await page.content()).not.toContain(rotated);
    receiver.answer(200, 'ok');
    const third = page.waitForResponse((r) => r.url().endsWith('/redeliver') && r.status() === 202);
    await rows()
      .first()
      .getByRole('button', { name: /^Redeliver webhook\.test/ })
      .click();
    await third;
    await deliver();
    expect(receiver.received).toHaveLength(4);
    const last = receiver.received[3]!;
    expect(verifyWebhook(rotated, last.headers, last.body, serverSeconds())).toBe(true);
    expect(verifyWebhook(secret, last.headers, last.body, serverSeconds())).toBe(true);
    await card().getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(textOf(rows().first())).toContain('Delivered');

    // Disable, then enable again.
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await card().getByText('Disabled', { exact: true }).waitFor();
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await card().getByText('Enabled', { exact: true }).waitFor();
    await noHorizontalScroll(page, 390);

    // Delete (confirmed): back to the empty state.
    await menu('Delete');
    const confirmDelete = page.getByRole('dialog', { name: 'Delete webhook' });
    await confirmDelete.getByRole('button', { name: 'Delete webhook' }).click();
    await page.getByTestId('webhooks-empty').getByText('No webhooks yet.').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Webhooks');
    expect(
      (await page.request.get(`${h.baseUrl}/v1/webhooks`).then((r) => r.json())).items,
    ).toEqual([]);
    await noHorizontalScroll(page, 390);
  });

  it('lays out the list, the form and the log at phone and desktop widths', async () => {
    receiver.answer(200, '{"received":true}');
    const post = async (path: string, data: unknown) => {
      const res = await page.request.post(h.baseUrl + path, { data });
      expect(res.status()).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const numberIds = [
      await post('/v1/numbers', {
        phoneNumber: '5550001001',
        apiLink: 'https://provider.example/1',
      }),
      await post('/v1/numbers', {
        phoneNumber: '5550001002',
        apiLink: 'https://provider.example/2',
      }),
    ];
    const tagId = await post('/v1/tags', { name: 'Telegram' });
    await post('/v1/tags', { name: 'WhatsApp' });
    const made = await page.request.post(`${h.baseUrl}/v1/webhooks`, {
      data: { url: receiver.url, events: ['code.received'] },
    });
    expect(made.status()).toBe(201);
    const other = await page.request.post(`${h.baseUrl}/v1/webhooks`, {
      data: {
        url: 'https://hooks.example.com/a/very/long/path/that/keeps/going/for/the/receiver?token=abcdefghijklmnopqrstuvwxyz0123456789',
        events: ['code.received', 'message.received'],
        numberIds,
        tagIds: [tagId],
        enabled: false,
      },
    });
    expect(other.status()).toBe(201);
    const id = ((await made.json()) as { id: string }).id;
    for (let i = 0; i < 3; i++) {
      expect((await page.request.post(`${h.baseUrl}/v1/webhooks/${id}/test`)).status()).toBe(202);
    }
    await deliver();

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(h.baseUrl + '/dashboard/webhooks');
      await card().first().waitFor();
      expect(await card().count()).toBe(2);
      const filtered = card().filter({ hasNotText: receiver.url });
      expect(await filtered.getByTestId('webhook-filters').innerText()).toBe('2 numbers · 1 tag');
      await filtered.getByText('Disabled', { exact: true }).waitFor();
      await noHorizontalScroll(page, width);
      await h.screenshot(`webhooks-list-${width}`);

      const mine = card().filter({ hasText: receiver.url });
      await mine.getByRole('button', { name: 'Deliveries' }).click();
      await expect.poll(() => mine.getByTestId('delivery-row').count()).toBe(3);
      await mine.getByRole('region', { name: 'Deliveries' }).scrollIntoViewIfNeeded();
      await noHorizontalScroll(page, width);
      await h.screenshot(`webhooks-log-${width}`);

      await mine.getByRole('button', { name: `Actions for ${receiver.url}` }).click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit webhook' });
      expect(await dialog.getByLabel('URL', { exact: true }).inputValue()).toBe(receiver.url);
      await dialog.getByRole('radio', { name: 'Only these numbers' }).check();
      await expect.poll(() => dialog.getByTestId('picker-row').count()).toBe(2);
      await dialog.getByRole('checkbox', { name: 'Telegram' }).waitFor();
      await noHorizontalScroll(page, width);
      await h.screenshot(`webhooks-form-${width}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
  });

  it('shows a failed load with Try again, for the list and for a log', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const broken = (route: Route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Something broke.' } }),
      });
    h.allowHttp(500, /\/v1\/webhooks(\/[^/]+\/deliveries\?.*)?$/);

    await page.route('**/v1/webhooks', broken);
    await page.goto(h.baseUrl + '/dashboard/webhooks');
    await page.getByRole('alert').getByText('Something broke.').waitFor();
    await noHorizontalScroll(page, 390);
    await page.unroute('**/v1/webhooks', broken);
    await page.getByRole('button', { name: 'Try again' }).click();
    await card().first().waitFor();

    await page.route('**/v1/webhooks/*/deliveries?*', broken);
    const mine = card().filter({ hasText: receiver.url });
    await mine.getByRole('button', { name: 'Deliveries' }).click();
    await mine.getByRole('alert').getByText('Something broke.').waitFor();
    await page.unroute('**/v1/webhooks/*/deliveries?*', broken);
    await mine.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => mine.getByTestId('delivery-row').count()).toBe(3);
  });

  it('asks how many days before the end date when number.expiring is chosen, and shows them', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(h.baseUrl + '/dashboard/webhooks');
    await card().first().waitFor();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    const days = dialog.getByLabel('Days before the end date');
    expect(await days.count()).toBe(0);
    await dialog.getByLabel('URL', { exact: true }).fill(receiver.url + '/expiring');
    await dialog.getByRole('checkbox', { name: /code\.received/ }).uncheck();
    await dialog.getByRole('checkbox', { name: /number\.expiring/ }).check();
    expect(await days.inputValue()).toBe('3');

    h.allowHttp(400, /\/v1\/webhooks$/);
    await days.fill('0');
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await dialog.getByText('Days must be at least 1').waitFor();
    expect(await days.getAttribute('aria-invalid')).toBe('true');
    await noHorizontalScroll(page, 390);
    await h.screenshot('webhooks-expiring-form-390');
    await days.fill('7');
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await dialog.waitFor({ state: 'detached' });
    const made = card().filter({ hasText: receiver.url + '/expiring' });
    await made.getByText('number.expiring · 7 days').waitFor();
    await page.getByTestId('webhook-secret').getByRole('button', { name: 'Done' }).click();

    await made.getByRole('button', { name: `Actions for ${receiver.url}/expiring` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit webhook' });
    expect(await edit.getByLabel('Days before the end date').inputValue()).toBe('7');
    await edit.getByLabel('Days before the end date').fill('1');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await made.getByText('number.expiring · 1 day').waitFor();
  });
});

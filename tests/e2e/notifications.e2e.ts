import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noHorizontalScroll, signInBrowser, startHarness, type Harness } from './harness.ts';

const BOT_TOKEN = '123456:test-token-of-the-site-bot-0123';
type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };

/**
 * The chat services on 127.0.0.1: a Slack incoming webhook (`/slack/…`, answers 'ok'), an ntfy
 * server (`/ntfy`, answers JSON) and the Telegram Bot API of the site's bot (`/bot<token>/…`:
 * getMe, and getUpdates answering `updates`). Keeps what it is sent.
 */
async function startServices() {
  const received: Received[] = [];
  const state = { updates: [] as { update_id: number }[] };
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      const json = (data: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(data));
      };
      if (path === `/bot${BOT_TOKEN}/getMe`)
        return json({ ok: true, result: { id: 1, username: 'voip_test_bot' } });
      if (path === `/bot${BOT_TOKEN}/getUpdates`) {
        const offset = Number((JSON.parse(body) as { offset: number }).offset);
        return json({ ok: true, result: state.updates.filter((u) => u.update_id >= offset) });
      }
      received.push({ path, headers: req.headers, body });
      if (path.endsWith('/sendMessage')) return json({ ok: true, result: { message_id: 1 } });
      if (path.startsWith('/ntfy')) return json({ id: 'msg1', event: 'message' });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    hostPort: `127.0.0.1:${port}`,
    slackUrl: `${base}/slack/T0000/B0000/abcdefghijklmnop`,
    ntfyUrl: `${base}/ntfy`,
    received,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('Notifications panel', () => {
  let h: Harness;
  let page: Page;
  let services: Awaited<ReturnType<typeof startServices>>;

  beforeAll(async () => {
    services = await startServices();
    // Deliveries and the bot reach the services through the SSRF guard: allow their port.
    h = await startHarness({
      env: {
        PROVIDER_ALLOWLIST: services.hostPort,
        TELEGRAM_BOT_TOKEN: BOT_TOKEN,
        TELEGRAM_API_URL: services.base,
      },
    });
    page = h.page;
  });
  afterAll(async () => {
    await h?.close();
    await services?.close();
  });

  const panel = () => page.getByRole('region', { name: 'Notifications', exact: true });
  const cards = () => panel().getByTestId('channel-card');
  const card = (text: string) => cards().filter({ hasText: text });
  const addButton = () => panel().getByRole('button', { name: 'Add channel' });
  /** The app's worker sends what is due (main.ts runs it; the harness app does not). */
  const deliver = () => h.t.app.deliveries.drain();
  const textOf = (l: Locator) => () => l.innerText();
  const focused = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      return el ? `${el.tagName}:${el.textContent?.trim() ?? ''}` : '';
    });
  const openSettings = async (width: number) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(h.baseUrl + '/dashboard/settings');
    await panel().getByRole('heading', { name: 'Notifications', level: 2 }).waitFor();
  };
  const channels = async () =>
    (
      (await page.request.get(`${h.baseUrl}/v1/notification-channels`).then((r) => r.json())) as {
        items: { id: string; type: string; quietHours: unknown; config: Record<string, unknown> }[];
      }
    ).items;

  it('adds Slack and ntfy channels, sends tests, edits, turns off and deletes them', async () => {
    await signInBrowser(h);
    await openSettings(390);
    await panel()
      .getByText(
        'Get codes and warnings where you already are: email, Telegram, ntfy, Discord, Slack or push notifications on this device.',
      )
      .waitFor();
    await panel()
      .getByTestId('channels-empty')
      .getByText('No notification channels yet.')
      .waitFor();
    await noHorizontalScroll(page, 390);
    await h.screenshot('notifications-empty-390');

    // The server's field errors, under their fields.
    h.allowHttp(400, /\/v1\/notification-channels$/);
    await addButton().click();
    const dialog = page.getByRole('dialog', { name: 'Add channel' });
    expect(await dialog.getByRole('radio', { name: 'Email' }).isChecked()).toBe(true);
    await dialog.getByRole('radio', { name: 'Slack' }).check();
    expect(await dialog.getByRole('checkbox', { name: /^New code/ }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: /^Number expiring/ }).isChecked()).toBe(true);
    const reminders = dialog.getByLabel('Remind me (days before the end date)');
    expect(await reminders.inputValue()).toBe('7, 3, 1, 0');
    await dialog.getByRole('checkbox', { name: /^Number expiring/ }).uncheck();
    expect(await reminders.count()).toBe(0);
    await dialog.getByRole('checkbox', { name: /^New code/ }).uncheck();
    const url = dialog.getByLabel('Incoming webhook URL');
    await url.fill('not a url');
    await dialog.getByRole('button', { name: 'Add channel' }).click();
    await dialog.getByText('URL must be a valid http or https address').waitFor();
    await dialog.getByText('Choose at least one event').waitFor();
    expect(await url.getAttribute('aria-invalid')).toBe('true');
    await noHorizontalScroll(page, 390);
    await h.screenshot('notifications-errors-390');

    // Reminder days are checked by the server too.
    await dialog.getByRole('checkbox', { name: /^New code/ }).check();
    await dialog.getByRole('checkbox', { name: /^Number expiring/ }).check();
    await reminders.fill('7, 90');
    await url.fill(services.slackUrl);
    await dialog.getByRole('button', { name: 'Add channel' }).click();
    await dialog.getByText('Days must be at most 60').waitFor();
    expect(await reminders.getAttribute('aria-invalid')).toBe('true');
    await reminders.fill('3, 0');
    await dialog.getByRole('button', { name: 'Add channel' }).click();
    await dialog.waitFor({ state: 'detached' });

    const slack = card('Slack');
    await slack.waitFor();
    expect(await slack.getByTestId('channel-target').innerText()).toBe(services.hostPort);
    const summary = await slack.innerText();
    expect(summary).toContain('New code');
    expect(summary).toContain('Number expiring');
    expect(summary).toContain('3 days before, and on the day');
    expect(summary).toContain('All numbers');
    expect(summary).not.toContain('/slack/');
    await slack.getByText('On', { exact: true }).waitFor();
    await noHorizontalScroll(page, 390);

    // Send test: the log opens; once sent, the receiver has the message and the log says Delivered.
    const tested = page.waitForResponse((r) => r.url().endsWith('/test') && r.status() === 202);
    await slack.getByRole('button', { name: 'Send test' }).click();
    await tested;
    await slack.getByRole('region', { name: 'Deliveries' }).waitFor();
    await deliver();
    const sent = services.received.filter((r) => r.path.startsWith('/slack'));
    expect(sent).toHaveLength(1);
    expect((JSON.parse(sent[0]!.body) as { text: string }).text).toMatch(/^\*Test notification\*/);
    await slack.getByRole('button', { name: 'Refresh' }).click();
    const row = slack.getByTestId('delivery-row').first();
    await expect.poll(textOf(row)).toContain('Delivered');
    expect(await row.innerText()).toContain('channel.test');
    expect(await row.innerText()).toContain('200');
    await noHorizontalScroll(page, 390);
    await h.screenshot('notifications-log-390');

    // Edit: quiet hours in a time zone, new codes still sent.
    await slack.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit channel' });
    expect(await edit.getByLabel('Incoming webhook URL').inputValue()).toBe(services.slackUrl);
    expect(await edit.getByRole('radio', { name: 'Email' }).count()).toBe(0);
    await edit.getByRole('checkbox', { name: /^Quiet hours/ }).check();
    await edit.getByLabel('From', { exact: true }).fill('22:30');
    await edit.getByLabel('To', { exact: true }).fill('07:00');
    await edit.getByLabel('Time zone').selectOption('Europe/Berlin');
    expect(await edit.getByRole('checkbox', { name: 'Send new codes anyway' }).isChecked()).toBe(
      true,
    );
    await noHorizontalScroll(page, 390);
    await h.screenshot('notifications-edit-390');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(focused).toBe('BUTTON:Edit');
    await expect
      .poll(textOf(slack.getByTestId('channel-quiet-hours')))
      .toBe('22:30–07:00 Europe/Berlin · new codes are sent anyway');
    expect((await channels())[0]!.quietHours).toEqual({
      start: '22:30',
      end: '07:00',
      timeZone: 'Europe/Berlin',
      codes: true,
    });

    // A bad URL on a change: the server's error under the field.
    h.allowHttp(400, /\/v1\/notification-channels\/[^/]+$/);
    await slack.getByRole('button', { name: 'Edit' }).click();
    await edit.getByLabel('Incoming webhook URL').fill('not a url');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.getByText('URL must be a valid http or https address').waitFor();
    expect(await edit.getByLabel('Incoming webhook URL').getAttribute('aria-invalid')).toBe('true');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });

    // ntfy with an access token: sent as a bearer token, never shown or put in the page.
    const token = 'tk_e2e_secret_0123456789';
    await addButton().click();
    await dialog.getByRole('radio', { name: 'ntfy' }).check();
    expect(await dialog.getByLabel('Server URL').inputValue()).toBe('https://ntfy.sh');
    await dialog.getByLabel('Server URL').fill(services.ntfyUrl);
    await dialog.getByLabel('Topic').fill('ann-codes');
    await dialog.getByLabel('Access token (optional)').fill(token);
    expect(await dialog.getByLabel('Access token (optional)').getAttribute('type')).toBe(
      'password',
    );
    await dialog.getByRole('button', { name: 'Add channel' }).click();
    await dialog.waitFor({ state: 'detached' });
    const ntfy = card('ntfy');
    await ntfy.waitFor();
    expect(await ntfy.getByTestId('channel-target').innerText()).toBe(
      `${services.hostPort}/ntfy/ann-codes`,
    );
    expect(await page.content()).not.toContain(token);
    await ntfy.getByRole('button', { name: 'Send test' }).click();
    await ntfy.getByRole('region', { name: 'Deliveries' }).waitFor();
    await expect.poll(() => ntfy.getByTestId('delivery-row').count()).toBe(1);
    await deliver();
    const pushed = services.received.filter((r) => r.path === '/ntfy');
    expect(pushed).toHaveLength(1);
    expect(pushed[0]!.headers.authorization).toBe(`Bearer ${token}`);
    expect(JSON.parse(pushed[0]!.body)).toMatchObject({
      topic: 'ann-codes',
      title: 'Test notification',
    });
    // A pending delivery due now is watched: it turns Delivered without Refresh.
    await expect.poll(textOf(ntfy.getByTestId('delivery-row').first())).toContain('Delivered');

    await ntfy.getByRole('button', { name: 'Edit' }).click();
    await edit.getByTestId('ntfy-token-saved').waitFor();
    expect(await edit.getByLabel('Access token (optional)').inputValue()).toBe('');
    expect(await page.content()).not.toContain(token);
    await edit.getByRole('checkbox', { name: 'Remove the saved token' }).check();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await channels()).find((c) => c.type === 'ntfy')?.config.hasToken)
      .toBe(false);

    // Turn off and on again.
    await slack.getByRole('button', { name: 'Turn off' }).click();
    await slack.getByText('Off', { exact: true }).waitFor();
    await slack.getByRole('button', { name: 'Turn on' }).click();
    await slack.getByText('On', { exact: true }).waitFor();

    // Delete (confirmed): the card goes, focus goes to the panel's heading.
    await ntfy.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete channel' });
    await confirm
      .getByText(`Delete the ntfy channel to ${services.hostPort}/ntfy/ann-codes?`, {
        exact: false,
      })
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete channel' }).click();
    await ntfy.waitFor({ state: 'detached' });
    await expect.poll(focused).toBe('H2:Notifications');
    expect(await cards().count()).toBe(1);
    await noHorizontalScroll(page, 390);
  });

  it('completes the dialog with the keyboard; focus comes back to Add channel', async () => {
    await openSettings(390);
    await cards().first().waitFor();
    await addButton().focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add channel' });
    await dialog.waitFor();
    // Focus starts on the chosen type; arrows choose another, Tab goes on to its fields.
    await expect.poll(focused).toBe('INPUT:');
    expect(
      await dialog
        .getByRole('radio', { name: 'Email' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(focused).toBe('BUTTON:Add channel');

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    expect(await dialog.getByRole('radio', { name: 'Slack' }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    expect(
      await dialog
        .getByLabel('Incoming webhook URL')
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.keyboard.type(services.slackUrl + '/keyboard');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => cards().count()).toBe(2);
    await expect.poll(focused).toBe('BUTTON:Add channel');
  });

  it('links Telegram with the link from the create answer; the card turns linked by itself', async () => {
    await openSettings(390);
    await cards().first().waitFor();

    // Where the site has no bot, the server's message is shown in the dialog.
    const unavailable = (route: Route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({
              error: {
                code: 'CHANNEL_UNAVAILABLE',
                message:
                  'Telegram notifications are not set up on this site. Ask the administrator to add a bot.',
              },
            }),
          })
        : route.continue();
    h.allowHttp(409, /\/v1\/notification-channels$/);
    await page.route('**/v1/notification-channels', unavailable);
    await addButton().click();
    const dialog = page.getByRole('dialog', { name: 'Add channel' });
    await dialog.getByRole('radio', { name: 'Telegram' }).check();
    await dialog.getByRole('button', { name: 'Add channel' }).click();
    await dialog
      .getByRole('alert')
      .getByText('Telegram notifications are not set up on this site.', { exact: false })
      .waitFor();
    await page.unroute('**/v1/notification-channels', unavailable);

    await dialog.getByRole('button', { name: 'Add channel' }).click();
    await dialog.waitFor({ state: 'detached' });
    const telegram = card('Telegram');
    await telegram.waitFor();
    expect(await telegram.getByTestId('channel-target').innerText()).toBe('Not linked yet');
    await telegram.getByText('Off', { exact: true }).waitFor();
    const box = telegram.getByTestId('telegram-link');
    await box
      .getByText('Press Start in Telegram to link your chat. The link works for 24 hours.')
      .waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('telegram-link');
    const open = box.getByRole('link', { name: 'Open Telegram' });
    const href = (await open.getAttribute('href'))!;
    const start = /^https:\/\/t\.me\/voip_test_bot\?start=([A-Za-z0-9_-]{24})$/.exec(href)?.[1];
    expect(start).toBeDefined();
    expect(await open.getAttribute('target')).toBe('_blank');
    expect(await open.getAttribute('rel')).toContain('noopener');
    await box.getByRole('button', { name: 'Copy the Telegram link' }).waitFor();
    await noHorizontalScroll(page, 390);
    await h.screenshot('notifications-telegram-link-390');

    // Start pressed in Telegram: the bot reads it; the list, read every 3 s, shows the chat.
    services.state.updates = [
      {
        update_id: 41,
        message: {
          text: `/start ${start}`,
          chat: { id: 777, type: 'private', first_name: 'Ann', last_name: 'Lee' },
        },
      } as { update_id: number },
    ];
    expect(await h.t.app.telegramBot!.readOnce()).toBe(1);
    await expect.poll(textOf(telegram.getByTestId('channel-target'))).toBe('Ann Lee');
    await telegram.getByText('On', { exact: true }).waitFor();
    await box.waitFor({ state: 'detached' });
    // The link was never kept: a reload shows the linked channel, and no link.
    await page.reload();
    await telegram.getByTestId('channel-target').getByText('Ann Lee').waitFor();
    expect(await page.content()).not.toContain(start!);
  });

  it('lays out the list, the log and the dialog at phone and desktop widths', async () => {
    const post = async (data: object) => {
      const res = await page.request.post(`${h.baseUrl}/v1/notification-channels`, { data });
      expect(res.status()).toBe(201);
    };
    const tag = await page.request.post(`${h.baseUrl}/v1/tags`, { data: { name: 'WhatsApp' } });
    const tagId = ((await tag.json()) as { id: string }).id;
    await post({ type: 'email', events: ['code.received', 'number.failing', 'number.recovered'] });
    await post({
      type: 'discord',
      config: {
        webhookUrl:
          'https://discord.com/api/webhooks/123456789012345678/a-very-long-token-that-keeps-going-and-going-abcdefghijklmnopqrstuvwxyz',
      },
      events: ['code.received', 'number.failing', 'number.recovered', 'number.expiring'],
      tagIds: [tagId],
      quietHours: {
        start: '23:00',
        end: '06:30',
        timeZone: 'America/Argentina/Buenos_Aires',
        codes: false,
      },
      reminderDays: [14, 7, 1],
      enabled: false,
    });

    for (const width of [390, 1280]) {
      await openSettings(width);
      await expect.poll(() => cards().count()).toBe(5);
      const discord = card('Discord');
      expect(await discord.getByTestId('channel-target').innerText()).toBe('discord.com');
      expect(await discord.getByTestId('channel-filters').innerText()).toBe('1 tag');
      await discord.getByText('Off', { exact: true }).waitFor();
      await panel().scrollIntoViewIfNeeded();
      await noHorizontalScroll(page, width);
      await h.screenshot(`notifications-list-${width}`);

      // The Slack channel with quiet hours (the first test's, with its test delivery).
      const slack = card('Slack').filter({ has: page.getByTestId('channel-quiet-hours') });
      await slack.getByRole('button', { name: 'Deliveries' }).click();
      await expect.poll(() => slack.getByTestId('delivery-row').count()).toBe(1);
      await slack.getByRole('region', { name: 'Deliveries' }).scrollIntoViewIfNeeded();
      await noHorizontalScroll(page, width);
      await h.screenshot(`notifications-log-${width}`);

      await addButton().click();
      const dialog = page.getByRole('dialog', { name: 'Add channel' });
      await dialog.getByRole('radio', { name: 'ntfy' }).check();
      await dialog.getByLabel('Topic').waitFor();
      await noHorizontalScroll(page, width);
      await h.screenshot(`notifications-dialog-top-${width}`);
      await dialog.getByRole('checkbox', { name: /^Quiet hours/ }).check();
      await dialog.getByRole('radio', { name: 'Only these numbers' }).check();
      await dialog.getByRole('checkbox', { name: 'WhatsApp' }).waitFor();
      await noHorizontalScroll(page, width);
      await h.screenshot(`notifications-dialog-${width}`);
      await dialog.getByLabel('Time zone').scrollIntoViewIfNeeded();
      await h.screenshot(`notifications-dialog-quiet-${width}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
  });

  it('shows a failed load with Try again, and the limit of channels', async () => {
    const broken = (route: Route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Something broke.' } }),
      });
    h.allowHttp(500, /\/v1\/notification-channels$/);
    await page.route('**/v1/notification-channels', broken);
    await openSettings(390);
    await panel().getByRole('alert').getByText('Something broke.').waitFor();
    await noHorizontalScroll(page, 390);
    await page.unroute('**/v1/notification-channels', broken);
    await panel().getByRole('button', { name: 'Try again' }).click();
    await cards().first().waitFor();

    // A new account (its own rate limit) with the most channels allowed: Add channel is off.
    await signInBrowser(h);
    for (let i = 0; i < 20; i++) {
      const res = await page.request.post(`${h.baseUrl}/v1/notification-channels`, {
        data: { type: 'email', events: ['code.received'] },
      });
      expect(res.status()).toBe(201);
    }
    await openSettings(390);
    await panel()
      .getByText('You have 20 channels, the most allowed. Delete one to add another.')
      .waitFor();
    expect(await cards().count()).toBe(20);
    expect(await addButton().isDisabled()).toBe(true);
    await noHorizontalScroll(page, 390);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { users } from '../../src/server/db/schema.ts';
import { signInBrowser, startHarness, type Harness, noHorizontalScroll } from './harness.ts';

type Sms = { id: string; from: string; content: string; timestamp: string };

/** A provider on 127.0.0.1 whose inboxes (per number, `/p/{number}`) the test fills. */
async function startFakeProvider() {
  const inbox = new Map<string, Sms[]>();
  const server = http.createServer((req, res) => {
    const phone = /\/p\/(\d{10})/.exec(req.url ?? '')?.[1] ?? '';
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(inbox.get(phone) ?? []));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    inbox,
    origin: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const A = { phone: '5550001001', formatted: '(555) 000-1001' };
const B = { phone: '5550001002', formatted: '(555) 000-1002' };
const C = { phone: '5550001003', formatted: '(555) 000-1003' };
const NOTES = 'Line one\nLine two';

const card = (page: Page, formatted: string) =>
  page.getByTestId('number-card').filter({ has: page.getByRole('heading', { name: formatted }) });

/** The locator's box once it stops moving (sonner slides a toast in): two equal reads in a row. */
async function settledBox(page: Page, locator: Locator) {
  let last = await locator.boundingBox();
  for (let i = 0; i < 100; i++) {
    await page.waitForTimeout(100);
    const box = await locator.boundingBox();
    if (box && last && box.x === last.x && box.y === last.y && box.height === last.height) {
      return box;
    }
    last = box;
  }
  throw new Error('the box kept moving for 10 s');
}

/** Whether the element a click at the middle of `locator` lands on is inside it. */
async function topmostIsInside(page: Page, locator: Locator) {
  const box = (await locator.boundingBox())!;
  const handle = await locator.elementHandle();
  return page.evaluate(
    ([el, x, y]) => {
      const hit = document.elementFromPoint(x, y);
      return !!hit && (el as Element).contains(hit);
    },
    [handle, box.x + box.width / 2, box.y + box.height / 2] as const,
  );
}

describe('live codes: the latest code on the card, compact code toasts, notes', () => {
  let h: Harness;
  let page: Page;
  let provider: Awaited<ReturnType<typeof startFakeProvider>>;
  const ids: Record<string, string> = {};
  let userId = '';
  let sent = 0;
  let lastAt = 0;

  /** Waits until the page's event stream is subscribed on the server. */
  async function streamConnected() {
    await expect.poll(() => h.t.app.bus.watchers(userId)).toBeGreaterThan(0);
  }

  /** Gives `number` a new message with `code` at the provider, received now; returns the code. */
  function receive(number: { phone: string }, code: string) {
    const list = provider.inbox.get(number.phone) ?? [];
    lastAt = Math.max(Date.now(), lastAt + 1_000);
    list.unshift({
      id: `sms-${++sent}`,
      from: 'Telegram',
      content: `Telegram code: ${code}. Do not give this code to anyone.`,
      timestamp: new Date(lastAt).toISOString(),
    });
    provider.inbox.set(number.phone, list);
    return code;
  }

  /** Refresh Messages for these numbers at once, as the card or a script would. */
  async function refresh(...numbers: { phone: string }[]) {
    // The server coalesces refreshes of a number within 5 s (of its clock).
    h.t.clock.advance(6_000);
    await Promise.all(
      numbers.map(async (n) => {
        const res = await page.request.post(`${h.baseUrl}/v1/numbers/${ids[n.phone]}/refresh`);
        expect(res.status()).toBe(200);
      }),
    );
  }

  const toasts = () => page.getByTestId('code-toast');
  const reloadMarker = () => page.evaluate(() => (window as unknown as { marker?: number }).marker);

  beforeAll(async () => {
    provider = await startFakeProvider();
    h = await startHarness({ env: { PROVIDER_ALLOWLIST: provider.hostPort } });
    page = h.page;
    await h.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: h.baseUrl,
    });
    await signInBrowser(h);
    userId = ((await (await page.request.get(`${h.baseUrl}/v1/me`)).json()) as { id: string }).id;
    for (const n of [C, B, A]) {
      const res = await page.request.post(`${h.baseUrl}/v1/numbers`, {
        data: {
          phoneNumber: n.phone,
          apiLink: `${provider.origin}/p/${n.phone}?key=secret`,
          ...(n === A ? { notes: NOTES } : {}),
        },
      });
      expect(res.status()).toBe(201);
      ids[n.phone] = ((await res.json()) as { id: string }).id;
    }
  });
  afterAll(async () => {
    await h?.t.app.poller.stop();
    await h?.close();
    await provider?.close();
  });

  it('keeps the line breaks of a card’s notes', async () => {
    await page.goto(h.baseUrl + '/dashboard');
    const notes = card(page, A.formatted).getByText(/^Line one\s+Line two$/);
    await notes.waitFor();
    expect(await notes.evaluate((el) => (el as HTMLElement).innerText)).toBe(NOTES);
    const lineHeight = await notes.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect((await notes.boundingBox())!.height).toBeGreaterThanOrEqual(2 * lineHeight - 1);
  });

  it('shows a new code large on its card with Copy Code, live, and in one compact toast', async () => {
    await page.goto(h.baseUrl + '/dashboard');
    const a = card(page, A.formatted);
    await a.getByText('No messages yet').waitFor();
    await expect.poll(() => a.getByTestId('card-latest-code').count()).toBe(0);
    await streamConnected();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

    const code = receive(A, '482913');
    await refresh(A);

    const latest = a.getByTestId('card-latest-code');
    await latest.waitFor();
    await expect.poll(() => latest.getByTestId('latest-code').textContent()).toBe(code);
    await expect.poll(() => latest.locator('time').textContent()).toBe('just now');
    const style = await latest
      .getByTestId('latest-code')
      .evaluate((el) => [getComputedStyle(el).fontSize, getComputedStyle(el).fontFamily]);
    expect(parseFloat(style[0]!)).toBeGreaterThanOrEqual(24);
    expect(style[1]).toMatch(/mono/i);
    // It sits above the collapsed list, which stays collapsed.
    const list = a.getByRole('button', { name: /^1 Recent Message/ });
    await expect.poll(() => list.getAttribute('aria-expanded')).toBe('false');
    expect((await latest.boundingBox())!.y).toBeLessThan((await list.boundingBox())!.y);
    // Announced politely by the card's live region.
    await expect
      .poll(() => a.locator('p[aria-live="polite"]').textContent())
      .toBe(`Latest code for ${A.formatted}: ${code}`);
    expect(await reloadMarker()).toBe(1);

    const copy = a.getByRole('button', { name: `Copy code ${code} for ${A.formatted}` });
    await expect.poll(() => copy.textContent()).toContain('Copy Code');
    await copy.click();
    await a.getByText('Copied').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    // The toast: one compact line (number, code, Copy), bottom right, clear of the edges.
    await toasts().waitFor();
    await expect.poll(() => toasts().count()).toBe(1);
    const lines = toasts().getByTestId('code-toast-line');
    await expect.poll(() => lines.count()).toBe(1);
    expect((await lines.first().innerText()).replace(/\s+/g, ' ')).toBe(
      `New code for ${A.formatted} ${code} Copy`,
    );
    const box = await settledBox(page, toasts());
    expect(box.width).toBeLessThanOrEqual(400);
    expect(box.height).toBeLessThanOrEqual(56);
    expect(box.x + box.width).toBeLessThanOrEqual(1280 - 16);
    expect(box.y + box.height).toBeLessThanOrEqual(800 - 16);
    await h.screenshot('live-codes-card-toast-1280');

    // Copy in the toast is reachable from the keyboard (sonner's Alt+T focuses the toasts).
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await page.keyboard.press('Alt+T');
    const toastCopy = toasts().getByRole('button', {
      name: `Copy code ${code} for ${A.formatted}`,
    });
    for (
      let i = 0;
      i < 5 && !(await toastCopy.evaluate((el) => el === document.activeElement));
      i++
    ) {
      await page.keyboard.press('Tab');
    }
    expect(await toastCopy.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForFunction((c) => navigator.clipboard.readText().then((t) => t === c), code);
    await toasts().getByRole('button', { name: 'Dismiss new codes' }).click();
    await toasts().waitFor({ state: 'detached' });
  });

  it('groups several codes into one toast, at the bottom and clear of the header on a phone', async () => {
    await page.goto(h.baseUrl + '/dashboard');
    await card(page, B.formatted).getByText('No messages yet').waitFor();
    await streamConnected();

    const b1 = receive(B, '111222');
    const b2 = receive(B, '333444');
    const c1 = receive(C, '555666');
    const c2 = receive(C, '777888');
    await refresh(B, C);

    // Desktop: one toast, the three newest codes a line each, the fourth counted.
    await toasts().getByRole('link', { name: 'and 1 more code' }).waitFor();
    await expect.poll(() => toasts().count()).toBe(1);
    const lines = toasts().getByTestId('code-toast-line');
    const shown = (await lines.allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
    expect(shown).toHaveLength(3);
    for (const line of shown) {
      expect(line).toMatch(/^New code for \(555\) 000-100[23] \d{6} Copy$/);
    }
    expect(shown.filter((l) => [b1, b2, c1, c2].some((c) => l.includes(c)))).toHaveLength(3);
    // Each card shows its own newest code.
    await card(page, B.formatted).getByTestId('latest-code').getByText(b2).waitFor();
    await card(page, C.formatted).getByTestId('latest-code').getByText(c2).waitFor();
    const desk = await settledBox(page, toasts());
    expect(desk.x + desk.width).toBeLessThanOrEqual(1280 - 16);
    expect(desk.y + desk.height).toBeLessThanOrEqual(800 - 16);
    await h.screenshot('live-codes-toast-group-1280');

    // Phone: the same toast at the bottom, centred and narrow: the header (menu, search, account
    // menu) and the sticky selection bar stay uncovered and take clicks.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => lines.count()).toBe(3);
    await page.getByRole('button', { name: 'Select Numbers' }).click();
    const bar = page.getByRole('toolbar', { name: 'Selection' });
    await bar.waitFor();
    const phone = await settledBox(page, toasts());
    const header = (await page.locator('header').first().boundingBox())!;
    expect(phone.width).toBeLessThanOrEqual(320);
    expect(phone.x).toBeGreaterThanOrEqual(8);
    expect(phone.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(phone.y + phone.height).toBeLessThanOrEqual(800);
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y + barBox.height).toBeLessThanOrEqual(phone.y);
    for (const name of ['Open menu', /^Account menu/, /^Pause code pop-ups/]) {
      const control = page.locator('header').getByRole('button', { name }).first();
      expect(await topmostIsInside(page, control)).toBe(true);
    }
    await noHorizontalScroll(page, 375);
    await h.screenshot('live-codes-toast-375');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await toasts().getByRole('button', { name: 'Dismiss new codes' }).click();
    await toasts().waitFor({ state: 'detached' });
    await card(page, B.formatted).scrollIntoViewIfNeeded();
    await h.screenshot('live-codes-cards-375');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('keeps pop-ups under dialogs, stacked apart, pausable, and never takes the focus', async () => {
    // The page's timers are stepped from here on: a pop-up stays until the test moves on.
    await page.clock.install();
    await page.goto(h.baseUrl + '/dashboard');
    await card(page, C.formatted).getByTestId('card-latest-code').waitFor();
    await streamConnected();
    const search = page.getByRole('searchbox', { name: 'Search numbers', exact: true });
    await search.focus();

    const c1 = receive(C, '246810');
    const b1 = receive(B, '135791');
    await refresh(B, C);
    await card(page, C.formatted).getByTestId('latest-code').getByText(c1).waitFor();
    await card(page, B.formatted).getByTestId('latest-code').getByText(b1).waitFor();
    await page.clock.runFor(1_000);
    // A burst is one pop-up, titled by its size, in a polite live region; the focus stays put.
    await expect
      .poll(() => toasts().getByTestId('code-toast-title').textContent())
      .toBe('2 new codes');
    expect(
      await page.locator('section[aria-live="polite"]').getByTestId('code-toast').count(),
    ).toBe(1);
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);

    // An open dialog dims the pop-up: its controls are on top, the pop-up is under the overlay.
    await page.getByRole('button', { name: `Actions for ${C.formatted}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Number' });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete' });
    expect(await topmostIsInside(page, confirm)).toBe(true);
    expect(await topmostIsInside(page, toasts())).toBe(false);
    await confirm.click();
    await dialog.waitFor({ state: 'detached' });

    // A second pop-up stacks beside the code pop-up (the newest nearest the edge), apart.
    const deleted = page.locator('[data-sonner-toast]').filter({
      hasText: `Deleted ${C.formatted}`,
    });
    await deleted.waitFor();
    const newer = await settledBox(page, deleted);
    const older = await settledBox(page, toasts());
    expect(older.y + older.height).toBeLessThanOrEqual(newer.y);
    await h.screenshot('popups-stacked-1280');

    // Scrolled to its end, the page shows its last lines above the pop-ups, on a short window
    // and on a phone: it gets the room they take.
    for (const size of [
      { width: 1280, height: 480 },
      { width: 375, height: 640 },
    ]) {
      await page.setViewportSize(size);
      const top = Math.min(
        (await settledBox(page, toasts())).y,
        (await settledBox(page, deleted)).y,
      );
      const end = await page.evaluate(() => {
        window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
        return document.querySelector('main')!.lastElementChild!.getBoundingClientRect().bottom;
      });
      expect(end, `${size.width} px`).toBeLessThanOrEqual(top);
      expect(end, `${size.width} px: the page scrolled`).toBeGreaterThan(size.height / 3);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // Paused: codes wait behind a badge on the bell, and come in one pop-up on resume.
    const bell = page.getByRole('button', { name: /^Pause code pop-ups/ });
    await bell.click();
    await expect.poll(() => bell.getAttribute('aria-pressed')).toBe('true');
    await toasts().getByRole('button', { name: 'Dismiss new codes' }).click();
    await toasts().waitFor({ state: 'detached' });
    const b2 = receive(B, '864202');
    await refresh(B);
    await card(page, B.formatted).getByTestId('latest-code').getByText(b2).waitFor();
    await page.clock.runFor(1_000);
    await expect.poll(() => page.getByTestId('held-codes').innerText()).toMatch(/^1\b/);
    expect(await toasts().count()).toBe(0);
    await bell.click();
    await expect.poll(() => bell.getAttribute('aria-pressed')).toBe('false');
    await toasts().getByTestId('code-toast-line').getByText(b2).waitFor();
    await page.getByTestId('held-codes').waitFor({ state: 'detached' });
    // The pause is remembered on this device.
    await bell.click();
    await page.reload();
    await expect.poll(() => bell.getAttribute('aria-pressed')).toBe('true');
    await bell.click();
    await expect.poll(() => bell.getAttribute('aria-pressed')).toBe('false');
  });

  it('shows no toast when the user turned code toasts off, while the card still shows the code', async () => {
    await h.t.database.db.update(users).set({ codeToasts: false }).where(eq(users.id, userId));
    // The page's timers are stepped from here on (the toast batch among them).
    await page.clock.install();
    await page.goto(h.baseUrl + '/dashboard');
    await card(page, A.formatted).getByTestId('card-latest-code').waitFor();
    await streamConnected();

    const code = receive(A, '909090');
    await refresh(A);
    await card(page, A.formatted).getByTestId('latest-code').getByText(code).waitFor();
    // The code's toast batch is due 300 ms after it arrived: run past it (it shows nothing).
    await page.clock.runFor(1_000);
    // A later code (on another card, same stream) arrives after anything that batch drew.
    const later = receive(B, '919191');
    await refresh(B);
    await card(page, B.formatted).getByTestId('latest-code').getByText(later).waitFor();
    await expect.poll(() => toasts().count()).toBe(0);
    await expect.poll(() => page.locator('[data-sonner-toast]').count()).toBe(0);
    await h.screenshot('live-codes-cards-1280');
  });

  it('takes the code off the card 10 minutes after it arrived, without a reload', async () => {
    await page.clock.install();
    await page.goto(h.baseUrl + '/dashboard');
    const latest = card(page, A.formatted).getByTestId('card-latest-code');
    await latest.waitFor();
    await page.clock.fastForward('09:00');
    await expect.poll(() => latest.locator('time').textContent()).toMatch(/^[89]m ago$/);
    await page.clock.fastForward('01:30');
    await latest.waitFor({ state: 'detached' });
    await card(page, A.formatted)
      .getByRole('button', { name: /^2 Recent Messages/ })
      .waitFor();
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { voipNumbers } from '../../src/server/db/schema.ts';
import { noHorizontalScroll, signInBrowser, startHarness, type Harness } from './harness.ts';

const DAY = 86_400_000;

describe('expiry on the dashboard', () => {
  let h: Harness;
  let page: Page;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    h = await startHarness();
    page = h.page;
    await signInBrowser(h);
    // Seven numbers: six ending within 14 days, one in 40; their end dates set as a poll would.
    const now = h.t.clock.now().getTime();
    for (const [i, days] of [1.5, 3, 6, 9, 12, 13.5, 40].entries()) {
      const phone = `555010${String(i).padStart(4, '0')}`;
      const res = await page.request.post(`${h.baseUrl}/v1/numbers`, {
        data: { phoneNumber: phone, apiLink: `https://provider.example/api?n=${i}` },
      });
      expect(res.status()).toBe(201);
      const id = ((await res.json()) as { id: string }).id;
      ids[phone] = id;
      await h.t.database.db
        .update(voipNumbers)
        .set({ endDate: new Date(now + days * DAY) })
        .where(eq(voipNumbers.id, id));
    }
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lists the numbers expiring within 14 days, soonest first, five then all', async () => {
    await page.goto(h.baseUrl + '/dashboard');
    const panel = page.getByTestId('expiring-soon');
    await panel.getByRole('heading', { name: 'Expiring soon' }).waitFor();
    await panel.getByText('6 numbers within 14 days. Renew the ones you still need.').waitFor();
    const rows = panel.getByTestId('expiring-row');
    expect(await rows.count()).toBe(5);
    expect(await rows.first().innerText()).toContain('(555) 010-0000');
    expect(await rows.first().innerText()).toContain('Expires in 2 days');
    await panel.getByRole('button', { name: 'Show all 6' }).click();
    expect(await rows.count()).toBe(6);
    await h.screenshot('expiring-soon-desktop');

    // The phone opens the number's edit page.
    await rows.first().getByRole('link', { name: '(555) 010-0000' }).click();
    await page.waitForURL(`**/dashboard/edit/${ids['5550100000']}`);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(h.baseUrl + '/dashboard');
    await panel.waitFor();
    await noHorizontalScroll(page, 390);
    await h.screenshot('expiring-soon-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('flags a number whose link may be dead', async () => {
    const id = ids['5550100003']!;
    await h.t.database.db
      .update(voipNumbers)
      .set({
        failingSince: new Date(h.t.clock.now().getTime() - 30 * 3_600_000),
        lastError: 'HTTP error! status: 500',
      })
      .where(eq(voipNumbers.id, id));
    expect(await h.t.app.deadLinkEvents.runOnce()).toEqual({ queued: 1 });
    await page.goto(h.baseUrl + '/dashboard');
    const flagged = page.getByTestId('card-dead-link');
    await flagged.waitFor();
    expect(await flagged.count()).toBe(1);
    expect(await flagged.innerText()).toContain('Link may be dead');
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, startHarness, type Harness } from './harness.ts';

describe('contact form', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('validates, sends the message and clears the form', async () => {
    const { page } = h;
    await page.goto(h.baseUrl + '/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL('**/contact');
    // The pre-rendered form shows before the app hydrates it (after its language's catalogue).
    await hydrated(page);

    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Full Name is required').waitFor();
    await page.getByText('Message is required').waitFor();

    await page.getByLabel('Full Name').fill('Ada Lovelace');
    await page.getByLabel('Email Address').fill('ada@example.com');
    await page.getByLabel('Subject').selectOption('technical');
    await page.getByLabel('Message').fill('How often are numbers polled?');
    await page.getByRole('button', { name: 'Send Message' }).click();

    await page
      .getByText("Thank you for your message! We'll get back to you within 24 hours.")
      .waitFor();
    expect(await page.getByLabel('Full Name').inputValue()).toBe('');
    expect(await page.getByLabel('Message').inputValue()).toBe('');
    await h.screenshot('contact-1280');

    const result = (await h.t.database.db.execute(
      sql`select count(*)::int as n from contact_messages`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(result.rows[0]?.n).toBe(1);
  });
});

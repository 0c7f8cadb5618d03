import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFrom, hydrated, startHarness, type Harness } from './harness.ts';

/**
 * A new user's first minute, as they would click it: the landing page, sign-in with the code the
 * development outbox shows, the empty dashboard's demo number, and a live code on its card. The
 * interactions are counted (a click, or a field typed and sent with Enter); the time is printed,
 * not asserted (machines here are noisy).
 */
describe('first run: from the landing page to a code on screen', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.t.app.poller.stop();
    await h?.close();
  });

  for (const width of [1280, 375]) {
    it(`takes a new user to a live code in a few interactions at ${width} px`, async () => {
      const page = h.page;
      await h.context.clearCookies();
      await page.setViewportSize({ width, height: 800 });
      const email = `first-${width}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      let interactions = 0;
      const act = async (step: Promise<unknown>) => {
        interactions++;
        await step;
      };

      const started = performance.now();
      await page.goto(h.baseUrl + '/');
      await act(page.getByRole('link', { name: 'Start Free Trial' }).first().click());
      await page.waitForURL('**/auth');
      await hydrated(page);
      await act(page.getByLabel('Email address').fill(email));
      await page.getByLabel('Email address').press('Enter');

      // Development sign-in says where the code is: the server's log and the outbox.
      const outbox = page.getByRole('link', { name: 'the development outbox' });
      await outbox.waitFor();
      const [mailPage] = await Promise.all([h.context.waitForEvent('page'), act(outbox.click())]);
      await mailPage.waitForLoadState();
      const code = codeFrom(await mailPage.locator('body').innerText());
      await mailPage.close();

      await act(page.getByLabel('Verification code').fill(code));
      await page.getByLabel('Verification code').press('Enter');
      await page.waitForURL('**/dashboard');
      const empty = page.getByTestId('numbers-empty');
      await empty.getByText('No VOIP numbers yet').waitFor();
      await act(empty.getByRole('button', { name: 'Add a Demo Number' }).click());

      const latest = page.getByTestId('number-card').getByTestId('latest-code');
      // The harness runs no poller loop and its clock stands still: the test brings the clock to
      // the present (the new number is due from its creation) and polls what is due, as the
      // running server does within a quarter of a second.
      await page.getByTestId('number-card').waitFor();
      h.t.clock.set(new Date());
      await h.t.app.poller.drain();
      await latest.waitFor();
      expect(await latest.textContent()).toMatch(/^\d{6}$/);
      // The link's text answer names no sender: the number itself, formatted, is the sender.
      const latestRow = page.getByTestId('number-card').getByTestId('card-latest-code');
      expect(await latestRow.innerText()).toContain('(555) 000-1234');
      expect(await latestRow.innerText()).not.toContain('5550001234');
      // The end date the first poll stored shows too, without a reload.
      await expect
        .poll(() => page.getByTestId('number-card').getByText('No end date').count())
        .toBe(0);
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `[first-run ${width}px] a code on screen after ${interactions} interactions, ${seconds.toFixed(1)} s`,
      );
      expect(interactions).toBeLessThanOrEqual(6);
      await h.screenshot(`first-run-code-${width}`);
    });
  }
});

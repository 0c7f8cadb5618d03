import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { takeUnexpectedBrowserErrors } from '../../src/server/test/browser-errors.ts';
import { takeUnexpectedErrorLogs } from '../../src/server/test/error-logs.ts';
import { startHarness, type Harness } from './harness.ts';

/*
 * The error gates see what happens in a real browser and server: this test triggers each kind of
 * error, takes what the gates report (so the test itself passes) and checks that each is there.
 */
describe('e2e error gates', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('report page errors, console errors, 5xx answers (fetch and event stream), unallowed 4xx and server error logs', async () => {
    const { page } = h;
    await page.goto(h.baseUrl + '/contact', { waitUntil: 'domcontentloaded', timeout: 60_000 });
    const probe = `${h.baseUrl}/v1/gate-probe`;
    await page.route(`${probe}/**`, (route) =>
      route.fulfill({ status: route.request().url().endsWith('/stream') ? 503 : 500, body: '' }),
    );
    h.allowHttp(409, /\/v1\/gate-probe\/conflict$/);
    await page.route(`${probe}/conflict`, (route) => route.fulfill({ status: 409, body: '' }));

    await page.evaluate((probe) => {
      setTimeout(() => {
        throw new Error('gate probe: page error');
      });
      console.error('gate probe: console error');
      void fetch(`${probe}/fetch`);
      void fetch(`${probe}/conflict`);
      void fetch('/v1/no-such-route');
      new EventSource(`${probe}/stream`);
    }, probe);
    h.t.app.log.error('gate probe: server error');

    const failed = (status: string, url: string) =>
      `console error: Failed to load resource: the server responded with a status of ${status} (${url})`;
    const expected = [
      'page error: gate probe: page error',
      'console error: gate probe: console error',
      `HTTP 500: GET ${probe}/fetch`,
      failed('500 (Internal Server Error)', `${probe}/fetch`),
      `HTTP 503: GET ${probe}/stream`,
      failed('503 (Service Unavailable)', `${probe}/stream`),
      `HTTP 404: GET ${h.baseUrl}/v1/no-such-route`,
      failed('404 (Not Found)', `${h.baseUrl}/v1/no-such-route`),
    ].sort();
    // Everything expected arrives (nothing else, and nothing later: the allowed 409 is not there).
    const browser: string[] = [];
    await vi.waitFor(
      () => {
        browser.push(...takeUnexpectedBrowserErrors());
        h.allowHttp(409, /\/v1\/gate-probe\/conflict$/); // taking the errors ended the allowance
        expect([...browser].sort()).toEqual(expected);
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(takeUnexpectedErrorLogs()).toEqual([
      expect.stringContaining('"msg":"gate probe: server error"'),
    ]);
    // The e2e server logs at info (requests included), not only errors.
    expect(h.t.logs()).toContain('"level":30');
  });
});

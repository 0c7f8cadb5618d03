import http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { voipNumbers } from '../../db/schema.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { startFakeProvider, type FakeProvider } from '../../test/fake-provider.ts';

/** Waits for `check` to pass; generous, as a loaded CI machine is slow (the test's own limit still applies). */
const waitFor = <T>(check: () => T | Promise<T>) =>
  vi.waitFor(check, { timeout: 10_000, interval: 20 });

/*
 * On-demand provider reads (Test, date checks, the public checker) against faults: they have
 * their own connection budget, so visitors cannot starve the poller; a client that goes away
 * stops its check; a link that cannot be decrypted is an error of that number, not of the request.
 */

/** /slow/* answers after SLOW_MS, /hang/* never; anything else is a fast inbox with an end date. */
const SLOW_MS = 700;
let provider: FakeProvider;
const hanging = new Set<http.ServerResponse>();
let t: TestApp;
let alice: { cookie: string };

beforeAll(async () => {
  provider = await startFakeProvider((req, res) => {
    const send = () =>
      res.end(
        JSON.stringify({
          endtime: '2031-01-01 00:00:00',
          messages: [{ id: req.url, from: 'Svc', content: 'Your code is 123456' }],
        }),
      );
    if (req.url?.startsWith('/slow/')) setTimeout(send, SLOW_MS);
    else if (req.url?.startsWith('/hang/')) hanging.add(res);
    else send();
  });
  t = await createTestApp({
    env: {
      PROVIDER_ALLOWLIST: provider.hostPort,
      // A small per-host pool makes a shared pool's saturation visible at once.
      POLL_HOST_CONCURRENCY: '2',
    },
    provider: { timeoutMs: 1500 },
  });
  alice = await signIn(t, 'alice-dates@example.com');
});
afterAll(async () => {
  await t.close();
  await provider.close();
});
beforeEach(async () => {
  await t.database.db.delete(voipNumbers);
});

let seq = 0;
async function addNumber(path: string, who = alice) {
  const phoneNumber = `6285${String(++seq).padStart(6, '0')}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/numbers',
    headers: { cookie: who.cookie },
    payload: { phoneNumber, apiLink: `${provider.origin}${path}/${phoneNumber}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; phoneNumber: string };
}
const row = async (id: string) =>
  (await t.database.db.select().from(voipNumbers).where(eq(voipNumbers.id, id)))[0]!;

describe('on-demand reads', () => {
  it('public date checks on a slow host never take the poller’s connections to it', async () => {
    const owned = await addNumber('/p');
    // Three visitors, 6 slow links each on the same host: 12 requests at a time, each 0.7 s.
    const lines = Array.from(
      { length: 6 },
      (_, i) => `62860000${String(i).padStart(2, '0')}|${provider.origin}/slow/${i}`,
    ).join('\n');
    const checks = [1, 2, 3].map((i) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/public/date-check',
        payload: { lines },
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      }),
    );
    await waitFor(() =>
      expect(provider.requests.filter((r) => r.url.startsWith('/slow/')).length).toBeGreaterThan(0),
    );
    // The owner's number on that host is polled now, not after the visitors' queue (which takes
    // several seconds on a shared 2-connection pool: its request would time out at 1.5 s).
    await t.database.db.update(voipNumbers).set({ nextPollAt: t.clock.now() });
    await t.app.poller.drain();
    expect((await row(owned.id)).lastError).toBeNull();
    expect((await row(owned.id)).lastPolledAt).not.toBeNull();
    await Promise.all(checks);
  });

  it('a date check stops when its client goes away: no further provider request, those in flight aborted', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const before = provider.requests.length;
    const lines = Array.from(
      { length: 20 },
      (_, i) => `62870000${String(i).padStart(2, '0')}|${provider.origin}/hang/${i}`,
    ).join('\n');
    const body = JSON.stringify({ lines });
    const client = http.request(`${address}/v1/public/date-check`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        origin: address,
      },
    });
    client.on('error', () => {});
    client.end(body);
    // Four at a time per check, two of them on the wire (the on-demand pool has 2 connections
    // per host here), two waiting for a connection.
    await waitFor(() => expect(provider.requests.length - before).toBe(2));
    client.destroy();
    // The provider sees both requests closed; once the check has ended, no further one came.
    await waitFor(() => expect(provider.openSockets()).toBe(0));
    await waitFor(() => expect(t.logs()).toContain('date check stopped: the client went away'));
    expect(provider.requests.length - before).toBe(2);
    for (const res of hanging) res.destroy();
    hanging.clear();
  });

  it('a link that cannot be decrypted is that number’s error in Test and date checks', async () => {
    const good = await addNumber('/p');
    const broken = await addNumber('/p');
    await t.database.db
      .update(voipNumbers)
      .set({ apiLinkEnc: 'not-a-ciphertext' })
      .where(eq(voipNumbers.id, broken.id));
    const test = await t.app.inject({
      method: 'POST',
      url: `/v1/numbers/${broken.id}/test`,
      headers: { cookie: alice.cookie },
    });
    expect(test.statusCode).toBe(200);
    expect(test.json()).toEqual({
      ok: false,
      label: '✗ Error: No API link provided for this number',
      messages: null,
      status: null,
    });
    const check = await t.app.inject({
      method: 'POST',
      url: '/v1/date-checks',
      headers: { cookie: alice.cookie },
      payload: { numberIds: [broken.id, good.id] },
    });
    expect(check.statusCode).toBe(200);
    const results = check.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { index: number; status: string; error: string | null })
      .sort((a, b) => a.index - b.index);
    expect(results.map((r) => [r.status, r.error])).toEqual([
      ['error', 'Error: No API link provided for this number'],
      ['active', null],
    ]);
  });

  it('limits Test to 30 a minute per user', async () => {
    const carol = await signIn(t, 'carol-dates@example.com');
    const n = await addNumber('/p', carol);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/v1/numbers/${n.id}/test`,
        headers: { cookie: carol.cookie },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

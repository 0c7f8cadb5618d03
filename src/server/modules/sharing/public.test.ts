import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint, PageDetail, PublicEndpoint, PublicPage } from '../../../shared/sharing.ts';
import { messages, publicPages, singleEndpoints, voipNumbers } from '../../db/schema.ts';
import { startInboxProvider, type FakeProvider } from '../../test/fake-provider.ts';
import { createTestApp, signIn, type TestApp, pollNow as pollNowIn } from '../../test/app.ts';
import { sseConnect, until } from '../../test/sse.ts';
import { PUBLIC_READ_TTL_MS } from './read-cache.ts';

/*
 * The public API of shared pages and single endpoints: what anonymous visitors and scripts get
 * by hash, live streams, waiting for a code, arming numbers, and what they never get (the link).
 */

const SECRET = 'TOPSECRET9f3a';
const HOST = 'sms-gateway.test';
const inbox = new Map<string, { id: string; from: string; content: string }[]>();
let provider: FakeProvider;
let t: TestApp;
let appUrl = '';
let clientDir: string;
let alice: { cookie: string; user: { id: string }; email: string };
let bob: { cookie: string; user: { id: string } };
const linkOf = (phone: string) =>
  `http://${HOST}:${provider.port}/p/${phone}?apikey=${SECRET}-${phone}`;

beforeAll(async () => {
  provider = await startInboxProvider(inbox);
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voip-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  t = await createTestApp({
    env: { PROVIDER_ALLOWLIST: `${HOST}:${provider.port}` },
    // The provider's name resolves to loopback here only (no DNS from tests).
    provider: { lookup: async () => [{ address: '127.0.0.1', family: 4 }] },
    heartbeatMs: 100,
    poller: { idleMs: 20 },
    clientDir,
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  appUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  alice = await signIn(t, 'alice-public@example.com');
  bob = await signIn(t, 'bob-public@example.com');
});
afterAll(async () => {
  await t.close();
  await provider.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (
  method: Method,
  url: string,
  opts: { cookie?: string; payload?: object; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
    ...(opts.payload ? { payload: opts.payload } : {}),
  });

let phoneSeq = 3125550000;
async function addNumber(cookie = alice.cookie) {
  const phone = String(++phoneSeq);
  const res = await call('POST', '/v1/numbers', {
    cookie,
    payload: { phoneNumber: phone, apiLink: linkOf(phone) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as string, phone };
}
async function createPage(numberIds: string[], name = 'Shared codes') {
  const res = await call('POST', '/v1/pages', {
    cookie: alice.cookie,
    payload: { name, numberIds },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as PageDetail;
}
async function createEndpoint(numberId: string) {
  const res = await call('POST', '/v1/single-endpoints', {
    cookie: alice.cookie,
    payload: { numberId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Endpoint;
}
/** Stores a message as the poller would (storage time = the test clock, advanced 1 ms each). */
async function store(numberId: string, content: string, code: string | null, ageMs = 0) {
  t.clock.advance(1);
  const [m] = await t.database.db
    .insert(messages)
    .values({
      voipNumberId: numberId,
      sender: 'Acme',
      content,
      code,
      receivedAt: new Date(t.clock.now().getTime() - ageMs),
      dedupeKey: `k-${Math.random()}`,
      createdAt: t.clock.now(),
    })
    .returning();
  return m!;
}
const numberRow = async (id: string) =>
  (await t.database.db.select().from(voipNumbers).where(eq(voipNumbers.id, id)))[0]!;
/** Make the given numbers due now and let the poller read their providers. */
const pollNow = (...ids: string[]) => pollNowIn(t, ids);

describe('GET /v1/public/pages/:hash and /v1/public/single/:hash', () => {
  it('answer name, numbers in page order and each number’s 10 newest messages with codes and expiry', async () => {
    const a = await addNumber();
    const b = await addNumber();
    for (let i = 0; i < 12; i++) await store(a.id, `Your code is ${100000 + i}`, `${100000 + i}`);
    await store(b.id, 'Welcome to the service', null);
    // 2.5 days left → 3 (ceiling); b is off.
    await t.database.db
      .update(voipNumbers)
      .set({ endDate: new Date(t.clock.now().getTime() + 2.5 * 86_400_000) })
      .where(eq(voipNumbers.id, a.id));
    await t.database.db
      .update(voipNumbers)
      .set({ isActive: false })
      .where(eq(voipNumbers.id, b.id));
    const page = await createPage([b.id, a.id], 'Team');

    const res = await call('GET', `/v1/public/pages/${page.hash}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers).toMatchObject({
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex',
      'referrer-policy': 'no-referrer',
    });
    const body = res.json() as PublicPage;
    expect(body.name).toBe('Team');
    expect(body.numberCount).toBe(2);
    expect(body.numbers.map((n) => [n.id, n.phoneNumber, n.isActive])).toEqual([
      [b.id, b.phone, false],
      [a.id, a.phone, true],
    ]);
    const [nb, na] = body.numbers;
    expect(nb).toMatchObject({ endDate: null, daysLeft: null });
    expect(nb!.messages.map((m) => [m.content, m.code])).toEqual([
      ['Welcome to the service', null],
    ]);
    expect(na!.daysLeft).toBe(3);
    expect(na!.messages).toHaveLength(10);
    expect(na!.messages.map((m) => m.code)).toEqual(
      Array.from({ length: 10 }, (_, i) => `${100011 - i}`),
    );
    expect(na!.messages[0]).toEqual({
      id: expect.any(String),
      sender: 'Acme',
      content: 'Your code is 100011',
      code: '100011',
      receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });

    const endpoint = await createEndpoint(a.id);
    const single = await call('GET', `/v1/public/single/${endpoint.hash}`);
    expect(single.statusCode, single.body).toBe(200);
    expect(single.headers['x-robots-tag']).toBe('noindex');
    const s = single.json() as PublicEndpoint;
    expect(s).toEqual({ name: `API for (312) 555-${a.phone.slice(6)}`, number: na });
  });

  it('the same for anyone: anonymous, the owner, another user', async () => {
    const a = await addNumber();
    await store(a.id, 'code 4321', '4321');
    const page = await createPage([a.id]);
    const endpoint = await createEndpoint(a.id);
    for (const url of [
      `/v1/public/pages/${page.hash}`,
      `/v1/public/single/${endpoint.hash}`,
      `/v1/public/single/${endpoint.hash}/latest`,
      `/v1/public/pages/${'G'.repeat(22)}`,
    ]) {
      const answers = await Promise.all(
        [undefined, alice.cookie, bob.cookie].map((cookie) => call('GET', url, { cookie })),
      );
      expect(new Set(answers.map((r) => r.statusCode)).size, url).toBe(1);
      expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    }
  });

  it('unknown, malformed, inactive and regenerated hashes are the same 404', async () => {
    const a = await addNumber();
    const page = await createPage([a.id]);
    const endpoint = await createEndpoint(a.id);
    const pageGone = { error: { code: 'PAGE_NOT_FOUND', message: 'Page not found or inactive' } };
    const endpointGone = {
      error: { code: 'ENDPOINT_NOT_FOUND', message: 'API endpoint not found or inactive' },
    };
    const unknown = 'A'.repeat(22);
    for (const hash of [
      unknown,
      'short',
      'x'.repeat(23),
      'x'.repeat(90),
      '%20'.repeat(22),
      `${unknown}!`,
    ]) {
      for (const [url, gone] of [
        [`/v1/public/pages/${hash}`, pageGone],
        [`/v1/public/single/${hash}`, endpointGone],
        [`/v1/public/single/${hash}/latest`, endpointGone],
      ] as const) {
        const res = await call('GET', url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual(gone);
        expect(res.headers['cache-control']).toBe('no-store');
      }
    }

    // Inactive, then active again.
    await call('PATCH', `/v1/pages/${page.id}`, {
      cookie: alice.cookie,
      payload: { isActive: false },
    });
    await call('PATCH', `/v1/single-endpoints/${endpoint.id}`, {
      cookie: alice.cookie,
      payload: { isActive: false },
    });
    expect((await call('GET', `/v1/public/pages/${page.hash}`)).json()).toEqual(pageGone);
    expect((await call('GET', `/v1/public/single/${endpoint.hash}`)).json()).toEqual(endpointGone);
    expect((await call('GET', `/v1/public/single/${endpoint.hash}/latest`)).json()).toEqual(
      endpointGone,
    );
    await call('PATCH', `/v1/pages/${page.id}`, {
      cookie: alice.cookie,
      payload: { isActive: true },
    });
    await call('PATCH', `/v1/single-endpoints/${endpoint.id}`, {
      cookie: alice.cookie,
      payload: { isActive: true },
    });
    expect((await call('GET', `/v1/public/pages/${page.hash}`)).statusCode).toBe(200);
    expect((await call('GET', `/v1/public/single/${endpoint.hash}`)).statusCode).toBe(200);

    // Regenerated: the old link is dead at once, the new one works.
    const p2 = (
      await call('POST', `/v1/pages/${page.id}/regenerate`, { cookie: alice.cookie })
    ).json() as PageDetail;
    const e2 = (
      await call('POST', `/v1/single-endpoints/${endpoint.id}/regenerate`, { cookie: alice.cookie })
    ).json() as Endpoint;
    expect((await call('GET', `/v1/public/pages/${page.hash}`)).json()).toEqual(pageGone);
    expect((await call('GET', `/v1/public/single/${endpoint.hash}`)).json()).toEqual(endpointGone);
    expect((await call('GET', `/v1/public/pages/${p2.hash}`)).statusCode).toBe(200);
    expect((await call('GET', `/v1/public/single/${e2.hash}`)).statusCode).toBe(200);

    // Deleted.
    await call('DELETE', `/v1/pages/${page.id}`, { cookie: alice.cookie });
    await call('DELETE', `/v1/single-endpoints/${endpoint.id}`, { cookie: alice.cookie });
    expect((await call('GET', `/v1/public/pages/${p2.hash}`)).json()).toEqual(pageGone);
    expect((await call('GET', `/v1/public/single/${e2.hash}`)).json()).toEqual(endpointGone);
  });

  it('a page whose numbers were all deleted answers with no numbers; their entries are gone', async () => {
    const a = await addNumber();
    const b = await addNumber();
    const page = await createPage([a.id, b.id]);
    const endpoint = await createEndpoint(a.id);
    for (const n of [a, b]) {
      expect(
        (await call('DELETE', `/v1/numbers/${n.id}`, { cookie: alice.cookie })).statusCode,
      ).toBe(204);
    }
    const res = await call('GET', `/v1/public/pages/${page.hash}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ name: 'Shared codes', numbers: [], numberCount: 0 });
    expect((await call('GET', `/v1/public/single/${endpoint.hash}`)).statusCode).toBe(404);
  });

  it('a page of 10,000 numbers answers with its first 100 and the count', async () => {
    const carol = await signIn(t, 'carol-public@example.com');
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      userId: carol.user.id,
      phoneNumber: `64600${String(i).padStart(5, '0')}`,
      apiLinkEnc: 'not-a-link',
      apiHost: HOST,
      // Never due in this file: the poller has nothing to do with them.
      nextPollAt: new Date(t.clock.now().getTime() + 86_400_000),
    }));
    const ids: string[] = [];
    for (let i = 0; i < rows.length; i += 1000) {
      const got = await t.database.db
        .insert(voipNumbers)
        .values(rows.slice(i, i + 1000))
        .returning({ id: voipNumbers.id });
      ids.push(...got.map((r) => r.id));
    }
    const order = [...ids].reverse();
    const created = await call('POST', '/v1/pages', {
      cookie: carol.cookie,
      payload: { name: 'Everything', numberIds: order },
    });
    expect(created.statusCode, created.body.slice(0, 200)).toBe(201);
    const hash = created.json().hash as string;
    expect(created.json().numberCount).toBe(10_000);
    await store(order[1]!, 'code 7777', '7777');
    const res = await call('GET', `/v1/public/pages/${hash}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as PublicPage;
    expect(body.numberCount).toBe(10_000);
    expect(body.numbers.map((n) => n.id)).toEqual(order.slice(0, 100));
    expect(body.numbers[1]!.messages.map((m) => m.code)).toEqual(['7777']);
  });
});

describe('GET /v1/public/single/:hash/latest', () => {
  it('answers the newest message with a code as JSON or one line of text; nulls or 204 when none', async () => {
    const a = await addNumber();
    const endpoint = await createEndpoint(a.id);
    const url = `/v1/public/single/${endpoint.hash}/latest`;
    const none = await call('GET', url);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ code: null, message: null, receivedAt: null });
    const noneText = await call('GET', url, { headers: { accept: 'text/plain' } });
    expect(noneText.statusCode).toBe(204);
    expect(noneText.body).toBe('');

    await store(a.id, 'Your code is 111111', '111111', 60_000);
    await store(a.id, 'G-246810 is your\nGoogle   verification code', '246810', 30_000);
    await store(a.id, 'Your verification is pending', null, 0); // newer, but no code
    // Stored behind the poller's back (no live event): shown once the cached answer ages out.
    t.clock.advance(PUBLIC_READ_TTL_MS);
    const json = await call('GET', url);
    expect(json.json()).toMatchObject({
      code: '246810',
      message: 'G-246810 is your\nGoogle   verification code',
    });
    const text = await call('GET', url, { headers: { accept: 'text/plain' } });
    expect(text.statusCode).toBe(200);
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.body).toBe('246810 G-246810 is your Google verification code\n');
    // A client that takes JSON gets JSON.
    const both = await call('GET', url, { headers: { accept: 'text/plain, application/json' } });
    expect(both.json().code).toBe('246810');
  });

  it.each([
    ['61', 'wait must be at most 60 seconds'],
    ['3600', 'wait must be at most 60 seconds'],
    ['0', 'wait must be at least 1 second'],
    ['1.5', 'wait must be a whole number of seconds'],
    ['soon', 'wait must be a whole number of seconds'],
  ])('?wait=%s is a 400 (%s)', async (wait, message) => {
    const a = await addNumber();
    const endpoint = await createEndpoint(a.id);
    const res = await call('GET', `/v1/public/single/${endpoint.hash}/latest?wait=${wait}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message });
  });

  it('?wait= holds the request until a new code arrives, and arms the number', async () => {
    const a = await addNumber();
    const endpoint = await createEndpoint(a.id);
    await store(a.id, 'Old code 555555', '555555', 60_000);
    const waiting = call('GET', `/v1/public/single/${endpoint.hash}/latest?wait=10`, {
      headers: { accept: 'text/plain' },
    });
    await until(async () => !!(await numberRow(a.id)).expectingUntil);
    const armed = await numberRow(a.id);
    const at = t.clock.now().getTime();
    expect(armed.expectingUntil!.getTime()).toBe(at + 180_000);
    expect(armed.nextPollAt.getTime()).toBeLessThanOrEqual(at + 2_000);

    // A message without a code does not answer it: the answer is the code that came after it.
    inbox.set(a.phone, [{ id: 'w1', from: 'Shop', content: 'Your code is on its way' }]);
    await pollNow(a.id);

    inbox.set(a.phone, [
      { id: 'w1', from: 'Shop', content: 'Your code is on its way' },
      { id: 'w2', from: 'Shop', content: 'Shop code: 918273' },
    ]);
    await pollNow(a.id);
    const res = await waiting;
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('918273 Shop code: 918273\n');
  });

  it('?wait= that sees no new code answers as if none (JSON nulls, or 204)', async () => {
    const a = await addNumber();
    const endpoint = await createEndpoint(a.id);
    await store(a.id, 'Old code 555555', '555555', 60_000);
    const [json, text] = await Promise.all([
      call('GET', `/v1/public/single/${endpoint.hash}/latest?wait=1`),
      call('GET', `/v1/public/single/${endpoint.hash}/latest?wait=1`, {
        headers: { accept: 'text/plain' },
      }),
    ]);
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual({ code: null, message: null, receivedAt: null });
    expect(text.statusCode).toBe(204);
    // Both waits ended: nothing is left subscribed for Alice.
    expect(t.app.bus.watchers(alice.user.id)).toBe(0);
  });
  it('a waiting script that goes away stops waiting', async () => {
    const a = await addNumber();
    const endpoint = await createEndpoint(a.id);
    const before = t.app.bus.watchers(alice.user.id);
    const controller = new AbortController();
    const request = fetch(`${appUrl}/v1/public/single/${endpoint.hash}/latest?wait=60`, {
      signal: controller.signal,
    }).catch(() => 'aborted');
    await until(() => t.app.bus.watchers(alice.user.id) === before + 1);
    controller.abort();
    expect(await request).toBe('aborted');
    await until(() => t.app.bus.watchers(alice.user.id) === before);
  });
});

describe('POST /v1/public/…/expect', () => {
  it('arms the copied number (expecting a code, polled at once) at most once per 10 s per hash', async () => {
    const a = await addNumber();
    const b = await addNumber();
    const other = await addNumber();
    const page = await createPage([a.id, b.id]);
    const far = new Date(t.clock.now().getTime() + 60_000);
    await t.database.db
      .update(voipNumbers)
      .set({ nextPollAt: far })
      .where(inArray(voipNumbers.id, [a.id, b.id]));

    const url = `/v1/public/pages/${page.hash}/expect`;
    const res = await call('POST', url, { payload: { numberId: a.id } });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    const now = t.clock.now().getTime();
    expect(await numberRow(a.id)).toMatchObject({
      expectingUntil: new Date(now + 180_000),
      nextPollAt: new Date(now + 2_000),
    });
    expect((await numberRow(b.id)).expectingUntil).toBeNull();

    // Within 10 s: accepted, nothing written.
    t.clock.advance(9_000);
    expect((await call('POST', url, { payload: { numberId: b.id } })).statusCode).toBe(202);
    expect(await numberRow(b.id)).toMatchObject({ expectingUntil: null, nextPollAt: far });
    t.clock.advance(1_000);
    expect((await call('POST', url, { payload: { numberId: b.id } })).statusCode).toBe(202);
    expect((await numberRow(b.id)).expectingUntil).toEqual(
      new Date(t.clock.now().getTime() + 180_000),
    );

    // A number that is not on the page, a dead hash, a malformed body.
    t.clock.advance(10_000);
    const notOnPage = await call('POST', url, { payload: { numberId: other.id } });
    expect(notOnPage.statusCode).toBe(404);
    expect((await numberRow(other.id)).expectingUntil).toBeNull();
    expect(
      (
        await call('POST', `/v1/public/pages/${'B'.repeat(22)}/expect`, {
          payload: { numberId: a.id },
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('POST', url, { payload: { numberId: 'x' } })).statusCode).toBe(400);
  });

  it('arms a single endpoint’s number', async () => {
    const a = await addNumber();
    const endpoint = await createEndpoint(a.id);
    const res = await call('POST', `/v1/public/single/${endpoint.hash}/expect`);
    expect(res.statusCode).toBe(202);
    expect((await numberRow(a.id)).expectingUntil).toEqual(
      new Date(t.clock.now().getTime() + 180_000),
    );
    expect((await call('POST', `/v1/public/single/${'C'.repeat(22)}/expect`)).statusCode).toBe(404);
  });
});

describe('live: /v1/public/pages/:hash/events and /v1/public/single/:hash/events', () => {
  it('streams only the page’s numbers’ messages, replays from Last-Event-ID and keeps them watched', async () => {
    const a = await addNumber();
    const b = await addNumber();
    const off = await addNumber(); // Alice's, not on the page
    const page = await createPage([a.id, b.id]);
    const sse = await sseConnect(`${appUrl}/v1/public/pages/${page.hash}/events`);
    expect(sse.status).toBe(200);
    expect(sse.headers).toMatchObject({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex',
      'referrer-policy': 'no-referrer',
    });
    // Watched: marked until two heartbeats and 5 s ahead, and renewed.
    await until(async () => !!(await numberRow(a.id)).watchedUntil);
    expect((await numberRow(b.id)).watchedUntil).toEqual((await numberRow(a.id)).watchedUntil);
    expect((await numberRow(off.id)).watchedUntil).toBeNull();

    inbox.set(a.phone, [{ id: 'l1', from: 'Telegram', content: 'Telegram code 24680' }]);
    inbox.set(off.phone, [{ id: 'l2', from: 'Telegram', content: 'Telegram code 13579' }]);
    await pollNow(a.id, off.id);
    // A later message on b: once it arrives, off's (published before it) would have too.
    inbox.set(b.phone, [{ id: 'l0', from: 'Apple', content: 'Apple code: 9753' }]);
    await pollNow(b.id);
    await until(() => sse.events.length >= 2);
    expect(sse.events.map((e) => JSON.parse(e.data!).numberId)).toEqual([a.id, b.id]);
    const first = sse.events[0]!;
    expect(first.event).toBe('message');
    expect(JSON.parse(first.data!)).toEqual({
      id: expect.any(String),
      sender: 'Telegram',
      content: 'Telegram code 24680',
      code: '24680',
      receivedAt: expect.any(String),
      numberId: a.id,
    });
    await until(() => sse.comments >= 3); // connected + heartbeats
    sse.close();

    // While away: a message on b; the client comes back with its last id.
    t.clock.advance(10);
    inbox.set(b.phone, [
      { id: 'l0', from: 'Apple', content: 'Apple code: 9753' },
      { id: 'l3', from: 'Apple', content: 'Apple code: 8642' },
    ]);
    await pollNow(b.id);
    const again = await sseConnect(`${appUrl}/v1/public/pages/${page.hash}/events`, {
      'last-event-id': first.id!,
    });
    await until(() => again.events.some((e) => JSON.parse(e.data!).code === '8642'));
    expect(again.events.map((e) => JSON.parse(e.data!).numberId)).not.toContain(off.id);
    again.close();

    // A single endpoint's stream: its one number.
    const endpoint = await createEndpoint(b.id);
    const single = await sseConnect(`${appUrl}/v1/public/single/${endpoint.hash}/events`);
    expect(single.status).toBe(200);
    inbox.set(a.phone, [
      { id: 'l1', from: 'Telegram', content: 'Telegram code 24680' },
      { id: 'l4', from: 'X', content: 'X code 11223' },
    ]);
    inbox.set(b.phone, [
      { id: 'l0', from: 'Apple', content: 'Apple code: 9753' },
      { id: 'l3', from: 'Apple', content: 'Apple code: 8642' },
      { id: 'l5', from: 'Y', content: 'Y code 44556' },
    ]);
    await pollNow(a.id, b.id);
    // A later message on b: once it arrives, a's (published before it) would have too.
    inbox.set(b.phone, [
      { id: 'l0', from: 'Apple', content: 'Apple code: 9753' },
      { id: 'l3', from: 'Apple', content: 'Apple code: 8642' },
      { id: 'l5', from: 'Y', content: 'Y code 44556' },
      { id: 'l6', from: 'Z', content: 'Z code 77889' },
    ]);
    await pollNow(b.id);
    const codes = () => single.events.map((e) => JSON.parse(e.data!).code as string);
    await until(() => codes().includes('77889'));
    // Only its number's codes: live 44556 and 77889, and 9753 and 8642 if they fall in the fresh
    // stream's replay of the last 15 s (public-open.test.ts tests that replay); never a's.
    expect(codes().filter((c) => c !== '9753' && c !== '8642')).toEqual(['44556', '77889']);
    single.close();
  });

  it('an unknown or dead hash opens no stream', async () => {
    for (const url of [
      `/v1/public/pages/${'D'.repeat(22)}/events`,
      '/v1/public/single/nope/events',
    ]) {
      const res = await sseConnect(`${appUrl}${url}`);
      expect(res.status).toBe(404);
      res.close();
    }
  });

  it.each(['deactivated', 'regenerated', 'deleted'])(
    'a page %s ends its streams by the next heartbeat',
    async (how) => {
      const a = await addNumber();
      const page = await createPage([a.id]);
      const endpoint = await createEndpoint(a.id);
      const streams = await Promise.all([
        sseConnect(`${appUrl}/v1/public/pages/${page.hash}/events`),
        sseConnect(`${appUrl}/v1/public/single/${endpoint.hash}/events`),
      ]);
      await until(() => streams.every((s) => s.comments >= 2));
      const kinds = [
        ['pages', page.id],
        ['single-endpoints', endpoint.id],
      ] as const;
      for (const [kind, id] of kinds) {
        const res =
          how === 'deactivated'
            ? await call('PATCH', `/v1/${kind}/${id}`, {
                cookie: alice.cookie,
                payload: { isActive: false },
              })
            : how === 'regenerated'
              ? await call('POST', `/v1/${kind}/${id}/regenerate`, { cookie: alice.cookie })
              : await call('DELETE', `/v1/${kind}/${id}`, { cookie: alice.cookie });
        expect(res.statusCode).toBeLessThan(300);
      }
      // Heartbeats are 100 ms apart here (checks shared for 50 ms): well within a second.
      await Promise.all(streams.map((s) => s.ended));
    },
  );
});

describe('the link never leaves', () => {
  it('no public answer, event or page HTML holds the link, its host, its secret or the owner', async () => {
    const a = await addNumber();
    inbox.set(a.phone, [{ id: 's1', from: 'Bank', content: 'Bank code 31415' }]);
    await pollNow(a.id);
    const page = await createPage([a.id]);
    const endpoint = await createEndpoint(a.id);
    const seen: string[] = [];
    const sse = await sseConnect(`${appUrl}/v1/public/pages/${page.hash}/events`, {
      'last-event-id': '1',
    });
    const single = await sseConnect(`${appUrl}/v1/public/single/${endpoint.hash}/events`);
    inbox.set(a.phone, [
      { id: 's1', from: 'Bank', content: 'Bank code 31415' },
      { id: 's2', from: 'Bank', content: 'Bank code 27182' },
    ]);
    // Opening the streams marks the numbers watched in the background, which may move their next
    // poll after ours: poll again until the events are there.
    await until(async () => {
      await pollNow(a.id);
      return sse.events.length >= 2 && single.events.length >= 1;
    });
    for (const res of await Promise.all([
      call('GET', `/v1/public/pages/${page.hash}`),
      call('GET', `/v1/public/single/${endpoint.hash}`),
      call('GET', `/v1/public/single/${endpoint.hash}/latest`),
      call('GET', `/v1/public/single/${endpoint.hash}/latest`, {
        headers: { accept: 'text/plain' },
      }),
      call('POST', `/v1/public/pages/${page.hash}/expect`, { payload: { numberId: a.id } }),
      call('POST', `/v1/public/single/${endpoint.hash}/expect`),
      call('GET', `/v1/public/pages/${'E'.repeat(22)}`),
      call('GET', `/api/${page.hash}`),
      call('GET', `/single/${endpoint.hash}`),
    ])) {
      expect(res.statusCode).toBeLessThan(500);
      seen.push(JSON.stringify(res.headers), res.body);
    }
    seen.push(sse.raw(), single.raw());
    sse.close();
    single.close();
    const all = seen.join('\n');
    expect(all).toContain('31415'); // the codes are there…
    expect(all).toContain('27182');
    for (const secret of [linkOf(a.phone), HOST, SECRET, 'apikey', alice.email, alice.user.id]) {
      expect(all, secret).not.toContain(secret); // …the link, its host and the owner are not
    }
  });

  it('the HTML of /api/* and /single/* is not indexed and sends no referrer', async () => {
    for (const url of ['/api/abc', '/single/abc']) {
      const res = await call('GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
    expect((await call('GET', '/dashboard')).headers['x-robots-tag']).toBeUndefined();
  });
});

describe('views', () => {
  it('are counted in memory and written in one statement per table', async () => {
    const a = await addNumber();
    const page = await createPage([a.id]);
    const endpoint = await createEndpoint(a.id);
    await t.app.publicViews.flush();
    for (let i = 0; i < 5; i++) await call('GET', `/v1/public/pages/${page.hash}`);
    t.clock.advance(5_000);
    for (let i = 0; i < 3; i++) await call('GET', `/v1/public/single/${endpoint.hash}`);
    await call('GET', `/v1/public/single/${endpoint.hash}/latest`);
    await call('GET', `/v1/public/pages/${'F'.repeat(22)}`); // not a view of anything
    const pageRow = async () =>
      (await t.database.db.select().from(publicPages).where(eq(publicPages.id, page.id)))[0]!;
    const endpointRow = async () =>
      (
        await t.database.db
          .select()
          .from(singleEndpoints)
          .where(eq(singleEndpoints.id, endpoint.id))
      )[0]!;
    expect((await pageRow()).views).toBe(0); // nothing written per request
    await t.app.publicViews.flush();
    expect(await pageRow()).toMatchObject({
      views: 5,
      lastAccessed: new Date(t.clock.now().getTime() - 5_000),
    });
    expect(await endpointRow()).toMatchObject({ views: 4, lastAccessed: t.clock.now() });
    // The owner's lists show them.
    const listed = (await call('GET', '/v1/pages', { cookie: alice.cookie })).json().items;
    expect(listed.find((p: { id: string }) => p.id === page.id)).toMatchObject({
      views: 5,
      lastAccessed: new Date(t.clock.now().getTime() - 5_000).toISOString(),
    });
  });
});

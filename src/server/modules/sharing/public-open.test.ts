import type { AddressInfo } from 'node:net';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint, PageDetail } from '../../../shared/sharing.ts';
import { messages, voipNumbers } from '../../db/schema.ts';
import { startInboxProvider, type FakeProvider } from '../../test/fake-provider.ts';
import { createTestApp, signIn, type TestApp, pollNow as pollNowIn } from '../../test/app.ts';
import { sseConnect, until } from '../../test/sse.ts';

/*
 * What public visitors can hold and reach, with heartbeats too far apart to help: a link its owner
 * changes stops at once (streams end, waiting scripts get nothing more), a reconnect never replays
 * the number's history, a provider's backlog never answers a waiting script, and one address
 * holds only so many streams and waits open.
 */

const HOST = 'sms-gateway.test';
const inbox = new Map<
  string,
  { id: string; from: string; content: string; timestamp?: string }[]
>();
let provider: FakeProvider;
let t: TestApp;
let appUrl = '';
let owner: { cookie: string; user: { id: string } };
const subscribed = () => t.app.bus.watchers(owner.user.id);

beforeAll(async () => {
  provider = await startInboxProvider(inbox);
  t = await createTestApp({
    env: { PROVIDER_ALLOWLIST: `${HOST}:${provider.port}` },
    provider: { lookup: async () => [{ address: '127.0.0.1', family: 4 }] },
    heartbeatMs: 600_000,
    poller: { idleMs: 20 },
    publicRateLimits: { streamsPerIp: 2, waitsPerIp: 1 },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  appUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  owner = await signIn(t, 'open-owner@example.com');
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

let phoneSeq = 4155550000;
async function post(url: string, payload?: object) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: owner.cookie },
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}
async function share() {
  const phone = String(++phoneSeq);
  const n = await post('/v1/numbers', {
    phoneNumber: phone,
    apiLink: `http://${HOST}:${provider.port}/p/${phone}`,
  });
  const page = (await post('/v1/pages', { name: 'P', numberIds: [n.id] })) as PageDetail;
  const endpoint = (await post('/v1/single-endpoints', { numberId: n.id })) as Endpoint;
  return { id: n.id as string, phone, page, endpoint: endpoint };
}
const pollNow = (id: string) => pollNowIn(t, [id]);
/** A script waiting for a code; its answer read whole (an unread body holds the connection). */
const wait = async (hash: string, seconds: number, signal?: AbortSignal) => {
  const res = await fetch(`${appUrl}/v1/public/single/${hash}/latest?wait=${seconds}`, {
    headers: { accept: 'text/plain' },
    ...(signal ? { signal } : {}),
  });
  return { status: res.status, text: await res.text() };
};

describe('a link its owner changes stops at once', () => {
  it.each([
    ['deactivated', 'PATCH'],
    ['regenerated', 'POST'],
    ['deleted', 'DELETE'],
  ] as const)('%s: its open streams end and a waiting script gets nothing', async (how, method) => {
    const n = await share();
    const before = subscribed();
    const streams = await Promise.all([
      sseConnect(`${appUrl}/v1/public/pages/${n.page.hash}/events`),
      sseConnect(`${appUrl}/v1/public/single/${n.endpoint.hash}/events`),
    ]);
    expect(streams.map((s) => s.status)).toEqual([200, 200]);
    const waiting = wait(n.endpoint.hash, 50);
    await until(() => subscribed() === before + 3);
    for (const [kind, id] of [
      ['pages', n.page.id],
      ['single-endpoints', n.endpoint.id],
    ] as const) {
      const url =
        how === 'deactivated'
          ? `/v1/${kind}/${id}`
          : how === 'regenerated'
            ? `/v1/${kind}/${id}/regenerate`
            : `/v1/${kind}/${id}`;
      const res = await t.app.inject({
        method,
        url,
        headers: { cookie: owner.cookie },
        ...(how === 'deactivated' ? { payload: { isActive: false } } : {}),
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    // Heartbeats are 10 minutes apart: only the change itself can end these.
    await Promise.all(streams.map((s) => s.ended));
    // A code arriving now reaches nobody through the old link.
    inbox.set(n.phone, [{ id: `c-${how}`, from: 'Svc', content: 'Svc code 246810' }]);
    await pollNow(n.id);
    expect(await waiting).toEqual({ status: 204, text: '' });
  });

  it('an edit that keeps the link alive ends streams (they reconnect) but not a waiting script', async () => {
    const n = await share();
    const before = subscribed();
    const waiting = wait(n.endpoint.hash, 50);
    await until(() => subscribed() === before + 1);
    await t.app.inject({
      method: 'PATCH',
      url: `/v1/single-endpoints/${n.endpoint.id}`,
      headers: { cookie: owner.cookie },
      payload: { remark: 'renamed' },
    });
    inbox.set(n.phone, [{ id: 'k1', from: 'Svc', content: 'Svc code 135790' }]);
    await pollNow(n.id);
    expect(await waiting).toEqual({ status: 200, text: '135790 Svc code 135790\n' });
  });
});

describe('what a public visitor cannot reach', () => {
  it('a reconnect replays at most the last 2 minutes, never the history', async () => {
    const n = await share();
    t.clock.advance(1);
    const old = await t.database.db
      .insert(messages)
      .values({
        voipNumberId: n.id,
        sender: 'Acme',
        content: 'Old code 111111',
        code: '111111',
        receivedAt: t.clock.now(),
        dedupeKey: 'old',
        createdAt: t.clock.now(),
      })
      .returning();
    t.clock.advance(10 * 60_000);
    await t.database.db.insert(messages).values({
      voipNumberId: n.id,
      sender: 'Acme',
      content: 'New code 222222',
      code: '222222',
      receivedAt: t.clock.now(),
      dedupeKey: 'new',
      createdAt: t.clock.now(),
    });
    const s = await sseConnect(`${appUrl}/v1/public/single/${n.endpoint.hash}/events`, {
      'last-event-id': '1',
    });
    await until(() => s.events.length >= 1);
    s.close();
    expect(s.events.map((e) => JSON.parse(e.data!).code)).toEqual(['222222']);
    expect(s.raw()).not.toContain(old[0]!.id);
  });

  it('a fresh stream replays what was stored in the 15 s before it opened, nothing older', async () => {
    const n = await share();
    const put = async (code: string) => {
      t.clock.advance(1);
      await t.database.db.insert(messages).values({
        voipNumberId: n.id,
        sender: 'Acme',
        content: `Code ${code}`,
        code,
        receivedAt: t.clock.now(),
        dedupeKey: code,
        createdAt: t.clock.now(),
      });
    };
    await put('333333');
    t.clock.advance(20_000);
    await put('444444'); // stored between the page's load and its stream's opening
    t.clock.advance(5_000);
    const s = await sseConnect(`${appUrl}/v1/public/pages/${n.page.hash}/events`);
    await until(() => s.events.length >= 1);
    s.close();
    // The replay is oldest first: 333333, had it been replayed, would have come first.
    expect(s.events.map((e) => JSON.parse(e.data!).code)).toEqual(['444444']);
  });

  it('a provider backlog stored while a script waits does not answer it', async () => {
    const n = await share();
    const waiting = wait(n.endpoint.hash, 3);
    await until(async () => {
      const [row] = await t.database.db
        .select()
        .from(voipNumbers)
        .where(inArray(voipNumbers.id, [n.id]));
      return !!row!.expectingUntil;
    });
    inbox.set(n.phone, [
      { id: 'b1', from: 'Svc', content: 'Svc code 424242', timestamp: '2021-03-04T05:06:07Z' },
    ]);
    await pollNow(n.id);
    expect((await waiting).status).toBe(204);
  });

  it('one address holds at most its streams open; closing one frees a place', async () => {
    const n = await share();
    const url = `${appUrl}/v1/public/single/${n.endpoint.hash}/events`;
    const [a, b] = [await sseConnect(url), await sseConnect(url)];
    expect([a.status, b.status]).toEqual([200, 200]);
    const third = await sseConnect(url);
    expect(third.status).toBe(429);
    expect(third.headers['retry-after']).toBe('5');
    await third.ended;
    expect(JSON.parse(third.raw()).error.code).toBe('TOO_MANY_OPEN');
    a.close();
    await until(async () => {
      const s = await sseConnect(url);
      s.close();
      return s.status === 200;
    });
    b.close();
  });

  it('one address holds at most its waits open; one ending frees a place', async () => {
    const n = await share();
    const from = (url: string) =>
      t.app.inject({ url, remoteAddress: '192.0.2.9', headers: { accept: 'text/plain' } });
    const latest = `/v1/public/single/${n.endpoint.hash}/latest`;
    await until(() => subscribed() === 0);
    const held = from(`${latest}?wait=2`);
    await until(() => subscribed() === 1);
    const refused = await from(`${latest}?wait=1`);
    expect([refused.statusCode, refused.json().error.code]).toEqual([429, 'TOO_MANY_OPEN']);
    expect(refused.headers['retry-after']).toBe('5');
    // Without ?wait= nothing is held: always answered.
    expect((await from(latest)).statusCode).toBe(204);
    expect((await held).statusCode).toBe(204);
    expect((await from(`${latest}?wait=1`)).statusCode).toBe(204);
  });
});

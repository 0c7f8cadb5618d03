import type http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_PAYLOADS, type WebhookWithSecretDto } from '../../../shared/webhooks.ts';
import { deliveries, voipNumbers, webhooks } from '../../db/schema.ts';
import { startFakeProvider, type FakeProvider } from '../../test/fake-provider.ts';
import { createTestApp, signIn, type TestApp, pollNow as pollNowIn } from '../../test/app.ts';
import { only, signInAdmin } from '../../test/admin.ts';
import type { FetchOutcome } from '../../providers/safe-fetch.ts';
import { testLogger } from '../../test/logger.ts';
import { pollerRepository } from '../../poller/poller.repository.ts';
import { createDeliveryWorker } from './delivery-worker.ts';
import { verifyWebhook } from './signing.ts';
import { webhooksRepository } from './webhooks.repository.ts';

/*
 * Webhooks: endpoints of a user, deliveries made in the transaction that stores the messages,
 * signed as Standard Webhooks do, retried with backoff, logged, given up and disabled after a day.
 */

const PROVIDER = 'sms-hooks.test';
const RECEIVER = 'hooks-receiver.test';
const INTERNAL = 'internal-hooks.test'; // resolves to a private address: the guard refuses it
const FLAKY = 'flaky-receiver.test'; // another receiver host: 503 until `flakyUp`
let flakyUp = false;
const broken = new Set<string>();
const inbox = new Map<string, { id: string; from: string; content: string }[]>();
type Received = { headers: http.IncomingHttpHeaders; body: string; path: string };
const received: Received[] = [];
/** What the receiver answers next (then 200). */
let answers: { status: number; headers?: Record<string, string>; body?: string }[] = [];
let provider: FakeProvider;
let receiver: FakeProvider;
let flaky: FakeProvider;
let t: TestApp;
let alice: { cookie: string; user: { id: string } };
let bob: { cookie: string; user: { id: string } };

beforeAll(async () => {
  provider = await startFakeProvider((req, res) => {
    const phone = /\/p\/(\d{10})/.exec(req.url ?? '')?.[1] ?? '';
    if (broken.has(phone)) {
      res.writeHead(500);
      res.end('down');
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(inbox.get(phone) ?? []));
  });
  receiver = await startFakeProvider((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body, path: req.url ?? '' });
      const a = req.url?.startsWith('/always-500')
        ? { status: 500 }
        : (answers.shift() ?? { status: 200, body: 'ok' });
      res.writeHead(a.status, a.headers ?? {});
      res.end(a.body ?? '');
    });
  });
  flaky = await startFakeProvider((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(flakyUp ? 200 : 503);
      res.end(flakyUp ? 'ok' : 'overloaded');
    });
  });
  t = await createTestApp({
    env: {
      PROVIDER_ALLOWLIST: `${PROVIDER}:${provider.port},${RECEIVER}:${receiver.port},${FLAKY}:${flaky.port}`,
    },
    provider: {
      lookup: async (host) => [
        { address: host === INTERNAL ? '10.20.30.40' : '127.0.0.1', family: 4 },
      ],
    },
    poller: { idleMs: 20 },
    webhooks: { idleMs: 60_000 },
  });
  alice = await signIn(t, 'alice-hooks@example.com');
  bob = await signIn(t, 'bob-hooks@example.com');
});
afterAll(async () => {
  await t.close();
  await provider.close();
  await receiver.close();
  await flaky.close();
});
beforeEach(() => {
  received.length = 0;
  answers = [];
});
afterEach(async () => {
  // Every event sent keeps to its published payload (WEBHOOK_PAYLOADS, the OpenAPI callbacks).
  for (const r of received) {
    const body = JSON.parse(r.body) as { type: keyof typeof WEBHOOK_PAYLOADS };
    expect(WEBHOOK_PAYLOADS[body.type].safeParse(body).error, r.body).toBeUndefined();
  }
  // Each test's endpoints only: the next test's messages reach none of them.
  await t.database.db.delete(webhooks);
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (who: { cookie: string }, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
const hookUrl = (path = '/hook') => `http://${RECEIVER}:${receiver.port}${path}`;

async function createHook(body: object = {}, who = alice): Promise<WebhookWithSecretDto> {
  const res = await call(who, 'POST', '/v1/webhooks', {
    url: hookUrl(),
    events: ['code.received'],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
let phoneSeq = 5085550000;
async function addNumber(who = alice, extra: object = {}) {
  const phone = String(++phoneSeq);
  const res = await call(who, 'POST', '/v1/numbers', {
    phoneNumber: phone,
    apiLink: `http://${PROVIDER}:${provider.port}/p/${phone}?k=s`,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as string, phone };
}
/** A number of Bob's ending in `days` (no webhook of Alice's may hear of it). */
async function bobNumberWith(days: number) {
  const n = await addNumber(bob);
  await t.database.db
    .update(voipNumbers)
    .set({ endDate: new Date(t.clock.now().getTime() + days * 86_400_000) })
    .where(eq(voipNumbers.id, n.id));
}
/** Failures kept: a number's consecutive failures make `number.failing`. */
const pollNow = (...ids: string[]) => pollNowIn(t, ids, { keepFailures: true });
/** A number polled once (its backlog stored), then given `messages` on its next poll. */
async function deliverMessages(n: { id: string; phone: string }, messages: string[]) {
  await pollNow(n.id);
  inbox.set(
    n.phone,
    messages.map((content) => ({ id: `${n.phone}-${content}`, from: 'Shop', content })),
  );
  await pollNow(n.id);
}
const rowsOf = (webhookId: string) =>
  t.database.db.select().from(deliveries).where(eq(deliveries.webhookId, webhookId));
const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

describe('the contract', () => {
  it('publishes each event’s payload as a callback of POST /v1/webhooks', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const callbacks = doc.paths['/v1/webhooks'].post.callbacks;
    expect(Object.keys(callbacks).sort()).toEqual(Object.keys(WEBHOOK_PAYLOADS).sort());
    const code = callbacks['code.received']['{$request.body#/url}'].post;
    const schema = code.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(['type', 'timestamp', 'data']);
    expect(schema.properties.data.required).toContain('code');
    expect(Object.keys(code.responses)).toEqual(['2XX']);
  });
});

describe('webhook endpoints', () => {
  it('are created with a secret shown once, listed, changed and deleted by their owner only', async () => {
    const made = await createHook({ events: ['code.received', 'message.received'] });
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(made).toMatchObject({ url: hookUrl(), enabled: true, numberIds: [], tagIds: [] });
    const list = await call(alice, 'GET', '/v1/webhooks');
    expect(list.body).not.toContain(made.secret);
    expect(list.json().items.map((w: { id: string }) => w.id)).toContain(made.id);
    const [row] = await t.database.db.select().from(webhooks).where(eq(webhooks.id, made.id));
    expect(row!.secretEnc).not.toContain(made.secret.slice(6));

    const patched = await call(alice, 'PATCH', `/v1/webhooks/${made.id}`, { enabled: false });
    expect(patched.json().enabled).toBe(false);
    for (const [method, url] of [
      ['GET', `/v1/webhooks/${made.id}`],
      ['PATCH', `/v1/webhooks/${made.id}`],
      ['DELETE', `/v1/webhooks/${made.id}`],
      ['POST', `/v1/webhooks/${made.id}/test`],
      ['POST', `/v1/webhooks/${made.id}/rotate-secret`],
      ['GET', `/v1/webhooks/${made.id}/deliveries`],
    ] as const) {
      const res = await call(bob, method, url, method === 'PATCH' ? { enabled: true } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.code).toBe('WEBHOOK_NOT_FOUND');
    }
    expect((await call(alice, 'DELETE', `/v1/webhooks/${made.id}`)).statusCode).toBe(204);
    expect((await call(alice, 'GET', `/v1/webhooks/${made.id}`)).statusCode).toBe(404);
  });

  it('refuse bad input with the field named', async () => {
    const bobs = await addNumber(bob);
    for (const [body, field] of [
      [{ url: 'ftp://x.example/hook', events: ['code.received'] }, 'url'],
      [{ url: hookUrl(), events: [] }, 'events'],
      [{ url: hookUrl(), events: ['sms.sent'] }, 'events.0'],
      [{ url: hookUrl(), events: ['code.received'], numberIds: [bobs.id] }, 'numberIds'],
      [{ url: hookUrl(), events: ['code.received'], tagIds: [crypto.randomUUID()] }, 'tagIds'],
    ] as const) {
      const res = await call(alice, 'POST', '/v1/webhooks', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().error.fields)).toContain(field);
    }
  });
});

describe('deliveries', () => {
  it('POST code.received with the code already extracted, signed, made in the poll’s transaction', async () => {
    const hook = await createHook();
    const n = await addNumber();
    inbox.set(n.phone, [{ id: 'old', from: 'Shop', content: 'Old code 101010' }]);
    await pollNow(n.id); // the backlog: no delivery
    expect(await rowsOf(hook.id)).toHaveLength(0);
    inbox.set(n.phone, [
      { id: 'old', from: 'Shop', content: 'Old code 101010' },
      { id: 'new', from: 'Shop', content: 'Your Shop code is 482913' },
      { id: 'plain', from: 'Shop', content: 'Thanks for joining' },
    ]);
    await pollNow(n.id);
    // Stored with the messages, before any attempt.
    const [pending] = await rowsOf(hook.id);
    expect(pending).toMatchObject({ event: 'code.received', status: 'pending', attempts: 0 });

    await t.app.deliveries.drain();
    expect(received).toHaveLength(1);
    const got = received[0]!;
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['webhook-id']).toBe(pending!.id);
    expect(verifyWebhook(hook.secret, got.headers, got.body, nowSeconds())).toBe(true);
    expect(verifyWebhook(hook.secret, got.headers, got.body + ' ', nowSeconds())).toBe(false);
    const payload = JSON.parse(got.body);
    expect(payload).toEqual({
      type: 'code.received',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: {
        numberId: n.id,
        phoneNumber: n.phone,
        messageId: expect.any(String),
        code: '482913',
        content: 'Your Shop code is 482913',
        sender: 'Shop',
        receivedAt: expect.stringMatching(/Z$/),
      },
    });
    const log = (await call(alice, 'GET', `/v1/webhooks/${hook.id}/deliveries`)).json();
    expect(log.items[0]).toMatchObject({
      id: pending!.id,
      event: 'code.received',
      status: 'delivered',
      attempts: 1,
      responseStatus: 200,
      responseExcerpt: 'ok',
      error: null,
      nextAttemptAt: null,
    });
    expect(log.items[0].latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('of new messages are sent as soon as the poller stores them, not at the worker’s next tick', async () => {
    await createHook();
    const n = await addNumber();
    // Running, with a minute between idle claims (this file's tuning): only the poller's word
    // that it stored messages can make it claim within the wait below.
    t.app.deliveries.start();
    try {
      await expect.poll(() => t.app.deliveries.idle()).toBe(true);
      await deliverMessages(n, ['Code 777111']);
      await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
      expect(JSON.parse(received[0]!.body).data.code).toBe('777111');
    } finally {
      await t.app.deliveries.stop();
    }
  });

  it('follow the events and the number and tag filters', async () => {
    const tag = (await call(alice, 'POST', '/v1/tags', { name: 'Signups' })).json();
    const tagged = await addNumber(alice, { tagIds: [tag.id] });
    const other = await addNumber();
    const all = await createHook({
      events: ['message.received'],
      numberIds: [tagged.id, other.id],
    });
    const byTag = await createHook({ tagIds: [tag.id] });
    await deliverMessages(tagged, ['Code 111222', 'Your confirmation is ready']);
    await deliverMessages(other, ['Code 333444']);
    expect((await rowsOf(all.id)).map((d) => d.event)).toEqual(Array(3).fill('message.received'));
    const tagRows = await rowsOf(byTag.id);
    expect(tagRows.map((d) => JSON.parse(d.body).data.code)).toEqual(['111222']);
    await t.app.deliveries.drain();
    await call(alice, 'DELETE', `/v1/webhooks/${all.id}`);
    await call(alice, 'DELETE', `/v1/webhooks/${byTag.id}`);
  });

  it('tell when a number’s link has failed 3 polls in a row, once, and when it is read again', async () => {
    const hook = await createHook({ events: ['number.failing', 'number.recovered'] });
    const n = await addNumber();
    await pollNow(n.id);
    broken.add(n.phone);
    for (let i = 0; i < 5; i++) await pollNow(n.id);
    broken.delete(n.phone);
    await pollNow(n.id);
    await pollNow(n.id);
    const rows = (await rowsOf(hook.id)).sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
    );
    expect(rows.map((d) => d.event)).toEqual(['number.failing', 'number.recovered']);
    expect(JSON.parse(rows[0]!.body).data).toEqual({
      numberId: n.id,
      phoneNumber: n.phone,
      error: 'HTTP error! status: 500',
      failures: 3,
    });
    expect(JSON.parse(rows[1]!.body).data).toMatchObject({ error: null, failures: 0 });
  });

  it('tell when a number’s provider host is paused (each number once), and when it is read again', async () => {
    const [a, b] = [await addNumber(), await addNumber()];
    const hook = await createHook({
      events: ['number.failing', 'number.recovered'],
      numberIds: [a.id, b.id],
    });
    await pollNow(a.id, b.id); // read fine: not failing
    const repo = pollerRepository(t.database.db);
    const host = `${PROVIDER}:${provider.port}`;
    const now = t.clock.now().getTime();
    // The poller pauses the host (its breaker), then again after a failed probe.
    await repo.deferHost(host, new Date(now + 30_000), 'Host down', [], t.clock.now());
    await repo.deferHost(host, new Date(now + 90_000), 'Host down', [], t.clock.now());
    const failing = (await rowsOf(hook.id)).map((d) => JSON.parse(d.body));
    expect(failing.map((p) => [p.type, p.data.numberId, p.data.failures]).sort()).toEqual(
      [
        ['number.failing', a.id, 0],
        ['number.failing', b.id, 0],
      ].sort(),
    );
    expect(failing[0].data.error).toBe('Host down');
    // The host answers again: each number recovers at its next poll.
    await pollNow(a.id, b.id);
    const events = (await rowsOf(hook.id)).map((d) => d.event).sort();
    expect(events).toEqual([
      'number.failing',
      'number.failing',
      'number.recovered',
      'number.recovered',
    ]);
    await t.app.deliveries.drain();
  });

  it('retry a failed attempt within 10 s with the same webhook-id, then back off, honouring Retry-After', async () => {
    const hook = await createHook();
    const n = await addNumber();
    answers = [
      { status: 500, body: 'x'.repeat(2000) },
      { status: 503, headers: { 'retry-after': '600' }, body: 'busy' },
    ];
    await deliverMessages(n, ['Code 555666']);
    await t.app.deliveries.drain();
    let [d] = await rowsOf(hook.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500 });
    expect(d!.responseExcerpt).toHaveLength(512);
    const firstWait = d!.nextAttemptAt.getTime() - t.clock.now().getTime();
    expect(firstWait).toBeGreaterThan(0);
    expect(firstWait).toBeLessThanOrEqual(10_000);

    t.clock.advance(firstWait);
    await t.app.deliveries.drain();
    [d] = await rowsOf(hook.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 2, responseStatus: 503 });
    expect(d!.nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(600_000);

    t.clock.advance(600_000);
    await t.app.deliveries.drain();
    [d] = await rowsOf(hook.id);
    expect(d).toMatchObject({ status: 'delivered', attempts: 3, responseStatus: 200 });
    expect(new Set(received.map((r) => r.headers['webhook-id']))).toEqual(new Set([d!.id]));
    for (const r of received) {
      const sentAt = Number(r.headers['webhook-timestamp']);
      expect(verifyWebhook(hook.secret, r.headers, r.body, sentAt)).toBe(true);
    }
    // Each attempt is stamped with its own time.
    expect(received.map((r) => Number(r.headers['webhook-timestamp']))).toEqual([
      ...new Set(received.map((r) => Number(r.headers['webhook-timestamp']))),
    ]);
  });

  it('never follow a redirect, nor reach a private address', async () => {
    const redirected = await createHook();
    const internal = await createHook({ url: `http://${INTERNAL}/hook` });
    answers = [{ status: 302, headers: { location: `http://127.0.0.1:${receiver.port}/else` } }];
    const n = await addNumber();
    await deliverMessages(n, ['Code 777888']);
    await t.app.deliveries.drain();
    expect(received.map((r) => r.path)).toEqual(['/hook']); // the redirect was not followed
    const [r] = await rowsOf(redirected.id);
    expect(r).toMatchObject({ status: 'pending', error: 'Too many redirects' });
    const [i] = await rowsOf(internal.id);
    expect(i!.error).toMatch(/^Blocked address/);
    await call(alice, 'DELETE', `/v1/webhooks/${redirected.id}`);
    await call(alice, 'DELETE', `/v1/webhooks/${internal.id}`);
  });

  it('give up after 24 hours, and turn off an endpoint failing that long, emailing its owner', async () => {
    const hook = await createHook({ url: hookUrl('/always-500') });
    const n = await addNumber();
    await deliverMessages(n, ['Code 909090']);
    const start = t.clock.now().getTime();
    for (let i = 0; i < 40; i++) {
      await t.app.deliveries.drain();
      const [d] = await rowsOf(hook.id);
      if (d!.status !== 'pending') break;
      t.clock.set(d!.nextAttemptAt);
    }
    const [d] = await rowsOf(hook.id);
    expect(d!.status).toBe('failed');
    expect(d!.lastAttemptAt!.getTime() - start).toBeLessThanOrEqual(24 * 3_600_000);
    expect((await call(alice, 'GET', `/v1/webhooks/${hook.id}`)).json().enabled).toBe(true);
    // Still failing a day after its first failure: the next failed attempt turns it off.
    t.clock.set(new Date(start + 24 * 3_600_000));
    await deliverMessages(n, ['Code 565656']);
    await t.app.deliveries.drain();
    const w = (await call(alice, 'GET', `/v1/webhooks/${hook.id}`)).json();
    expect(w).toMatchObject({ enabled: false, disabledReason: 'Deliveries failed for 24 hours' });
    // Kept as a catalogue message: each reader gets the reason in their language.
    const ru = await t.app.inject({
      url: `/v1/webhooks/${hook.id}`,
      headers: { cookie: alice.cookie, 'accept-language': 'ru' },
    });
    expect(ru.json().disabledReason).toBe('Доставка не удавалась 24 часа');
    const listed = (
      await t.app.inject({
        url: '/v1/webhooks',
        headers: { cookie: alice.cookie, 'accept-language': 'zh-CN' },
      })
    ).json().items as { id: string; disabledReason: string }[];
    expect(listed.find((x) => x.id === hook.id)!.disabledReason).toBe('连续 24 小时发送失败');
    const mail = t.mailer.outbox!('alice-hooks@example.com')[0]!;
    expect(mail.subject).toBe('A webhook was turned off');
    expect(mail.text).toContain(hookUrl('/always-500'));
    // Off: new messages make no deliveries; on again, they do.
    await deliverMessages(n, ['Code 121212']);
    expect(await rowsOf(hook.id)).toHaveLength(2);
    const on = await call(alice, 'PATCH', `/v1/webhooks/${hook.id}`, {
      enabled: true,
      url: hookUrl(),
    });
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    answers = [];
    await deliverMessages(n, ['Code 343434']);
    expect(await rowsOf(hook.id)).toHaveLength(3);
    await t.app.deliveries.drain();
    await call(alice, 'DELETE', `/v1/webhooks/${hook.id}`);
  });

  it('sign with the old secret too for a day after a rotation; test events and redelivery go through the log', async () => {
    const hook = await createHook();
    const rotated = (await call(alice, 'POST', `/v1/webhooks/${hook.id}/rotate-secret`)).json();
    expect(rotated.secret).not.toBe(hook.secret);
    const test = await call(alice, 'POST', `/v1/webhooks/${hook.id}/test`);
    expect(test.statusCode).toBe(202);
    await t.app.deliveries.drain();
    const got = received[0]!;
    expect(JSON.parse(got.body)).toMatchObject({ type: 'webhook.test', data: { test: true } });
    expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifyWebhook(rotated.secret, got.headers, got.body, nowSeconds())).toBe(true);
    expect(verifyWebhook(hook.secret, got.headers, got.body, nowSeconds())).toBe(true);

    // Redelivered: the same id and body again.
    const id = test.json().id;
    const again = await call(alice, 'POST', `/v1/webhooks/${hook.id}/deliveries/${id}/redeliver`);
    expect(again.statusCode).toBe(202);
    t.clock.advance(25 * 3_600_000); // past the overlap: the new secret alone signs
    await t.app.deliveries.drain();
    expect(received).toHaveLength(2);
    expect(received[1]!.headers['webhook-id']).toBe(id);
    expect(received[1]!.body).toBe(got.body);
    expect(String(received[1]!.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(
      verifyWebhook(rotated.secret, received[1]!.headers, received[1]!.body, nowSeconds()),
    ).toBe(true);
    const missing = await call(
      alice,
      'POST',
      `/v1/webhooks/${hook.id}/deliveries/${crypto.randomUUID()}/redeliver`,
    );
    expect(missing.json().error.code).toBe('DELIVERY_NOT_FOUND');
    await call(alice, 'DELETE', `/v1/webhooks/${hook.id}`);
  });
});

describe('an endpoint with several due deliveries', () => {
  /** A worker of its own: what it sends and answers, and how many deliveries each claim brought. */
  function batchWorker(answer: (i: number) => FetchOutcome | Promise<FetchOutcome>, options = {}) {
    const repo = webhooksRepository(t.database.db);
    const claims: number[] = [];
    const sent: string[] = [];
    const logger = testLogger();
    const worker = createDeliveryWorker({
      repo: {
        ...repo,
        claim: async (...args: Parameters<typeof repo.claim>) => {
          const got = await repo.claim(...args);
          if (got.length) claims.push(got.reduce((n, e) => n + e.deliveries.length, 0));
          return got;
        },
      },
      send: (_e, d) => {
        sent.push(d.id);
        return Promise.resolve(answer(sent.length));
      },
      decrypt: () => 'whsec_' + Buffer.alloc(24, 7).toString('base64'),
      now: t.clock.now,
      log: logger.log,
      mailer: t.mailer,
      publicUrl: 'http://localhost:3000',
      options,
    });
    return { worker, claims, sent, logger };
  }
  const ok: FetchOutcome = {
    ok: true,
    status: 204,
    body: '',
    contentType: undefined,
    finalUrl: '',
  };
  const down: FetchOutcome = { ok: false, kind: 'http', status: 500, error: 'HTTP 500' };
  /**
   * `n` test events made a millisecond apart (due at once): their ids, oldest first. `newestFirst`
   * inserts them in the reverse order of their times.
   */
  async function queue(hookId: string, n: number, newestFirst = false) {
    const start = t.clock.now().getTime();
    t.clock.advance(n);
    const ids: string[] = [];
    for (let k = 0; k < n; k++) {
      const at = new Date(start + (newestFirst ? n - 1 - k : k));
      const [made] = await t.database.db
        .insert(deliveries)
        .values({
          webhookId: hookId,
          event: 'webhook.test',
          body: JSON.stringify({
            type: 'webhook.test',
            timestamp: at.toISOString(),
            data: { test: true, webhookId: hookId },
          }),
          createdAt: at,
          nextAttemptAt: at,
        })
        .returning({ id: deliveries.id });
      ids.push(made!.id);
    }
    return newestFirst ? ids.reverse() : ids;
  }
  const byId = async (hookId: string) => new Map((await rowsOf(hookId)).map((d) => [d.id, d]));
  /** Each delivery's status and attempts, in the order of `ids`. */
  const states = async (hookId: string, ids: string[]) => {
    const rows = await byId(hookId);
    return ids.map((id) => [rows.get(id)!.status, rows.get(id)!.attempts]);
  };

  it('sends them in order under one claim; the first failure ends the batch, the rest unspent', async () => {
    const hook = await createHook();
    const ids = await queue(hook.id, 4);
    const { worker, claims, sent } = batchWorker((i) => (i === 3 ? down : ok));
    await worker.drain();
    // One claim brought all four: the third failed, so the fourth went back unspent; the next
    // claim of the endpoint, failing now, brought one (its probe).
    expect(sent).toEqual(ids);
    expect(claims).toEqual([4, 1]);
    expect(await states(hook.id, ids)).toEqual([
      ['delivered', 1],
      ['delivered', 1],
      ['pending', 1],
      ['delivered', 1],
    ]);
    // A success after the failure: the endpoint is not failing.
    const [endpoint] = await t.database.db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(endpoint).toMatchObject({ failingSince: null, leaseUntil: null });

    // Failing for two days, then a success and a failure in one batch: failing since that
    // failure (not two days, which would turn the endpoint off).
    const longAgo = new Date(t.clock.now().getTime() - 2 * 86_400_000);
    await t.database.db
      .update(webhooks)
      .set({ failingSince: longAgo })
      .where(eq(webhooks.id, hook.id));
    await queue(hook.id, 2);
    const again = batchWorker((i) => (i === 2 ? down : ok));
    await again.worker.drain();
    // Failing, it is claimed one delivery at a time: the success cleared it, then the failure.
    expect(again.claims).toEqual([1, 1]);
    const [after] = await t.database.db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(after!.enabled).toBe(true);
    expect(after!.failingSince!.getTime()).toBeGreaterThan(longAgo.getTime() + 86_400_000);
  });

  it('starts no attempt once the batch’s time is up, nor once the worker stops', async () => {
    const hook = await createHook();
    const ids = await queue(hook.id, 3);
    const slow = batchWorker(
      () => {
        t.clock.advance(3_000);
        return ok;
      },
      { batchMs: 5_000 },
    );
    await slow.worker.drain();
    // 0 s and 3 s started; at 6 s the batch's 5 s were up: the third went back, then alone.
    expect(slow.sent).toEqual(ids);
    expect(slow.claims).toEqual([3, 1]);
    expect([...(await byId(hook.id)).values()].map((d) => d.attempts)).toEqual([1, 1, 1]);

    const more = await queue(hook.id, 3);
    let started!: () => void;
    const firstStarted = new Promise<void>((r) => (started = r));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // The first attempt is held until the worker is told to stop.
    const stopping = batchWorker(
      (i) => {
        if (i > 1) return ok;
        started();
        return held.then(() => ok);
      },
      { idleMs: 60_000 },
    );
    stopping.worker.start();
    await firstStarted;
    const stopped = stopping.worker.stop();
    release();
    await stopped;
    expect(stopping.sent).toEqual(more.slice(0, 1));
    expect(await states(hook.id, more)).toEqual([
      ['delivered', 1],
      ['pending', 0],
      ['pending', 0],
    ]);
  });

  it('come oldest first whatever order they were written in, `perEndpoint` at a time', async () => {
    const hook = await createHook();
    const ids = await queue(hook.id, 3, true);
    const { worker, claims, sent } = batchWorker(() => ok, { perEndpoint: 2 });
    await worker.drain();
    expect(sent).toEqual(ids);
    expect(claims).toEqual([2, 1]);
  });

  it('a fault of ours mid-batch is a failed attempt, logged; what was sent is recorded', async () => {
    const hook = await createHook();
    const ids = await queue(hook.id, 3);
    const { worker, claims, logger } = batchWorker((i) => {
      if (i === 2) throw new Error('boom');
      return ok;
    });
    logger.allowErrorLogs(/a delivery attempt failed/);
    await worker.drain();
    expect(claims).toEqual([3, 1]);
    expect(await states(hook.id, ids)).toEqual([
      ['delivered', 1],
      ['pending', 1],
      ['delivered', 1],
    ]);
    expect((await byId(hook.id)).get(ids[1]!)!.error).toBe('Internal error');
    expect(logger.messages('error')).toEqual(['a delivery attempt failed']);
  });
});

describe('a receiver host that is down', () => {
  it('is paused as a whole after 5 failures in a row: its deliveries wait unspent, others go, one probe resumes it', async () => {
    const flakyUrl = (i: number) => `http://${FLAKY}:${flaky.port}/hook-${i}`;
    const down: WebhookWithSecretDto[] = [];
    for (let i = 0; i < 5; i++) down.push(await createHook({ url: flakyUrl(i) }));
    const up = await createHook();
    const sendTests = async (hooks: { id: string }[]) => {
      for (const h of hooks)
        expect((await call(alice, 'POST', `/v1/webhooks/${h.id}/test`)).statusCode).toBe(202);
    };
    const attemptsOf = async () =>
      (await Promise.all(down.map((h) => rowsOf(h.id)))).map((r) => r[0]!.attempts);
    const flakyRequests = () => flaky.requests.length;
    const before = flakyRequests();

    await sendTests([...down, up]);
    await t.app.deliveries.drain();
    // Five 503s: the fifth in a row paused the host.
    expect(flakyRequests() - before).toBe(5);
    expect(await attemptsOf()).toEqual([1, 1, 1, 1, 1]);
    expect((await rowsOf(up.id))[0]!.status).toBe('delivered');

    // Their retries fall due within the pause: none is attempted, none spends an attempt, while
    // another host's deliveries go through.
    t.clock.advance(10_000);
    await sendTests([up]);
    await t.app.deliveries.drain();
    expect(flakyRequests() - before).toBe(5);
    expect(await attemptsOf()).toEqual([1, 1, 1, 1, 1]);
    expect((await rowsOf(up.id)).map((d) => d.status)).toEqual(['delivered', 'delivered']);

    // The pause over, one probe goes alone; its answer resumes the host, and the rest follow.
    t.clock.advance(25_000);
    flakyUp = true;
    await t.app.deliveries.drain();
    expect(flakyRequests() - before).toBe(10);
    expect(await attemptsOf()).toEqual([2, 2, 2, 2, 2]);
    for (const h of down) expect((await rowsOf(h.id))[0]!.status).toBe('delivered');
    flakyUp = false;
  });
});

describe('a receiver host that hangs', () => {
  it('holds at most its share of the worker’s slots, however many endpoints it serves; others go meanwhile', async () => {
    const hung: WebhookWithSecretDto[] = [];
    for (let i = 0; i < 8; i++)
      hung.push(await createHook({ url: `http://hung-receiver.test/hook-${i}` }));
    const fine: WebhookWithSecretDto[] = [];
    for (let i = 0; i < 3; i++) fine.push(await createHook({ url: `http://fine-${i}.test/hook` }));
    for (const h of [...hung, ...fine])
      expect((await call(alice, 'POST', `/v1/webhooks/${h.id}/test`)).statusCode).toBe(202);
    const waiting: (() => void)[] = [];
    let hanging = true;
    const timedOut: FetchOutcome = { ok: false, kind: 'timeout', error: 'Timed out' };
    const sentTo: string[] = [];
    const logger = testLogger();
    // Eight slots, four per host: without a per-host limit the hung host's eight endpoints would
    // take them all.
    const worker = createDeliveryWorker({
      repo: webhooksRepository(t.database.db),
      send: ({ url }) => {
        sentTo.push(new URL(url).host);
        if (!url.includes('hung-receiver')) {
          return Promise.resolve({
            ok: true,
            status: 204,
            body: '',
            contentType: undefined,
            finalUrl: url,
          });
        }
        return hanging
          ? new Promise<FetchOutcome>((resolve) => waiting.push(() => resolve(timedOut)))
          : Promise.resolve(timedOut);
      },
      decrypt: () => 'whsec_' + Buffer.alloc(24, 7).toString('base64'),
      now: t.clock.now,
      log: logger.log,
      mailer: t.mailer,
      publicUrl: 'http://localhost:3000',
      options: { concurrency: 8, hostConcurrency: 4, idleMs: 5 },
    });
    worker.start();
    try {
      await expect
        .poll(
          async () =>
            (await Promise.all(fine.map((h) => rowsOf(h.id)))).flat().map((d) => d.status),
          {
            timeout: 10_000,
          },
        )
        .toEqual(['delivered', 'delivered', 'delivered']);
      expect(sentTo.filter((h) => h === 'hung-receiver.test')).toHaveLength(4);
    } finally {
      hanging = false;
      waiting.forEach((answer) => answer());
      await worker.stop();
    }
  });
});

describe('the delivery log', () => {
  it('keeps finished deliveries for the admin’s retention days; pending ones stay until sent', async () => {
    const hook = await createHook();
    const now = t.clock.now().getTime();
    const made = (status: 'pending' | 'delivered' | 'failed', days: number, event: string) => ({
      webhookId: hook.id,
      event,
      body: '{}',
      status,
      createdAt: new Date(now - days * 86_400_000 - 1),
      nextAttemptAt: new Date(now + 60_000),
    });
    await t.database.db
      .insert(deliveries)
      .values([
        made('delivered', 31, 'old-delivered'),
        made('failed', 31, 'old-failed'),
        made('pending', 31, 'old-pending'),
        made('delivered', 29, 'recent'),
        made('failed', 6, 'last-week'),
      ]);
    const events = async () => (await rowsOf(hook.id)).map((d) => d.event).sort();

    // The default: 30 days.
    expect(await t.app.webhookLogRetention.runOnce()).toEqual({ deliveries: 2, expiryMarks: 0 });
    expect(await events()).toEqual(['last-week', 'old-pending', 'recent']);

    const admin = await signInAdmin(t, { role: 'editor', permissions: only('settings') });
    const put = (value: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/v1/admin/settings/webhook_log_retention_days',
        payload: { value },
        headers: { cookie: admin.cookie },
      });
    const bad = await put(0);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('webhook_log_retention_days must be at least 1');
    expect((await put(7)).statusCode).toBe(200);
    expect(await t.app.webhookLogRetention.runOnce()).toEqual({ deliveries: 1, expiryMarks: 0 });
    expect(await events()).toEqual(['last-week', 'old-pending']);
    expect((await put(30)).statusCode).toBe(200);
  });
});

// Last: it moves the clock a month on (sessions end).
describe('number.expiring', () => {
  it('takes 1 to 60 days', async () => {
    for (const expiringDays of [0, 61, 2.5, '3']) {
      const res = await call(alice, 'POST', '/v1/webhooks', {
        url: hookUrl(),
        events: ['number.expiring'],
        expiringDays,
      });
      expect(res.statusCode, String(expiringDays)).toBe(400);
      expect(res.json().error.fields.expiringDays).toHaveLength(1);
    }
    const hook = await createHook({ events: ['number.expiring'] });
    expect(hook.expiringDays).toBe(3);
    const patched = await call(alice, 'PATCH', `/v1/webhooks/${hook.id}`, { expiringDays: 14 });
    expect(patched.json().expiringDays).toBe(14);
  });
  it('is sent once per number and end date, N days before it, for active numbers the filters keep; a renewal re-arms it', async () => {
    const hook = await createHook({ events: ['number.expiring'], expiringDays: 3 });
    expect(hook.expiringDays).toBe(3);
    const other = await createHook({ events: ['code.received'] });
    const now = t.clock.now().getTime();
    const DAY = 86_400_000;
    const numberWith = async (endInDays: number, extra: object = {}) => {
      const n = await addNumber();
      await t.database.db
        .update(voipNumbers)
        .set({ endDate: new Date(now + endInDays * DAY), ...extra })
        .where(eq(voipNumbers.id, n.id));
      return n;
    };
    const soon = await numberWith(2.5);
    const later = await numberWith(5);
    await numberWith(-1); // already over
    await numberWith(1, { isActive: false });
    await bobNumberWith(1);
    const bodies = async () =>
      (await rowsOf(hook.id))
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .map((d) => JSON.parse(d.body));

    // Two runs at once (as two workers would): one event.
    const runs = await Promise.all([
      t.app.webhookExpiryEvents.runOnce(),
      webhooksRepository(t.database.db).queueExpiring(t.clock.now(), 100),
    ]);
    expect(runs[0].queued + runs[1]).toBe(1);
    expect(await bodies()).toEqual([
      {
        type: 'number.expiring',
        timestamp: new Date(now).toISOString(),
        data: {
          numberId: soon.id,
          phoneNumber: soon.phone,
          endDate: new Date(now + 2.5 * DAY).toISOString(),
          daysLeft: 3,
        },
      },
    ]);
    expect(await rowsOf(other.id)).toHaveLength(0);
    // Sent like any delivery, signed.
    await t.app.deliveries.drain();
    expect(received.map((r) => JSON.parse(r.body).type)).toEqual(['number.expiring']);

    // Again: nothing new. Two days on, the other number is within 3 days.
    expect(await t.app.webhookExpiryEvents.runOnce()).toEqual({ queued: 0 });
    t.clock.advance(2 * DAY);
    expect(await t.app.webhookExpiryEvents.runOnce()).toEqual({ queued: 1 });
    expect((await bodies())[1].data).toMatchObject({ numberId: later.id, daysLeft: 3 });

    // Renewed a month: the event comes again, 3 days before the new end date.
    await t.database.db
      .update(voipNumbers)
      .set({ endDate: new Date(now + 32.5 * DAY) })
      .where(eq(voipNumbers.id, soon.id));
    expect(await t.app.webhookExpiryEvents.runOnce()).toEqual({ queued: 0 });
    t.clock.advance(28 * DAY);
    expect(await t.app.webhookExpiryEvents.runOnce()).toEqual({ queued: 1 });
    expect((await bodies())[2].data).toMatchObject({ numberId: soon.id, daysLeft: 3 });
    // The marks of end dates gone by (both first ones) are dropped with the log's retention.
    expect((await t.app.webhookLogRetention.runOnce()).expiryMarks).toBe(2);
    expect(await t.app.webhookExpiryEvents.runOnce()).toEqual({ queued: 0 });
  });
});

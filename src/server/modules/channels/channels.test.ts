import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreatedChannelDto } from '../../../shared/channels.ts';
import {
  adminAuditLog,
  deliveries,
  telegramBotState,
  voipNumbers,
  webhooks,
} from '../../db/schema.ts';
import { startFakeProvider, type FakeProvider } from '../../test/fake-provider.ts';
import { createTestApp, signIn, type TestApp, pollNow as pollNowIn } from '../../test/app.ts';
import { only, signInAdmin } from '../../test/admin.ts';
import { testLogger } from '../../test/logger.ts';
import { createSafeFetcher } from '../../providers/safe-fetch.ts';
import { channelsRepository } from './channels.repository.ts';
import { createTelegramBot } from './telegram-bot.ts';
import { GONE_REASON } from '../webhooks/delivery-worker.ts';

/*
 * Notification channels: endpoints beside webhooks (ADR 0017) that get each event as a message
 * formatted for their service, through the same durable deliveries.
 */

/** The push payload encryption of RFC 8291 (web-push's own dependency), to read what was sent. */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(
    body: Buffer,
    params: { version: string; privateKey: crypto.ECDH; authSecret: string },
  ): Buffer;
};

const PROVIDER = 'sms-channels.test';
const RECEIVER = 'chat-services.test'; // the fake ntfy, Discord, Slack and Bot API servers
const DEAD = 'dead-channel.test'; // resolves to 127.0.0.1 on a port nobody listens on
const BOT_TOKEN = '123456:test-token-of-the-site-bot-0123';
const inbox = new Map<string, { id: string; from: string; content: string }[]>();
type Received = { path: string; headers: Record<string, unknown>; json: Record<string, unknown> };
const received: Received[] = [];
/** Telegram updates the fake Bot API holds, and the offsets `getUpdates` was asked for. */
let updates: object[] = [];
const offsets: number[] = [];
/** What the fake push service got (encrypted), and the status it answers. */
const pushed: { path: string; headers: Record<string, unknown>; body: Buffer }[] = [];
let pushAnswer = 201;
let provider: FakeProvider;
let services: FakeProvider;
let deadPort: number;
let t: TestApp;
let alice: { cookie: string; user: { id: string } };
let bob: { cookie: string; user: { id: string } };

beforeAll(async () => {
  provider = await startFakeProvider((req, res) => {
    const phone = /\/p\/(\d{10})/.exec(req.url ?? '')?.[1] ?? '';
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(inbox.get(phone) ?? []));
  });
  services = await startFakeProvider((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      if (path.startsWith('/push/')) {
        pushed.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(pushAnswer);
        return res.end();
      }
      const body = Buffer.concat(chunks).toString();
      const json = body ? (JSON.parse(body) as Record<string, unknown>) : {};
      res.setHeader('content-type', 'application/json');
      if (path === `/bot${BOT_TOKEN}/getMe`)
        return res.end(JSON.stringify({ ok: true, result: { id: 1, username: 'voip_test_bot' } }));
      if (/^\/bot[^/]+\/getMe$/.test(path)) {
        res.writeHead(401);
        return res.end('{"ok":false,"error_code":401,"description":"Unauthorized"}');
      }
      if (path === `/bot${BOT_TOKEN}/getUpdates`) {
        const offset = Number(json.offset);
        offsets.push(offset);
        const due = updates.filter((u) => (u as { update_id: number }).update_id >= offset);
        return res.end(JSON.stringify({ ok: true, result: due }));
      }
      received.push({ path, headers: req.headers, json });
      if (path.endsWith('/sendMessage'))
        return res.end(JSON.stringify({ ok: true, result: { message_id: 1 } }));
      res.writeHead(path.startsWith('/discord') ? 204 : 200);
      res.end(path.startsWith('/slack') ? 'ok' : '');
    });
  });
  const dead = await startFakeProvider(() => undefined);
  deadPort = dead.port;
  await dead.close();
  t = await createTestApp({
    env: {
      PROVIDER_ALLOWLIST: [
        `${PROVIDER}:${provider.port}`,
        `${RECEIVER}:${services.port}`,
        `${DEAD}:${deadPort}`,
      ].join(','),
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_API_URL: `http://${RECEIVER}:${services.port}`,
    },
    provider: { lookup: async () => [{ address: '127.0.0.1', family: 4 }] },
    poller: { idleMs: 20 },
    webhooks: { idleMs: 60_000 },
    channels: { telegramLongPollSeconds: 0 },
  });
  alice = await signIn(t, 'alice-channels@example.com');
  bob = await signIn(t, 'bob-channels@example.com');
});
afterAll(async () => {
  await t.close();
  await provider.close();
  await services.close();
});
beforeEach(() => {
  received.length = 0;
});
afterEach(async () => {
  await t.database.db.delete(webhooks);
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (who: { cookie: string }, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
const serviceUrl = (path: string) => `http://${RECEIVER}:${services.port}${path}`;

async function createChannel(body: object, who = alice): Promise<CreatedChannelDto> {
  const res = await call(who, 'POST', '/v1/notification-channels', {
    events: ['code.received'],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const ntfy = (extra: object = {}) =>
  createChannel({
    type: 'ntfy',
    config: { serverUrl: serviceUrl('/ntfy/'), topic: 'alice-codes', token: 'tk_secret_1' },
    ...extra,
  });
let phoneSeq = 6085550000;
async function addNumber(who = alice) {
  const phone = String(++phoneSeq);
  const res = await call(who, 'POST', '/v1/numbers', {
    phoneNumber: phone,
    apiLink: `http://${PROVIDER}:${provider.port}/p/${phone}?k=s`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as string, phone };
}
const pollNow = (...ids: string[]) => pollNowIn(t, ids, { keepFailures: true });
/** A number polled once (its backlog stored), then given `messages` on its next poll. */
async function deliverMessages(n: { id: string; phone: string }, messages: string[]) {
  await pollNow(n.id);
  inbox.set(
    n.phone,
    messages.map((content, i) => ({ id: `${n.phone}-${i}`, from: 'Shop', content })),
  );
  await pollNow(n.id);
}
const rowsOf = (id: string) =>
  t.database.db.select().from(deliveries).where(eq(deliveries.webhookId, id));
const sentTo = (prefix: string) => received.filter((r) => r.path.startsWith(prefix));

/** A browser's subscription: its key pair and auth secret, as PushSubscription.toJSON() gives. */
function browserSubscription(path: string) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    ecdh,
    auth: auth.toString('base64url'),
    json: {
      endpoint: serviceUrl(path),
      expirationTime: null,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: auth.toString('base64url'),
      },
    },
  };
}
const decrypt = (body: Buffer, sub: ReturnType<typeof browserSubscription>) =>
  JSON.parse(
    ece
      .decrypt(body, { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: sub.auth })
      .toString(),
  ) as Record<string, unknown>;

describe('notification channels', () => {
  it('are created per type, show no secret, and are their owner’s only', async () => {
    const email = await createChannel({ type: 'email' });
    expect(email).toMatchObject({
      type: 'email',
      config: { email: 'alice-channels@example.com' },
      events: ['code.received'],
      enabled: true,
      quietHours: null,
    });
    const n = await ntfy({
      quietHours: { start: '22:00', end: '07:00', timeZone: 'Europe/Berlin' },
    });
    expect(n.config).toEqual({
      serverUrl: serviceUrl('/ntfy'),
      topic: 'alice-codes',
      hasToken: true,
    });
    expect(n.quietHours).toEqual({
      start: '22:00',
      end: '07:00',
      timeZone: 'Europe/Berlin',
      codes: true,
    });
    const [row] = await t.database.db.select().from(webhooks).where(eq(webhooks.id, n.id));
    expect(JSON.stringify(row)).not.toContain('tk_secret_1');
    const slack = await createChannel({
      type: 'slack',
      config: { webhookUrl: serviceUrl('/slack/T1') },
    });
    expect(slack.config).toEqual({ webhookUrl: serviceUrl('/slack/T1') });

    const list = await call(alice, 'GET', '/v1/notification-channels');
    expect(
      list
        .json()
        .items.map((c: { id: string }) => c.id)
        .sort(),
    ).toEqual([email.id, n.id, slack.id].sort());
    expect(list.body).not.toContain('tk_secret_1');
    // Channels are not webhooks, and the other way round.
    expect((await call(alice, 'GET', '/v1/webhooks')).json().items).toEqual([]);
    expect((await call(alice, 'GET', `/v1/webhooks/${n.id}`)).statusCode).toBe(404);
    const hook = await call(alice, 'POST', '/v1/webhooks', {
      url: serviceUrl('/hook'),
      events: ['code.received'],
    });
    const hookId = hook.json().id as string;
    const asChannel = await call(alice, 'GET', `/v1/notification-channels/${hookId}`);
    expect(asChannel.json().error.code).toBe('CHANNEL_NOT_FOUND');

    for (const [method, url] of [
      ['GET', `/v1/notification-channels/${n.id}`],
      ['PATCH', `/v1/notification-channels/${n.id}`],
      ['DELETE', `/v1/notification-channels/${n.id}`],
      ['POST', `/v1/notification-channels/${n.id}/test`],
      ['GET', `/v1/notification-channels/${n.id}/deliveries`],
      ['POST', `/v1/notification-channels/${n.id}/deliveries/${crypto.randomUUID()}/redeliver`],
    ] as const) {
      const res = await call(bob, method, url, method === 'PATCH' ? { enabled: false } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.code).toBe('CHANNEL_NOT_FOUND');
    }

    // A change of config: the token is kept unless named; null removes it.
    const moved = await call(alice, 'PATCH', `/v1/notification-channels/${n.id}`, {
      config: { serverUrl: serviceUrl('/ntfy2'), topic: 'other' },
      quietHours: null,
    });
    expect(moved.json()).toMatchObject({
      config: { serverUrl: serviceUrl('/ntfy2'), topic: 'other', hasToken: true },
      quietHours: null,
    });
    const cleared = await call(alice, 'PATCH', `/v1/notification-channels/${n.id}`, {
      config: { serverUrl: serviceUrl('/ntfy2'), topic: 'other', token: null },
    });
    expect(cleared.json().config.hasToken).toBe(false);
    expect((await call(alice, 'DELETE', `/v1/notification-channels/${n.id}`)).statusCode).toBe(204);
    expect((await call(alice, 'GET', `/v1/notification-channels/${n.id}`)).statusCode).toBe(404);
  });

  it('refuse bad input with the field named', async () => {
    const bobs = await addNumber(bob);
    const url = serviceUrl('/discord/1');
    for (const [body, field] of [
      [{ type: 'sms', events: ['code.received'] }, 'type'],
      [{ type: 'discord', config: { webhookUrl: 'ftp://x.example/h' } }, 'config.webhookUrl'],
      [{ type: 'slack', config: {} }, 'config.webhookUrl'],
      [{ type: 'ntfy', config: { serverUrl: url, topic: 'a/b' } }, 'config.topic'],
      [{ type: 'email', config: { to: 'someone@example.com' } }, 'config'],
      [{ type: 'discord', config: { webhookUrl: url }, events: ['message.received'] }, 'events.0'],
      [{ type: 'discord', config: { webhookUrl: url }, events: [] }, 'events'],
      [{ type: 'discord', config: { webhookUrl: url }, numberIds: [bobs.id] }, 'numberIds'],
      [{ type: 'discord', config: { webhookUrl: url }, reminderDays: [] }, 'reminderDays'],
      [{ type: 'discord', config: { webhookUrl: url }, reminderDays: [3, -1] }, 'reminderDays.1'],
      [{ type: 'discord', config: { webhookUrl: url }, reminderDays: [61] }, 'reminderDays.0'],
      [
        {
          type: 'discord',
          config: { webhookUrl: url },
          quietHours: { start: '22:00', end: '07:00', timeZone: 'Mars/Olympus' },
        },
        'quietHours.timeZone',
      ],
      [
        {
          type: 'discord',
          config: { webhookUrl: url },
          quietHours: { start: '7:00', end: '07:00', timeZone: 'UTC' },
        },
        'quietHours.start',
      ],
      [
        {
          type: 'discord',
          config: { webhookUrl: url },
          quietHours: { start: '07:00', end: '07:00', timeZone: 'UTC' },
        },
        'quietHours.end',
      ],
    ] as const) {
      const res = await call(alice, 'POST', '/v1/notification-channels', {
        events: ['code.received'],
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().error.fields), JSON.stringify(body)).toContain(field);
    }
    const made = await createChannel({ type: 'discord', config: { webhookUrl: url } });
    const bad = await call(alice, 'PATCH', `/v1/notification-channels/${made.id}`, {
      config: { webhookUrl: 'not a url' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      'config.webhookUrl': ['URL must be a valid http or https address'],
    });
  });

  it('are limited to 20 per user', async () => {
    const dave = await signIn(t, 'dave-channels@example.com');
    for (let i = 0; i < 20; i++) await createChannel({ type: 'email' }, dave);
    const over = await call(dave, 'POST', '/v1/notification-channels', {
      type: 'email',
      events: ['code.received'],
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('CHANNEL_LIMIT_REACHED');
  });
});

describe('channel notifications', () => {
  it('bring a new code to each service in its own format, once per message', async () => {
    const n = await ntfy({ events: ['code.received', 'number.failing'] });
    const discord = await createChannel({
      type: 'discord',
      config: { webhookUrl: serviceUrl('/discord/D1') },
    });
    const slack = await createChannel({
      type: 'slack',
      config: { webhookUrl: serviceUrl('/slack/S1') },
    });
    const email = await createChannel({ type: 'email' });
    const num = await addNumber();
    await deliverMessages(num, ['Your Shop code is 482913', 'Thanks for joining']);
    await t.app.deliveries.drain();

    const [toNtfy] = sentTo('/ntfy');
    expect(toNtfy!.path).toBe('/ntfy');
    expect(toNtfy!.headers.authorization).toBe('Bearer tk_secret_1');
    expect(toNtfy!.json).toEqual({
      topic: 'alice-codes',
      title: 'Code 482913',
      message: `Code 482913 for ${num.phone}\nFrom Shop: Your Shop code is 482913`,
      tags: ['key'],
      priority: 4,
    });
    const [toDiscord] = sentTo('/discord');
    expect(toDiscord!.json).toEqual({
      content: `**Code \`482913\`**\nCode 482913 for ${num.phone}\nFrom Shop: Your Shop code is 482913`,
      allowed_mentions: { parse: [] },
    });
    const [toSlack] = sentTo('/slack');
    expect(String(toSlack!.json.text)).toMatch(/^\*Code `482913`\*\n/);
    const mail = t.mailer.outbox!('alice-channels@example.com')[0]!;
    expect(mail.subject).toBe('Code 482913');
    expect(mail.text).toContain('From Shop: Your Shop code is 482913');
    // One per channel: the message without a code makes none.
    expect(received).toHaveLength(3);
    for (const c of [n, discord, slack, email]) {
      const rows = await rowsOf(c.id);
      expect(rows.map((r) => [r.event, r.status])).toEqual([['code.received', 'delivered']]);
    }
    // The same message seen again makes no second notification.
    await pollNow(num.id);
    await t.app.deliveries.drain();
    expect(received).toHaveLength(3);
    expect(await rowsOf(n.id)).toHaveLength(1);

    // Email's log line has no HTTP status: what the mailer said.
    const log = await call(alice, 'GET', `/v1/notification-channels/${email.id}/deliveries`);
    expect(log.json().items[0]).toMatchObject({
      event: 'code.received',
      status: 'delivered',
      attempts: 1,
      responseStatus: null,
      responseExcerpt: 'Sent',
    });
  });

  it('keep to their numbers, and a dead channel delays no other', async () => {
    const mine = await addNumber();
    const other = await addNumber();
    const dead = await createChannel({
      type: 'discord',
      config: { webhookUrl: `http://${DEAD}:${deadPort}/discord/x` },
    });
    const only = await createChannel({
      type: 'slack',
      config: { webhookUrl: serviceUrl('/slack/only') },
      numberIds: [mine.id],
    });
    await deliverMessages(other, ['Code 111222']);
    await deliverMessages(mine, ['Code 333444']);
    await t.app.deliveries.drain();
    const slack = sentTo('/slack/only');
    expect(slack).toHaveLength(1);
    expect(String(slack[0]!.json.text)).toContain('333444');
    expect((await rowsOf(only.id)).map((r) => r.status)).toEqual(['delivered']);
    const deadRows = await rowsOf(dead.id);
    expect(deadRows.map((r) => [r.status, r.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
    ]);
    expect(deadRows[0]!.error).toMatch(/^Connection failed/);
  });

  it('a channel failing for a day is turned off, its owner told by email', async () => {
    const dead = await createChannel({
      type: 'discord',
      config: { webhookUrl: `http://${DEAD}:${deadPort}/discord/y` },
    });
    await t.database.db
      .update(webhooks)
      .set({ failingSince: new Date(t.clock.now().getTime() - 25 * 3_600_000) })
      .where(eq(webhooks.id, dead.id));
    await call(alice, 'POST', `/v1/notification-channels/${dead.id}/test`);
    await t.app.deliveries.drain();
    const off = (await call(alice, 'GET', `/v1/notification-channels/${dead.id}`)).json();
    expect(off).toMatchObject({ enabled: false, disabledReason: 'Deliveries failed for 24 hours' });
    const mail = t.mailer.outbox!('alice-channels@example.com')[0]!;
    expect(mail.subject).toBe('A notification channel was turned off');
    expect(mail.text).toContain(
      'Notifications to your Discord channel have failed for 24 hours, so it was turned off.',
    );
    expect(mail.text).toContain('/dashboard/settings');
  });

  it('hold what quiet hours keep out until they end; codes may pass, tests always do', async () => {
    const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
    const now = t.clock.now().getTime();
    const minuteStart = now - (now % 60_000);
    // A window from an hour ago to an hour from now (UTC).
    const quietHours = {
      start: hhmm(minuteStart - 3_600_000),
      end: hhmm(minuteStart + 3_600_000),
      timeZone: 'UTC',
      codes: false,
    };
    const held = await createChannel({
      type: 'slack',
      config: { webhookUrl: serviceUrl('/slack/held') },
      quietHours,
    });
    const passing = await createChannel({
      type: 'slack',
      config: { webhookUrl: serviceUrl('/slack/codes') },
      quietHours: { ...quietHours, codes: true },
    });
    const num = await addNumber();
    await deliverMessages(num, ['Your code is 909090']);
    await t.app.deliveries.drain();
    expect(sentTo('/slack/held')).toHaveLength(0);
    expect(sentTo('/slack/codes')).toHaveLength(1);
    const [waiting] = await rowsOf(held.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0 });
    expect(waiting!.nextAttemptAt.getTime()).toBe(minuteStart + 3_600_000);

    // Send test goes at once.
    expect(
      (await call(alice, 'POST', `/v1/notification-channels/${held.id}/test`)).statusCode,
    ).toBe(202);
    await t.app.deliveries.drain();
    expect(sentTo('/slack/held').map((r) => r.json.text)).toEqual([
      '*Test notification*\nThis channel works: notifications from VOIP Manager will arrive here.',
    ]);

    // At the window's end the held code goes.
    t.clock.set(new Date(minuteStart + 3_600_000));
    await t.app.deliveries.drain();
    expect(sentTo('/slack/held').map((r) => String(r.json.text).split('\n')[0])).toEqual([
      '*Test notification*',
      '*Code `909090`*',
    ]);
    expect((await rowsOf(passing.id)).map((r) => r.status)).toEqual(['delivered']);
  });
});

describe('a link that may be dead', () => {
  const HOUR = 3_600_000;
  const failFor = (id: string, hours: number | null) =>
    t.database.db
      .update(voipNumbers)
      .set({
        failingSince: hours === null ? null : new Date(t.clock.now().getTime() - hours * HOUR),
        lastError: hours === null ? null : 'HTTP error! status: 500',
      })
      .where(eq(voipNumbers.id, id));
  const flagged = async (id: string) =>
    (await call(alice, 'GET', `/v1/numbers/${id}`)).json().linkMayBeDead as boolean;

  it('is flagged on its card and told once per failing spell, after the site’s hours', async () => {
    const slack = await createChannel({
      type: 'slack',
      config: { webhookUrl: serviceUrl('/slack/dead') },
      events: ['number.dead'],
    });
    const n = await addNumber();
    const young = await addNumber();
    await failFor(n.id, 25);
    await failFor(young.id, 23);
    expect(await flagged(n.id)).toBe(false);
    expect(await t.app.deadLinkEvents.runOnce()).toEqual({ queued: 1 });
    expect(await flagged(n.id)).toBe(true);
    expect(await flagged(young.id)).toBe(false);
    await t.app.deliveries.drain();
    const [told] = sentTo('/slack/dead');
    expect(String(told!.json.text).split('\n')[0]).toBe(`*${n.phone}: link may be dead*`);
    // Once: the next runs tell nothing more.
    expect(await t.app.deadLinkEvents.runOnce()).toEqual({ queued: 0 });
    expect(await rowsOf(slack.id)).toHaveLength(1);

    // Recovered, then failing again for a day: a new spell, told again.
    await failFor(n.id, null);
    expect(await flagged(n.id)).toBe(false);
    await failFor(n.id, 30);
    expect(await t.app.deadLinkEvents.runOnce()).toEqual({ queued: 1 });
    expect(await rowsOf(slack.id)).toHaveLength(2);

    // The hours are the admin's: at 48, a day and a half is not yet.
    const editor = await signInAdmin(t, { role: 'editor', permissions: only('settings') });
    const admin = await t.app.inject({
      method: 'PUT',
      url: '/v1/admin/settings/dead_link_hours',
      headers: { cookie: editor.cookie },
      payload: { value: 48 },
    });
    expect(admin.statusCode, admin.body).toBe(200);
    const other = await addNumber();
    await failFor(other.id, 36);
    expect(await t.app.deadLinkEvents.runOnce()).toEqual({ queued: 0 });
    expect(await flagged(other.id)).toBe(false);
  });
});

describe('the weekly expiry digest', () => {
  it('lists the numbers ending within 14 days, once a week per channel', async () => {
    const email = await createChannel({ type: 'email', events: ['expiry.digest'] });
    const none = await createChannel({
      type: 'slack',
      config: { webhookUrl: serviceUrl('/slack/digest') },
      events: ['expiry.digest'],
      tagIds: [],
      numberIds: [(await addNumber()).id], // a number without an end date: nothing to list
    });
    const ending = async (days: number) => {
      const n = await addNumber();
      await t.database.db
        .update(voipNumbers)
        .set({ endDate: new Date(t.clock.now().getTime() + days * 86_400_000) })
        .where(eq(voipNumbers.id, n.id));
      return n;
    };
    const soon = await ending(3);
    const later = await ending(10.5);
    await ending(20);
    expect(await t.app.expiryDigests.runOnce()).toEqual({ queued: 2 });
    await t.app.deliveries.drain();
    const mail = t.mailer.outbox!('alice-channels@example.com')[0]!;
    expect(mail.subject).toBe('2 numbers expire in the next 14 days');
    const day = (d: number) =>
      new Date(t.clock.now().getTime() + d * 86_400_000).toISOString().slice(0, 10);
    expect(mail.text.split('\n').slice(0, 3)).toEqual([
      `${soon.phone}: in 3 days, on ${day(3)}`,
      `${later.phone}: in 11 days, on ${day(10.5)}`,
      'Renew the ones you still need.',
    ]);
    expect(await rowsOf(none.id)).toHaveLength(0);
    // Once a week: again this week, nothing; next week, again.
    expect(await t.app.expiryDigests.runOnce()).toEqual({ queued: 0 });
    t.clock.advance(7 * 86_400_000);
    expect(await t.app.expiryDigests.runOnce()).toEqual({ queued: 2 });
    expect((await rowsOf(email.id)).map((r) => r.event)).toEqual([
      'expiry.digest',
      'expiry.digest',
    ]);
  });
});

describe('Web Push', () => {
  it('encrypts each notification for its browser and signs it with the site’s VAPID key', async () => {
    pushed.length = 0;
    pushAnswer = 201;
    const key = await call(alice, 'GET', '/v1/notification-channels/push-key');
    expect(key.statusCode).toBe(200);
    const publicKey = key.json().publicKey as string;
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);

    const sub = browserSubscription('/push/device-1');
    const made = await createChannel({
      type: 'webpush',
      config: { ...sub.json, device: 'Chromium on Linux' },
      events: ['code.received', 'number.failing'],
    });
    expect(made.config).toEqual({
      endpoint: sub.json.endpoint,
      pushService: `${RECEIVER}:${services.port}`,
      device: 'Chromium on Linux',
    });
    const [row] = await t.database.db.select().from(webhooks).where(eq(webhooks.id, made.id));
    expect(row!.secretEnc).not.toContain(sub.json.keys.auth);

    const num = await addNumber();
    await deliverMessages(num, ['Your Shop code is 482913']);
    await t.app.deliveries.drain();
    expect(pushed).toHaveLength(1);
    const got = pushed[0]!;
    expect(got.path).toBe('/push/device-1');
    expect(got.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      ttl: '600',
      urgency: 'high',
    });
    expect(String(got.headers.authorization)).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
    );
    const jwt = String(got.headers.authorization).split(/[= ,]+/)[2]!;
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({
      aud: `http://${RECEIVER}:${services.port}`,
      sub: 'mailto:push@example.com',
    });
    expect(decrypt(got.body, sub)).toEqual({
      title: 'Code 482913',
      body: `Code 482913 for ${num.phone}\nFrom Shop: Your Shop code is 482913`,
      code: '482913',
      copy: 'Copy code',
      tag: 'code-482913',
    });

    // A subscription the push service has dropped (410): given up at once, the channel off.
    pushAnswer = 410;
    t.clock.advance(1000);
    await call(alice, 'POST', `/v1/notification-channels/${made.id}/test`);
    await t.app.deliveries.drain();
    const log = (
      await call(alice, 'GET', `/v1/notification-channels/${made.id}/deliveries`)
    ).json();
    expect(log.items[0]).toMatchObject({
      event: 'channel.test',
      status: 'failed',
      attempts: 1,
      responseStatus: 410,
    });
    const off = (await call(alice, 'GET', `/v1/notification-channels/${made.id}`)).json();
    expect(GONE_REASON).toBe('server.disabled.pushEnded');
    expect(off).toMatchObject({
      enabled: false,
      disabledReason: 'This browser’s push subscription has ended: turn push on again there',
    });
    pushAnswer = 201;
  });

  it('refuses what is not a push subscription', async () => {
    const sub = browserSubscription('/push/device-2');
    for (const [config, field] of [
      [{ ...sub.json, keys: { ...sub.json.keys, p256dh: 'short' } }, 'config.keys.p256dh'],
      [{ ...sub.json, endpoint: 'ftp://push.example/x' }, 'config.endpoint'],
      [{ endpoint: sub.json.endpoint }, 'config.keys'],
    ] as const) {
      const res = await call(alice, 'POST', '/v1/notification-channels', {
        type: 'webpush',
        config,
        events: ['code.received'],
      });
      expect(res.statusCode, JSON.stringify(config)).toBe(400);
      expect(Object.keys(res.json().error.fields)).toContain(field);
    }
  });
});

describe('Telegram', () => {
  beforeEach(async () => {
    updates = [];
    offsets.length = 0;
    await t.database.db.delete(telegramBotState);
  });
  const start = (id: number, text: string, chatId = 777) => ({
    update_id: id,
    message: {
      text,
      chat: { id: chatId, type: 'private', first_name: 'Ann', last_name: 'Lee' },
    },
  });

  it('links a chat with the one-time link, then sends it codes with a copyable code', async () => {
    const made = await createChannel({ type: 'telegram' });
    const token = /^https:\/\/t\.me\/voip_test_bot\?start=([A-Za-z0-9_-]{24})$/.exec(
      made.link!,
    )![1]!;
    expect(made).toMatchObject({ enabled: false, config: { linked: false, chat: null } });
    expect((await call(alice, 'GET', `/v1/notification-channels/${made.id}`)).body).not.toContain(
      token,
    );
    const early = await call(alice, 'PATCH', `/v1/notification-channels/${made.id}`, {
      enabled: true,
    });
    expect(early.statusCode).toBe(400);
    expect(Object.keys(early.json().error.fields)).toEqual(['enabled']);

    updates = [start(41, `/start ${token}`)];
    expect(await t.app.telegramBot!.readOnce()).toBe(1);
    const linked = (await call(alice, 'GET', `/v1/notification-channels/${made.id}`)).json();
    expect(linked).toMatchObject({ enabled: true, config: { linked: true, chat: 'Ann Lee' } });
    await t.app.deliveries.drain();
    const [hello] = sentTo('/bot');
    expect(hello!.path).toBe(`/bot${BOT_TOKEN}/sendMessage`);
    expect(hello!.json).toMatchObject({
      chat_id: '777',
      text: '<b>Telegram linked</b>\nThis chat will get your VOIP Manager notifications.',
      parse_mode: 'HTML',
    });

    // The offset is kept: the update is not read again.
    expect(await t.app.telegramBot!.readOnce()).toBe(0);
    expect(offsets).toEqual([0, 42]);

    const num = await addNumber();
    await deliverMessages(num, ['<b>Shop</b> code: 246810']);
    await t.app.deliveries.drain();
    const code = sentTo('/bot').at(-1)!;
    expect(code.json.text).toBe(
      `<b>Code <code>246810</code></b>\nCode 246810 for ${num.phone}\nFrom Shop: &lt;b&gt;Shop&lt;/b&gt; code: 246810`,
    );
  });

  it('answers a used or expired link and links nothing', async () => {
    const made = await createChannel({ type: 'telegram' });
    const token = new URL(made.link!).searchParams.get('start')!;
    t.clock.advance(25 * 3_600_000);
    updates = [start(7, `/start ${token}`), start(8, '/start', 555)];
    expect(await t.app.telegramBot!.readOnce()).toBe(2);
    const replies = sentTo('/bot').map((r) => r.json);
    expect(replies).toEqual([
      expect.objectContaining({ chat_id: 777, text: expect.stringMatching(/has expired/) }),
      expect.objectContaining({ chat_id: 555, text: expect.stringMatching(/^Open the link/) }),
    ]);
    const still = (await call(alice, 'GET', `/v1/notification-channels/${made.id}`)).json();
    expect(still).toMatchObject({ enabled: false, config: { linked: false } });
  });

  it('reads updates in one process at a time', async () => {
    const logger = testLogger();
    const fetcher = createSafeFetcher({
      allowlist: [`${RECEIVER}:${services.port}`],
      lookup: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    const other = createTelegramBot({
      envToken: BOT_TOKEN,
      savedToken: async () => undefined,
      apiUrl: `http://${RECEIVER}:${services.port}`,
      fetcher,
      repo: channelsRepository(t.database.db),
      linked: async () => undefined,
      now: t.clock.now,
      log: logger.log,
      longPollSeconds: 0,
    });
    expect(await t.app.telegramBot!.readOnce()).toBe(0);
    // The lease is the app's bot's: the other reads nothing until it runs out.
    expect(await other.readOnce()).toBeUndefined();
    t.clock.advance(61_000);
    expect(await other.readOnce()).toBe(0);
    expect(await t.app.telegramBot!.readOnce()).toBeUndefined();
    await other.stop();
    await fetcher.close();
  });

  it('cannot be made where the site has no bot; an admin saves one, checked by Telegram', async () => {
    const bare = await createTestApp({
      env: {
        TELEGRAM_API_URL: `http://${RECEIVER}:${services.port}`,
        PROVIDER_ALLOWLIST: `${RECEIVER}:${services.port}`,
      },
      provider: { lookup: async () => [{ address: '127.0.0.1', family: 4 }] },
    });
    const carol = await signIn(bare, 'carol-channels@example.com');
    const makeTelegram = () =>
      bare.app.inject({
        method: 'POST',
        url: '/v1/notification-channels',
        headers: { cookie: carol.cookie },
        payload: { type: 'telegram', events: ['code.received'] },
      });
    const none = await makeTelegram();
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('CHANNEL_UNAVAILABLE');

    const editor = await signInAdmin(bare, { role: 'editor', permissions: only('settings') });
    const bot = (method: 'PUT' | 'DELETE', token?: string) =>
      bare.app.inject({
        method,
        url: '/v1/admin/telegram-bot',
        headers: { cookie: editor.cookie },
        ...(token ? { payload: { token } } : {}),
      });
    const refused = await bot('PUT', '999:not-a-token-telegram-knows-000');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'TELEGRAM_TOKEN_REFUSED',
      fields: { token: ['Telegram did not accept this token: HTTP error! status: 401'] },
    });
    const malformed = await bot('PUT', 'nope');
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json().error.fields)).toEqual(['token']);

    const saved = await bot('PUT', BOT_TOKEN);
    expect(saved.json()).toEqual({ configured: true, username: 'voip_test_bot' });
    const made = await makeTelegram();
    expect(made.statusCode).toBe(201);
    expect(made.json().link).toMatch(/^https:\/\/t\.me\/voip_test_bot\?start=/);
    // Never shown again, never in the audit log; stored encrypted.
    const settings = await bare.app.inject({
      url: '/v1/admin/settings',
      headers: { cookie: editor.cookie },
    });
    expect(settings.json().system.notifications.telegram).toBe('settings');
    const stored = JSON.stringify(await bare.database.db.select().from(telegramBotState));
    const audit = JSON.stringify(await bare.database.db.select().from(adminAuditLog));
    for (const text of [settings.body, stored, audit, bare.logs()])
      expect(text).not.toContain(BOT_TOKEN.split(':')[1]);
    expect(audit).toContain('telegram_bot_token_saved');

    expect((await bot('DELETE')).json()).toEqual({ configured: false, username: null });
    expect((await makeTelegram()).statusCode).toBe(409);
    await bare.close();
  });

  it('keeps the environment’s token: an admin cannot replace it', async () => {
    const editor = await signInAdmin(t, { role: 'editor', permissions: only('settings') });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v1/admin/telegram-bot',
      headers: { cookie: editor.cookie },
      payload: { token: '777:another-token-of-a-bot-000000' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('TELEGRAM_TOKEN_FROM_ENV');
  });
});

describe('in the owner’s language', () => {
  let carol: { cookie: string; user: { id: string } };
  let dave: { cookie: string; user: { id: string } };
  beforeAll(async () => {
    carol = await signIn(t, 'carol-channels@example.com');
    dave = await signIn(t, 'dave-channels@example.com');
    for (const [who, locale] of [
      [carol, 'ru'],
      [dave, 'es'],
    ] as const)
      expect((await call(who, 'PATCH', '/v1/me', { locale })).statusCode).toBe(200);
  });
  beforeEach(async () => {
    updates = [];
    pushed.length = 0;
    pushAnswer = 201;
    await t.database.db.delete(telegramBotState);
  });

  /** One channel of each kind for `who` (Telegram linked to chat `chat`), each sent its codes. */
  async function everyKind(who: typeof carol, path: string, chat: number) {
    const sub = browserSubscription(`/push/${path}`);
    const channels = {
      ntfy: await createChannel(
        { type: 'ntfy', config: { serverUrl: serviceUrl(`/ntfy-${path}/`), topic: 'codes' } },
        who,
      ),
      discord: await createChannel(
        { type: 'discord', config: { webhookUrl: serviceUrl(`/discord/${path}`) } },
        who,
      ),
      slack: await createChannel(
        { type: 'slack', config: { webhookUrl: serviceUrl(`/slack/${path}`) } },
        who,
      ),
      email: await createChannel({ type: 'email' }, who),
      webpush: await createChannel(
        { type: 'webpush', config: { ...sub.json, device: 'Chromium' } },
        who,
      ),
      telegram: await createChannel({ type: 'telegram' }, who),
    };
    const token = new URL(channels.telegram.link!).searchParams.get('start')!;
    updates = [
      {
        update_id: 1,
        message: { text: `/start ${token}`, chat: { id: chat, type: 'private', first_name: 'C' } },
      },
    ];
    expect(await t.app.telegramBot!.readOnce()).toBe(1);
    await t.app.deliveries.drain(); // the chat's "linked" notice
    return { channels, sub };
  }
  /** What each kind was sent: its text as the service shows it. */
  const got = (
    path: string,
    chat: number,
    email: string,
    sub: ReturnType<typeof browserSubscription>,
  ) => ({
    ntfy: sentTo(`/ntfy-${path}`).map((r) => `${String(r.json.title)}\n${String(r.json.message)}`),
    discord: sentTo(`/discord/${path}`).map((r) => r.json.content),
    slack: sentTo(`/slack/${path}`).map((r) => r.json.text),
    email: t.mailer.outbox!(email)
      .filter((m) => !m.subject.startsWith('Your VOIP Manager sign-in code'))
      .map((m) => `${m.subject}\n${m.text}`),
    webpush: pushed.map((p) => {
      const n = decrypt(p.body, sub);
      return `${String(n.title)}\n${String(n.body)}`;
    }),
    telegram: sentTo('/bot')
      .filter((r) => r.json.chat_id === String(chat))
      .map((r) => r.json.text),
  });

  it('Russian for an owner who reads Russian, on every kind of channel', async () => {
    const { sub } = await everyKind(carol, 'carol', 881);
    const num = await addNumber(carol);
    await deliverMessages(num, ['Your Shop code is 482913']);
    await t.app.deliveries.drain();
    const lines = `Код 482913 для ${num.phone}\nОт Shop: Your Shop code is 482913`;
    expect(got('carol', 881, 'carol-channels@example.com', sub)).toEqual({
      ntfy: [`Код 482913\n${lines}`],
      discord: [`**Код \`482913\`**\n${lines}`],
      slack: [`*Код \`482913\`*\n${lines}`],
      email: [`Код 482913\n${lines}\n\nОтправлено вашим каналом уведомлений VOIP Manager.`],
      webpush: [`Код 482913\n${lines}`],
      telegram: [
        '<b>Telegram привязан</b>\nВ этот чат будут приходить ваши уведомления VOIP Manager.',
        `<b>Код <code>482913</code></b>\n${lines}`,
      ],
    });
  });

  it('Spanish for an owner who reads Spanish, on every kind of channel', async () => {
    const { channels, sub } = await everyKind(dave, 'dave', 882);
    received.length = 0;
    for (const c of Object.values(channels))
      expect((await call(dave, 'POST', `/v1/notification-channels/${c.id}/test`)).statusCode).toBe(
        202,
      );
    await t.app.deliveries.drain();
    const line = 'Este canal funciona: las notificaciones de VOIP Manager llegarán aquí.';
    expect(got('dave', 882, 'dave-channels@example.com', sub)).toEqual({
      ntfy: [`Notificación de prueba\n${line}`],
      discord: [`**Notificación de prueba**\n${line}`],
      slack: [`*Notificación de prueba*\n${line}`],
      email: [
        `Notificación de prueba\n${line}\n\nEnviado por tu canal de notificaciones de VOIP Manager.`,
      ],
      webpush: [`Notificación de prueba\n${line}`],
      telegram: [`<b>Notificación de prueba</b>\n${line}`],
    });
  });

  it('the mail saying a channel or a webhook was turned off', async () => {
    const dead = { config: { webhookUrl: `http://${DEAD}:${deadPort}/discord/z` } };
    const channel = await createChannel({ type: 'discord', ...dead }, carol);
    const hook = await call(dave, 'POST', '/v1/webhooks', {
      url: `http://${DEAD}:${deadPort}/hook`,
      events: ['code.received'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    await t.database.db
      .update(webhooks)
      .set({ failingSince: new Date(t.clock.now().getTime() - 25 * 3_600_000) })
      .where(inArray(webhooks.id, [channel.id, hook.json().id as string]));
    await call(carol, 'POST', `/v1/notification-channels/${channel.id}/test`);
    await call(dave, 'POST', `/v1/webhooks/${hook.json().id as string}/test`);
    await t.app.deliveries.drain();
    const ru = t.mailer.outbox!('carol-channels@example.com')[0]!;
    expect(ru.subject).toBe('Канал уведомлений отключён');
    expect(ru.text).toBe(
      [
        'Уведомления в ваш канал Discord не доставляются уже 24 часа, поэтому он отключён.',
        'Проверьте журнал доставок, затем снова включите канал: http://localhost:3000/dashboard/settings',
      ].join('\n\n'),
    );
    const es = t.mailer.outbox!('dave-channels@example.com')[0]!;
    expect(es.subject).toBe('Se desactivó un webhook');
    expect(es.text).toBe(
      [
        `Las entregas a tu webhook http://${DEAD}:${deadPort}/hook llevan 24 horas fallando, así que se desactivó.`,
        'Arregla el receptor y vuelve a activar el webhook: http://localhost:3000/dashboard/webhooks',
      ].join('\n\n'),
    );
  });

  it('the bot answers a stranger in the language of their Telegram app', async () => {
    const from = (id: number, language_code?: string) => ({
      update_id: id,
      message: {
        text: '/start',
        from: language_code ? { language_code } : {},
        chat: { id: 900 + id, type: 'private', first_name: 'S' },
      },
    });
    updates = [from(1, 'es'), from(2, 'ru-RU'), from(3, 'de'), from(4)];
    expect(await t.app.telegramBot!.readOnce()).toBe(4);
    expect(sentTo('/bot').map((r) => [r.json.chat_id, r.json.text])).toEqual([
      [901, expect.stringMatching(/^Para recibir notificaciones aquí, abre el enlace/)],
      [902, expect.stringMatching(/^Чтобы получать уведомления здесь, откройте ссылку/)],
      [903, expect.stringMatching(/^Open the link VOIP Manager shows/)],
      [904, expect.stringMatching(/^Open the link VOIP Manager shows/)],
    ]);
  });
});

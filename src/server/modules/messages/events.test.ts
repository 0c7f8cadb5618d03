import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, voipNumbers } from '../../db/schema.ts';
import { MAX_STREAMS_PER_USER } from '../../events/events.routes.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { sseConnect } from '../../test/sse.ts';

/** A fake provider whose inbox the test fills; the app listens on 127.0.0.1 for real SSE clients. */
const inbox = new Map<string, { id: string; from: string; content: string }[]>();
let provider: http.Server;
let t: TestApp;
let appUrl = '';
let providerBase = '';
let alice: { cookie: string; user: { id: string } };

beforeAll(async () => {
  provider = http.createServer((req, res) => {
    const phone = /\/p\/(\d{10})/.exec(req.url ?? '')?.[1] ?? '';
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(inbox.get(phone) ?? []));
  });
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
  const port = (provider.address() as AddressInfo).port;
  providerBase = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    env: { PROVIDER_ALLOWLIST: `127.0.0.1:${port}` },
    heartbeatMs: 100,
    poller: { idleMs: 20 },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  appUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  alice = await signIn(t, 'alice@example.com');
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => provider.close(r));
});

type Sse = {
  events: { id?: string; event?: string; data?: string }[];
  comments: number;
  close: () => void;
  status: number;
};

/** A minimal SSE client over node:http that records events and comment lines. */
function connect(cookie: string, lastEventId?: string): Promise<Sse> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${appUrl}/v1/events`,
      { headers: { cookie, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) } },
      (res) => {
        const sse: Sse = {
          events: [],
          comments: 0,
          close: () => req.destroy(),
          status: res.statusCode ?? 0,
        };
        let buf = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buf += chunk;
          let i;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            const e: Sse['events'][number] = {};
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) sse.comments++;
              else if (line.startsWith('id: ')) e.id = line.slice(4);
              else if (line.startsWith('event: ')) e.event = line.slice(7);
              else if (line.startsWith('data: ')) e.data = line.slice(6);
            }
            if (e.event) sse.events.push(e);
          }
        });
        res.on('error', () => {});
        resolve(sse);
      },
    );
    req.on('error', reject);
  });
}

async function until(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function addNumber(phone: string, cookie = alice.cookie) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/numbers',
    headers: { cookie },
    payload: { phoneNumber: phone, apiLink: `${providerBase}/p/${phone}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

describe('GET /v1/events', () => {
  it('needs a session', async () => {
    const s = await connect('vm_session=forged');
    expect(s.status).toBe(401);
    s.close();
  });

  it('pushes new messages live, sends heartbeats, and replays from Last-Event-ID', async () => {
    const n = await addNumber('3125550100');
    // A failing number keeps its backoff: watching does not bring it forward.
    const failing = await addNumber('3125550199');
    const backedOff = new Date(t.clock.now().getTime() + 600_000);
    await t.database.db
      .update(voipNumbers)
      .set({ failures: 3, nextPollAt: backedOff })
      .where(eq(voipNumbers.id, failing.id));
    const sse = await connect(alice.cookie);
    expect(sse.status).toBe(200);

    // Watching pulls the user's numbers forward and marks the user as watching.
    await until(async () => {
      const [u] = await t.database.db.select().from(users).where(eq(users.id, alice.user.id));
      return !!u?.watchedUntil && u.watchedUntil > t.clock.now();
    });
    const nextPoll = async (id: string) =>
      (await t.database.db.select().from(voipNumbers).where(eq(voipNumbers.id, id)))[0]!.nextPollAt;
    expect((await nextPoll(n.id)).getTime()).toBeLessThanOrEqual(t.clock.now().getTime() + 5_000);
    expect(await nextPoll(failing.id)).toEqual(backedOff);
    await t.database.db.delete(voipNumbers).where(eq(voipNumbers.id, failing.id));

    inbox.set('3125550100', [{ id: 'm1', from: 'Telegram', content: 'Telegram code 91827' }]);
    await t.database.db.update(voipNumbers).set({ nextPollAt: t.clock.now() });
    await t.app.poller.drain();
    await until(() => sse.events.length === 1);
    const first = sse.events[0]!;
    expect(first.event).toBe('message');
    expect(JSON.parse(first.data!)).toMatchObject({
      voipNumberId: n.id,
      phoneNumber: '3125550100',
      sender: 'Telegram',
      code: '91827',
    });
    // A watched number is scheduled on the fast (5 s) interval.
    const [after] = await t.database.db.select().from(voipNumbers).where(eq(voipNumbers.id, n.id));
    expect(after!.nextPollAt.getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(5_000);

    await until(() => sse.comments >= 3); // connected + heartbeats
    sse.close();

    // Two more messages arrive while the client is away; it reconnects with its last id.
    inbox.set('3125550100', [
      { id: 'm1', from: 'Telegram', content: 'Telegram code 91827' },
      { id: 'm2', from: 'Google', content: 'G-112233 is your code' },
      { id: 'm3', from: 'Apple', content: 'Apple code: 4455' },
    ]);
    t.clock.advance(10);
    await t.database.db.update(voipNumbers).set({ nextPollAt: t.clock.now() });
    await t.app.poller.drain();
    const again = await connect(alice.cookie, first.id);
    await until(() => again.events.length >= 3);
    const codes = again.events.map((e) => JSON.parse(e.data!).code);
    // Replay is inclusive of the last id's instant; the client dedupes by message id.
    expect(new Set(codes)).toEqual(new Set(['91827', '112233', '4455']));
    again.close();
  });

  it('delivers only the user’s own events', async () => {
    const bob = await signIn(t, 'bob@example.com');
    const bobStream = await connect(bob.cookie);
    const n = await addNumber('3125550101');
    inbox.set('3125550101', [{ id: 'x', from: 'A', content: 'code 5566' }]);
    await t.database.db
      .update(voipNumbers)
      .set({ nextPollAt: t.clock.now() })
      .where(eq(voipNumbers.id, n.id));
    const aliceStream = await connect(alice.cookie);
    await t.app.poller.drain();
    await until(() => aliceStream.events.some((e) => JSON.parse(e.data!).code === '5566'));
    // Then one of Bob's: once it arrives, Alice's (published before it) would have too.
    const bobs = await addNumber('3125550102', bob.cookie);
    inbox.set('3125550102', [{ id: 'y', from: 'B', content: 'code 7788' }]);
    await t.database.db
      .update(voipNumbers)
      .set({ nextPollAt: t.clock.now() })
      .where(eq(voipNumbers.id, bobs.id));
    await t.app.poller.drain();
    await until(() => bobStream.events.length >= 1);
    expect(bobStream.events.map((e) => JSON.parse(e.data!).code)).toEqual(['7788']);
    bobStream.close();
    aliceStream.close();
  });

  it(`keeps ${MAX_STREAMS_PER_USER} streams of a user open: one more ends the user’s oldest`, async () => {
    const carol = await signIn(t, 'carol@example.com');
    const dave = await signIn(t, 'dave@example.com');
    const open = (cookie: string) => sseConnect(`${appUrl}/v1/events`, { cookie });
    const daves = await open(dave.cookie);
    const carols = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) carols.push(await open(carol.cookie));
    expect(t.app.bus.watchers(carol.user.id)).toBe(MAX_STREAMS_PER_USER);

    const newest = await open(carol.cookie);
    expect(newest.status).toBe(200);
    let oldestEnded = false;
    void carols[0]!.ended.then(() => (oldestEnded = true));
    await until(() => oldestEnded);
    await until(() => t.app.bus.watchers(carol.user.id) === MAX_STREAMS_PER_USER);
    // The others, the new one and another user's stream are still live.
    const live = [...carols.slice(1), newest];
    const event = (userId: string) => ({
      userId,
      id: String(Date.now()),
      message: {
        id: crypto.randomUUID(),
        voipNumberId: crypto.randomUUID(),
        phoneNumber: '3125550102',
        sender: 'Svc',
        content: 'code 7788',
        code: '7788',
        receivedAt: new Date().toISOString(),
      },
    });
    await t.app.bus.publish([event(carol.user.id), event(dave.user.id)]);
    await until(() => daves.events.length === 1 && live.every((s) => s.events.length === 1));
    expect(carols[0]!.events).toHaveLength(0);
    for (const s of [daves, ...live]) s.close();
  });
});

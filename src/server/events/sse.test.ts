import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { createMemoryBus } from './bus.ts';
import { eventStreams } from './sse.ts';

it('a client that left before its stream opened leaves no subscription behind', async () => {
  const app = Fastify();
  const bus = createMemoryBus();
  const streams = eventStreams(app, { bus, log: app.log });
  let arrived!: () => void;
  const requestArrived = new Promise<void>((r) => (arrived = r));
  let opened!: () => void;
  const streamOpened = new Promise<void>((r) => (opened = r));
  app.get('/s', async (req, reply) => {
    // The request is being checked (a session lookup) when its client goes away.
    await new Promise<void>((resolve) => {
      reply.raw.on('close', resolve);
      arrived();
    });
    await streams.open(reply, {
      userId: 'u1',
      data: () => '{}',
      lastEventId: undefined,
      replay: async () => [],
      heartbeat: async () => true,
    });
    opened();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const req = http.get(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/s`);
    req.on('error', () => {});
    await requestArrived;
    req.destroy();
    await streamOpened;
    expect(bus.watchers('u1')).toBe(0);
  } finally {
    await app.close();
  }
});

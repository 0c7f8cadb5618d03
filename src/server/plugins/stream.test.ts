import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { writeChunk } from './stream.ts';

/** writeChunk on a real response over loopback: it never waits on a client that has gone. */

let server: http.Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A server whose handler gets the response once the client has read the first bytes and left. */
async function responseOfGoneClient(): Promise<http.ServerResponse> {
  return new Promise((resolve) => {
    server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.write('first\n');
      res.once('close', () => resolve(res));
    });
    server.listen(0, '127.0.0.1', () => {
      const { port } = server!.address() as AddressInfo;
      const req = http.get({ host: '127.0.0.1', port }, (r) => r.once('data', () => req.destroy()));
      req.on('error', () => {});
    });
  });
}

const settles = (p: Promise<unknown>, ms: number) =>
  Promise.race([
    p.then(() => 'settled'),
    new Promise((resolve) => setTimeout(() => resolve('pending'), ms)),
  ]);

describe('writeChunk', () => {
  it('resolves at once when the client went away before the write (no drain or close will come)', async () => {
    const res = await responseOfGoneClient();
    expect(res.destroyed).toBe(true);
    expect(await settles(writeChunk(res, 'x'.repeat(100_000)), 2000)).toBe('settled');
  });

  it('resolves after a write the response takes', async () => {
    const res = await new Promise<http.ServerResponse>((resolve) => {
      server = http.createServer((_req, r) => {
        r.writeHead(200);
        resolve(r);
      });
      server.listen(0, '127.0.0.1', () => {
        const { port } = server!.address() as AddressInfo;
        http.get({ host: '127.0.0.1', port }, (r) => r.resume()).on('error', () => {});
      });
    });
    expect(await settles(writeChunk(res, 'small\n'), 2000)).toBe('settled');
    res.end();
  });
});

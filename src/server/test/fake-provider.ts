import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request as the fake provider saw it. */
export type SeenRequest = { method: string; url: string; headers: http.IncomingHttpHeaders };

export type FakeProvider = {
  port: number;
  /** e.g. `http://127.0.0.1:41234` */
  origin: string;
  /** `127.0.0.1:PORT`, ready for an allow-list. */
  hostPort: string;
  requests: SeenRequest[];
  /** Resolves when every server-side socket open right now has closed. */
  socketsClosed(): Promise<void>;
  openSockets(): number;
  close(): Promise<void>;
};

/**
 * A local fake provider: a `node:http` server on 127.0.0.1, port 0 (never any other address).
 * `close()` drops open connections, so hanging handlers cannot keep a test run alive.
 */
export async function startFakeProvider(
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => void,
): Promise<FakeProvider> {
  const requests: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers });
    handler(req, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    requests,
    openSockets: () => sockets.size,
    socketsClosed: () =>
      Promise.all(
        [...sockets].map(
          (s) =>
            new Promise<void>((resolve) => {
              if (s.destroyed) resolve();
              else s.once('close', () => resolve());
            }),
        ),
      ).then(() => undefined),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port with nothing listening on it (listen on port 0, then close). */
export async function closedLoopbackPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A provider message as the fake inbox serves it (the JSON list shape providers answer). */
export type InboxMessage = { id: string; from: string; content: string };

/**
 * A fake provider whose links are `/p/<10 digits>`: each answers that phone's list in `inbox`
 * (empty when none), as JSON. Tests change `inbox` to make messages arrive.
 */
export const startInboxProvider = (inbox: Map<string, InboxMessage[]>) =>
  startFakeProvider((req, res) => {
    const phone = /\/p\/(\d{10})/.exec(req.url ?? '')?.[1] ?? '';
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(inbox.get(phone) ?? []));
  });

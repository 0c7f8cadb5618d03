import net from 'node:net';

export type TcpProxy = {
  /** `url` (a postgres:// URL) pointed at the proxy instead of the server. */
  url(url: string): string;
  /**
   * The network goes dead: connections (open and new) stay up but nothing passes either way
   * until `restore()`, which delivers what was held, like a healed partition.
   */
  blackHole(): void;
  restore(): void;
  /**
   * The connections open now go dead (nothing passes either way, nothing closes) until
   * `restore()`, while new ones pass: one frozen path, such as a dropped NAT entry.
   */
  freezeOpen(): void;
  /** Resets every open connection. */
  dropAll(): void;
  /** New connections are reset at once (until `restore()`), like a server that is down. */
  refuse(): void;
  close(): Promise<void>;
};

type Conn = {
  client: net.Socket;
  upstream?: net.Socket;
  toServer: Buffer[];
  toClient: Buffer[];
  serverClosed: boolean;
  frozen: boolean;
};

/** A TCP proxy on 127.0.0.1 in front of `target` (PostgreSQL in tests) that can play network faults. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const conns = new Set<Conn>();
  let mode: 'forward' | 'hold' | 'refuse' = 'forward';

  const kill = (c: Conn) => {
    conns.delete(c);
    c.client.destroy();
    c.upstream?.destroy();
  };
  const flush = (c: Conn) => {
    if (!c.upstream) {
      const up = net.connect(target);
      c.upstream = up;
      const held = () => mode === 'hold' || c.frozen;
      up.on('data', (d) => (held() ? c.toClient.push(d) : c.client.write(d)));
      // While held, the client must not learn that the server went away either.
      up.on('close', () => (held() ? (c.serverClosed = true) : kill(c)));
      up.on('error', () => {});
    }
    for (const d of c.toServer.splice(0)) c.upstream.write(d);
    for (const d of c.toClient.splice(0)) c.client.write(d);
    if (c.serverClosed) kill(c);
  };

  const server = net.createServer((client) => {
    if (mode === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    const c: Conn = { client, toServer: [], toClient: [], serverClosed: false, frozen: false };
    conns.add(c);
    client.on('data', (d) =>
      mode === 'hold' || c.frozen || !c.upstream ? c.toServer.push(d) : c.upstream.write(d),
    );
    client.on('close', () => kill(c));
    client.on('error', () => {});
    if (mode === 'forward') flush(c);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    url(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    blackHole: () => void (mode = 'hold'),
    restore() {
      mode = 'forward';
      for (const c of conns) {
        c.frozen = false;
        flush(c);
      }
    },
    freezeOpen() {
      for (const c of conns) c.frozen = true;
    },
    dropAll() {
      for (const c of conns) {
        c.client.resetAndDestroy();
        kill(c);
      }
    },
    refuse: () => void (mode = 'refuse'),
    async close() {
      mode = 'refuse';
      for (const c of conns) kill(c);
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Host and port of a postgres:// URL (loopback only in tests). */
export const targetOf = (url: string) => {
  const u = new URL(url);
  return { host: u.hostname || '127.0.0.1', port: Number(u.port || 5432) };
};

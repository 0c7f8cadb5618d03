import net from 'node:net';
import tls from 'node:tls';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { manualClock } from '../test/clock.ts';
import { closedLoopbackPort, startFakeProvider, type FakeProvider } from '../test/fake-provider.ts';
import {
  createSafeFetcher,
  isBlockedAddress,
  parseProviderUrl,
  type FetchOutcome,
  type SafeFetchOptions,
} from './safe-fetch.ts';

/*
 * HARD RULE: these tests only ever open connections to 127.0.0.1 / ::1. Every outgoing connect goes
 * through a guard below that records the target and refuses anything else, so a broken address check
 * fails the test instead of reaching the network. Blocked cases assert that no connect happened at all.
 */
const LOOPBACK = new Set(['127.0.0.1', '::1']);
let connectTargets: string[] = [];

function guard<T extends (...args: never[]) => unknown>(original: T) {
  return ((...args: unknown[]) => {
    const first = args[0];
    const host =
      first && typeof first === 'object' ? (first as { host?: string }).host : (args[1] as string);
    connectTargets.push(String(host));
    if (!LOOPBACK.has(String(host))) throw new Error(`test tried to connect to ${String(host)}`);
    return (original as unknown as (...a: unknown[]) => unknown)(...args);
  }) as unknown as T;
}

const realNetConnect = net.connect;
const realTlsConnect = tls.connect;
let spies: { mockRestore(): void }[] = [];
beforeEach(() => {
  connectTargets = [];
  spies = [
    vi.spyOn(net, 'connect').mockImplementation(guard(realNetConnect)),
    vi.spyOn(tls, 'connect').mockImplementation(guard(realTlsConnect)),
  ];
});
afterEach(() => {
  spies.forEach((s) => s.mockRestore());
  expect(connectTargets.every((h) => LOOPBACK.has(h))).toBe(true);
});

let provider: FakeProvider;
/** Chunks the /trickle answer has written so far. */
let trickled = 0;
let other: FakeProvider;
const fetchers: { close(): Promise<void> }[] = [];

function fetcher(opts: SafeFetchOptions = {}) {
  const f = createSafeFetcher({ timeoutMs: 2000, ...opts });
  fetchers.push(f);
  return f;
}

function expectError(outcome: FetchOutcome, error: string) {
  expect(outcome).toMatchObject({ ok: false, error });
}

beforeAll(async () => {
  provider = await startFakeProvider((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const p = url.pathname;
    const timers: NodeJS.Timeout[] = [];
    res.on('close', () => timers.forEach((t) => clearTimeout(t)));
    if (p === '/json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ messages: [{ text: 'Your code is 123456' }] }));
    } else if (p === '/text') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('YES|Your code is 654321');
    } else if (p === '/utf8') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Код 4711 ✓');
    } else if (p === '/html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><html><body>Login required</body></html>');
    } else if (p === '/hang') {
      // never answers
    } else if (p === '/slow-headers') {
      timers.push(setTimeout(() => res.end('late'), 1500));
    } else if (p === '/trickle') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const tick = () => {
        trickled++;
        res.write('x');
        timers.push(setTimeout(tick, 50));
      };
      tick();
    } else if (p.startsWith('/status/')) {
      res.writeHead(Number(p.slice('/status/'.length)), { 'content-type': 'text/plain' });
      res.end('error page');
    } else if (p === '/loop') {
      res.writeHead(302, { location: '/loop' });
      res.end();
    } else if (p.startsWith('/redir/')) {
      const n = Number(p.slice('/redir/'.length));
      if (n > 0) res.writeHead(302, { location: `/redir/${n - 1}${url.search}` }).end();
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('arrived');
    } else if (p === '/to') {
      res.writeHead(301, { location: url.searchParams.get('url') ?? '/' }).end();
    } else if (p === '/host') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(req.headers.host ?? '');
    } else {
      res.writeHead(404).end();
    }
  });
  other = await startFakeProvider((_req, res) => res.end('should never be reached'));
});

afterAll(async () => {
  await Promise.all(fetchers.map((f) => f.close()));
  await provider.close();
  await other.close();
});

describe('successful fetches (allow-listed loopback fake provider)', () => {
  it('returns a 200 JSON body', async () => {
    const f = fetcher({ allowlist: [provider.hostPort] });
    const out = await f.fetch(`${provider.origin}/json?user=u&key=k`);
    expect(out).toEqual({
      ok: true,
      status: 200,
      contentType: 'application/json',
      body: '{"messages":[{"text":"Your code is 123456"}]}',
      finalUrl: `${provider.origin}/json?user=u&key=k`,
    });
  });

  it('returns a 200 plain-text body', async () => {
    const f = fetcher({ allowlist: [provider.hostPort] });
    const out = await f.fetch(`${provider.origin}/text`);
    expect(out).toMatchObject({
      ok: true,
      status: 200,
      contentType: 'text/plain; charset=utf-8',
      body: 'YES|Your code is 654321',
    });
  });

  it('decodes the body as UTF-8', async () => {
    const f = fetcher({ allowlist: [provider.hostPort] });
    expect(await f.fetch(`${provider.origin}/utf8`)).toMatchObject({
      ok: true,
      body: 'Код 4711 ✓',
    });
  });

  it('returns an HTML page with ok:true (the payload parser judges it later)', async () => {
    const f = fetcher({ allowlist: [provider.hostPort] });
    const out = await f.fetch(`${provider.origin}/html`);
    expect(out).toMatchObject({ ok: true, status: 200, contentType: 'text/html' });
    expect(out.ok && out.body).toContain('Login required');
  });

  it('reuses one keep-alive connection for repeated fetches to the same origin', async () => {
    const p = await startFakeProvider((_req, res) => res.end('ok'));
    try {
      const f = fetcher({ allowlist: [p.hostPort], connections: 1 });
      for (let i = 0; i < 5; i++) {
        expect(await f.fetch(`${p.origin}/n${i}`)).toMatchObject({ ok: true, body: 'ok' });
      }
      expect(p.requests).toHaveLength(5);
      expect(connectTargets).toEqual(['127.0.0.1']);
    } finally {
      await p.close();
    }
  });

  it('pins the connection to the vetted address and keeps the Host header', async () => {
    const lookup = vi.fn(async () => [{ address: '127.0.0.1', family: 4 as const }]);
    const f = fetcher({ lookup, allowlist: [`provider.test:${provider.port}`] });
    const out = await f.fetch(`http://provider.test:${provider.port}/host?key=secret`);
    expect(out).toMatchObject({ ok: true, body: `provider.test:${provider.port}` });
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup).toHaveBeenCalledWith('provider.test');
    expect(connectTargets).toEqual(['127.0.0.1']);
    expect(provider.requests.at(-1)?.headers.host).toBe(`provider.test:${provider.port}`);
  });
});

describe('timeouts', () => {
  /** A fetcher whose deadline runs on a manual clock, and a read started on it. */
  async function reading(path: string) {
    const clock = manualClock();
    const f = fetcher({ allowlist: [provider.hostPort], timeoutMs: 300, timers: clock });
    const seen = provider.requests.length;
    const outcome = f.fetch(`${provider.origin}${path}`);
    await vi.waitFor(() => expect(provider.requests.length).toBeGreaterThan(seen));
    return { clock, outcome };
  }

  it('times out when the server never answers', async () => {
    const { clock, outcome } = await reading('/hang');
    clock.advance(300);
    expectError(await outcome, 'Request timed out after 0.3 seconds');
  });

  it('times out when the headers come after the deadline, and not before it', async () => {
    const late = await reading('/slow-headers');
    late.clock.advance(300);
    expectError(await late.outcome, 'Request timed out after 0.3 seconds');
    // The same answer (1.5 s on the wall clock) within the deadline: the deadline alone decides.
    const inTime = await reading('/slow-headers');
    expect(await inTime.outcome).toMatchObject({ ok: true, body: 'late' });
  });

  it('times out on a body that trickles in past the deadline (it covers the body)', async () => {
    const { clock, outcome } = await reading('/trickle');
    await vi.waitFor(() => expect(trickled).toBeGreaterThan(3));
    clock.advance(300);
    expectError(await outcome, 'Request timed out after 0.3 seconds');
  });

  it('supports an abort signal from the caller', async () => {
    const f = fetcher({ allowlist: [provider.hostPort] });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    expectError(
      await f.fetch(`${provider.origin}/hang`, { signal: controller.signal }),
      'Request aborted',
    );
    expectError(
      await f.fetch(`${provider.origin}/json`, { signal: AbortSignal.abort() }),
      'Request aborted',
    );
  });
});

describe('HTTP errors and size cap', () => {
  it.each([500, 404, 403, 503])(
    'status %i → HTTP error, with the start of the answer',
    async (status) => {
      const f = fetcher({ allowlist: [provider.hostPort] });
      expect(await f.fetch(`${provider.origin}/status/${status}`)).toEqual({
        ok: false,
        kind: 'http',
        status,
        error: `HTTP error! status: ${status}`,
        excerpt: 'error page',
      });
    },
  );

  it('POSTs a body with headers when asked, and keeps a refused answer’s first 512 bytes and Retry-After', async () => {
    const f = fetcher({ allowlist: [provider.hostPort] });
    const seen = provider.requests.length;
    const out = await f.fetch(`${provider.origin}/status/429`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-test': 'yes' },
      body: '{"a":1}',
    });
    expect(out).toMatchObject({ ok: false, kind: 'http', status: 429 });
    const req = provider.requests[seen]!;
    expect(req.method).toBe('POST');
    expect(req.headers['x-test']).toBe('yes');
  });

  it.each([
    { name: 'chunked', headers: {} },
    { name: 'with content-length', headers: { 'content-length': String(5 * 1024 * 1024) } },
  ])('a 5 MB body ($name) is refused and the server-side socket is closed', async ({ headers }) => {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const big = await startFakeProvider((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', ...headers });
      let sent = 0;
      const pump = () => {
        while (sent < 80) {
          sent++;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('error', () => undefined);
      pump();
    });
    try {
      const f = fetcher({ allowlist: [big.hostPort] });
      expectError(await f.fetch(`${big.origin}/big`), 'Response too large (over 1 MB)');
      expect(big.requests).toHaveLength(1);
      await vi.waitFor(() => expect(big.openSockets()).toBe(0), { timeout: 2000, interval: 20 });
    } finally {
      await big.close();
    }
  });
});

describe('redirects', () => {
  it('refuses a redirect loop', async () => {
    const f = fetcher({ allowlist: [provider.hostPort] });
    expectError(await f.fetch(`${provider.origin}/loop`), 'Too many redirects');
  });

  it('follows 3 redirects and refuses the 4th', async () => {
    const f = fetcher({ allowlist: [provider.hostPort] });
    expect(await f.fetch(`${provider.origin}/redir/3?k=1`)).toMatchObject({
      ok: true,
      body: 'arrived',
      finalUrl: `${provider.origin}/redir/0?k=1`,
    });
    expectError(await f.fetch(`${provider.origin}/redir/4`), 'Too many redirects');
  });

  it('blocks a redirect to a loopback port that is not allow-listed', async () => {
    const f = fetcher({ allowlist: [provider.hostPort] });
    const target = encodeURIComponent(`http://127.0.0.1:${other.port}/steal`);
    expectError(
      await f.fetch(`${provider.origin}/to?url=${target}`),
      'Blocked address: 127.0.0.1 is not a public address',
    );
    expect(other.requests).toHaveLength(0);
  });

  it('blocks a redirect to a host name resolving to a private address', async () => {
    const lookup = vi.fn(async () => [{ address: '169.254.169.254', family: 4 as const }]);
    const f = fetcher({ allowlist: [provider.hostPort], lookup });
    const target = encodeURIComponent('http://metadata.test/latest/meta-data/');
    expectError(
      await f.fetch(`${provider.origin}/to?url=${target}`),
      'Blocked address: metadata.test is not a public address',
    );
    expect(lookup).toHaveBeenCalledWith('metadata.test');
    expect(connectTargets.every((h) => h === '127.0.0.1')).toBe(true);
  });

  it('refuses a redirect to ftp://', async () => {
    const f = fetcher({ allowlist: [provider.hostPort] });
    const target = encodeURIComponent('ftp://127.0.0.1/file');
    expectError(await f.fetch(`${provider.origin}/to?url=${target}`), 'Invalid API URL format');
  });
});

describe('address checks', () => {
  it.each([
    ['http://[::1]:PORT/', '[::1]'],
    ['http://2130706433:PORT/', '127.0.0.1'],
    ['http://127.1:PORT/', '127.0.0.1'],
    ['http://0:PORT/', '0.0.0.0'],
    ['http://0x7f000001:PORT/', '127.0.0.1'],
    ['http://0x7f.1:PORT/', '127.0.0.1'],
    ['http://0177.0.0.1:PORT/', '127.0.0.1'],
    ['http://[::ffff:127.0.0.1]:PORT/', '[::ffff:7f00:1]'],
    ['http://127.0.0.1:PORT/', '127.0.0.1'],
    ['http://localhost:PORT/', 'localhost'],
  ])('%s without allow-list → blocked, nothing reaches the server', async (link, host) => {
    const f = fetcher();
    const out = await f.fetch(`${link.replace('PORT', String(provider.port))}json?key=secret`);
    expectError(out, `Blocked address: ${host} is not a public address`);
    expect(connectTargets).toEqual([]);
    expect(provider.requests.filter((r) => r.url.startsWith('/json?key=secret'))).toHaveLength(0);
  });

  it('the same 127.0.0.1:PORT with the allow-list → ok', async () => {
    const f = fetcher({ allowlist: [`127.0.0.1:${provider.port}`] });
    expect(await f.fetch(`http://2130706433:${provider.port}/json`)).toMatchObject({
      ok: true,
      status: 200,
    });
  });

  it('the allow-list is exact per host:port (default ports included)', async () => {
    const f = fetcher({ allowlist: [`127.0.0.1:${other.port}`, '127.0.0.1:80'] });
    expectError(
      await f.fetch(`${provider.origin}/json`),
      'Blocked address: 127.0.0.1 is not a public address',
    );
    expect(connectTargets).toEqual([]);
  });

  it.each([
    '10.0.0.5',
    '172.16.3.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '127.0.0.1',
    '0.0.0.0',
    'fd00::1',
    'fe80::1',
    '::1',
    '::ffff:10.0.0.1',
    '224.0.0.1',
    '255.255.255.255',
  ])('a host name resolving to %s → blocked before any connection', async (address) => {
    const lookup = vi.fn(async () => [{ address, family: (net.isIPv6(address) ? 6 : 4) as 4 | 6 }]);
    const f = fetcher({ lookup });
    expectError(
      await f.fetch('https://provider.test/api?token=secret'),
      'Blocked address: provider.test is not a public address',
    );
    expect(lookup).toHaveBeenCalledWith('provider.test');
    expect(connectTargets).toEqual([]);
  });

  it('any bad address among the answers blocks the host', async () => {
    const lookup = vi.fn(async () => [
      { address: '8.8.8.8', family: 4 as const },
      { address: '10.0.0.5', family: 4 as const },
    ]);
    const f = fetcher({ lookup });
    expectError(
      await f.fetch('http://mixed.test/api'),
      'Blocked address: mixed.test is not a public address',
    );
    expect(connectTargets).toEqual([]);
  });

  it('reports a DNS failure', async () => {
    const lookup = vi.fn(async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.test'), { code: 'ENOTFOUND' });
    });
    const f = fetcher({ lookup });
    expectError(
      await f.fetch('http://nowhere.test/api?key=secret'),
      'Could not resolve host nowhere.test',
    );
    expect(connectTargets).toEqual([]);
  });

  it('reports a refused connection on an allow-listed closed loopback port', async () => {
    const port = await closedLoopbackPort();
    const f = fetcher({ allowlist: [`127.0.0.1:${port}`] });
    expectError(await f.fetch(`http://127.0.0.1:${port}/api`), 'Connection failed: ECONNREFUSED');
  });

  it.each(['', 'not a url', 'ftp://127.0.0.1/x', 'javascript:alert(1)', 'file:///etc/passwd'])(
    'invalid link %j → Invalid API URL format',
    async (link) => {
      expectError(await fetcher().fetch(link), 'Invalid API URL format');
      expect(connectTargets).toEqual([]);
    },
  );

  it('never puts the query string or credentials of the URL in the error text', async () => {
    const port = await closedLoopbackPort();
    const f = fetcher({
      allowlist: [provider.hostPort, `127.0.0.1:${port}`],
      timeoutMs: 300,
      lookup: async (h) => {
        if (h === 'private.test') return [{ address: '10.0.0.1', family: 4 }];
        throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
      },
    });
    const secret = 'user=alice&api_key=S3CRET-TOKEN';
    const links = [
      `http://alice:pa55word@127.0.0.1:${provider.port}/status/500?${secret}`,
      `${provider.origin}/hang?${secret}`,
      `${provider.origin}/loop?${secret}`,
      `http://alice:pa55word@private.test/api?${secret}`,
      `http://nowhere.test/api?${secret}`,
      `http://127.0.0.1:${port}/api?${secret}`,
      `http://127.0.0.1:${other.port}/api?${secret}`,
      `ftp://alice:pa55word@example.test/?${secret}`,
    ];
    for (const link of links) {
      const out = await f.fetch(link);
      expect(out.ok).toBe(false);
      const text = JSON.stringify(out);
      for (const leak of ['S3CRET', 'api_key', 'alice', 'pa55word', '/api', '/status']) {
        expect(text).not.toContain(leak);
      }
    }
  });

  it('close() closes the agent', async () => {
    const f = createSafeFetcher({ allowlist: [provider.hostPort] });
    expect(await f.fetch(`${provider.origin}/text`)).toMatchObject({ ok: true });
    await f.close();
    expect((await f.fetch(`${provider.origin}/text`)).ok).toBe(false);
  });
});

describe('isBlockedAddress', () => {
  it.each<[string, boolean]>([
    // public
    ['8.8.8.8', false],
    ['1.1.1.1', false],
    ['93.184.216.34', false],
    ['2606:4700::1', false],
    ['2001:4860:4860::8888', false],
    ['::ffff:8.8.8.8', false],
    ['64:ff9b::808:808', false],
    ['2002:808:808::1', false],
    // IPv4 special ranges
    ['127.0.0.1', true],
    ['127.255.255.254', true],
    ['0.0.0.0', true],
    ['0.1.2.3', true],
    ['10.0.0.5', true],
    ['172.16.3.4', true],
    ['172.31.255.255', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['169.254.0.1', true],
    ['100.64.0.1', true],
    ['100.127.255.255', true],
    ['224.0.0.1', true],
    ['239.255.255.250', true],
    ['255.255.255.255', true],
    ['240.0.0.1', true],
    ['192.0.2.1', true],
    ['198.18.0.1', true],
    // non-canonical IPv4 forms still classify
    ['2130706433', true],
    ['0x7f.1', true],
    ['0177.0.0.1', true],
    ['127.1', true],
    ['0', true],
    // IPv6
    ['::1', true],
    ['[::1]', true],
    ['::', true],
    ['fd00::1', true],
    ['fc00::1', true],
    ['fe80::1', true],
    ['fe80::1%eth0', true],
    ['ff02::1', true],
    ['::ffff:10.0.0.1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:169.254.169.254', true],
    ['::127.0.0.1', true],
    ['64:ff9b::a00:1', true],
    ['64:ff9b:1::a00:1', true],
    ['2002:a00:1::1', true],
    ['2002:7f00:1::1', true],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', true], // teredo, client 127.0.0.1
    ['2001:db8::1', true],
    ['fec0::1', true],
    // garbage fails closed
    ['', true],
    ['not-an-ip', true],
    ['999.1.1.1', true],
  ])('%s → %s', (ip, blocked) => {
    expect(isBlockedAddress(ip)).toBe(blocked);
  });
});

describe('parseProviderUrl', () => {
  it.each<[string, string | null]>([
    ['https://api.example.com/get?key=1', 'https://api.example.com/get?key=1'],
    ['  http://api.example.com  ', 'http://api.example.com/'],
    ['http://2130706433/', 'http://127.0.0.1/'],
    ['HTTP://Example.COM:8080/x', 'http://example.com:8080/x'],
    ['ftp://example.com/', null],
    ['file:///etc/passwd', null],
    ['data:text/plain,hi', null],
    ['/relative/path', null],
    ['http://', null],
    ['', null],
  ])('%j → %j', (raw, expected) => {
    expect(parseProviderUrl(raw)?.href ?? null).toBe(expected);
  });
});

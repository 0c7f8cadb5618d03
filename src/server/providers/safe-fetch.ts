import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector } from 'undici';
import { realTimers, type Scheduler } from '../clock.ts';

/**
 * SSRF-safe HTTP GET for provider "API links".
 *
 * - http/https only; the URL is parsed by WHATWG `URL`, which already turns decimal / octal / hex /
 *   short IPv4 forms (`http://2130706433/`, `http://0x7f.1/`, `http://127.1/`, `http://0/`) into
 *   dotted quads, so IP literals are always checked in canonical form.
 * - One undici `Agent` (keep-alive pool) whose connector resolves the host name itself, checks every
 *   resolved address and connects to a vetted address only — no second DNS lookup, so DNS rebinding
 *   cannot swap the address between the check and the connect. Host header and TLS servername stay
 *   the original host name.
 * - Redirects are followed by hand (each target re-parsed and re-checked), at most `maxRedirects`.
 * - One timer bounds the whole request including the body; the body is capped at `maxBytes`.
 * - Error texts never contain the URL (it holds the provider credentials), only the host name.
 */

/**
 * Why a fetch failed. `resolve`, `connect`, `timeout` and `blocked` are faults of the host as a
 * whole (the poller pauses a host that keeps failing so); the others belong to one link or answer.
 */
export type FetchFailure =
  | 'invalid'
  | 'blocked'
  | 'resolve'
  | 'connect'
  | 'timeout'
  | 'http'
  | 'too-large'
  | 'redirects'
  | 'aborted'
  | 'failed';

export type FetchOutcome =
  | { ok: true; status: number; contentType: string | undefined; body: string; finalUrl: string }
  | {
      ok: false;
      error: string;
      kind: FetchFailure;
      status?: number;
      /** A non-2xx answer: the start of its body (a few hundred bytes) and its Retry-After. */
      excerpt?: string;
      retryAfter?: string;
    };

/** A failure that means the host itself is down (no answer, or a gateway's 502–504), not one URL. */
export const isHostFailure = (f: { kind?: FetchFailure; status?: number }) =>
  f.kind === 'resolve' ||
  f.kind === 'connect' ||
  f.kind === 'timeout' ||
  f.kind === 'blocked' ||
  (f.kind === 'http' && (f.status === 502 || f.status === 503 || f.status === 504));

/** A request other than the default GET (webhooks POST a signed body). */
export type SafeRequest = {
  signal?: AbortSignal;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | Uint8Array;
};
/** How much of a refused answer's body is kept (delivery logs show it). */
export const EXCERPT_BYTES = 512;

export type LookupFn = (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;

export type SafeFetchOptions = {
  /** host:port pairs allowed even though their address is blocked (tests, local fake providers, demo provider). */
  allowlist?: string[];
  /** The whole request including the body. Default 10 000 ms. */
  timeoutMs?: number;
  /** Default 1 MiB. */
  maxBytes?: number;
  /** Default 3. */
  maxRedirects?: number;
  /** Resolver; default `dns.promises.lookup(host, { all: true })`. Tests stub it. */
  lookup?: LookupFn;
  /** Per-origin connection pool size of the undici Agent (default unlimited). */
  connections?: number;
  /** The timers of the whole-request deadline (tests step a manual clock). */
  timers?: Scheduler;
};

export type SafeFetcher = {
  fetch(url: string, init?: SafeRequest): Promise<FetchOutcome>;
  close(): Promise<void>;
};

const INVALID_URL = 'Invalid API URL format';
const TOO_MANY_REDIRECTS = 'Too many redirects';
const ABORTED = 'Request aborted';
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const REQUEST_HEADERS = {
  accept: 'application/json, text/plain;q=0.9, */*;q=0.8',
  'user-agent': 'VOIP-Manager/1.0',
};
const utf8 = new TextDecoder('utf-8');
/** Socket errors that mean the host cannot be reached at all. */
const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ETIMEDOUT',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

class BlockedAddressError extends Error {
  readonly code = 'ERR_BLOCKED_ADDRESS';
  constructor() {
    super('Blocked address');
  }
}

class ResolveError extends Error {
  readonly code = 'ERR_RESOLVE_HOST';
  constructor() {
    super('Could not resolve host');
  }
}

const defaultLookup: LookupFn = async (hostname) => {
  const found = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** Parses a provider link; only absolute http(s) URLs with a host are accepted. */
export function parseProviderUrl(raw: string): URL | null {
  if (typeof raw !== 'string') return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname) return null;
  return url;
}

function isPublicV4(addr: ipaddr.IPv4): boolean {
  return addr.range() === 'unicast';
}

function v4FromParts(hi: number, lo: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
}

function isPublicV6(addr: ipaddr.IPv6): boolean {
  const p = addr.parts;
  switch (addr.range()) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d
    case 'rfc6052': // NAT64 64:ff9b::/96 and 64:ff9b:1::/48, v4 in the last 32 bits
      return isPublicV4(v4FromParts(p[6]!, p[7]!));
    case '6to4': // 2002:AABB:CCDD::/48
      return isPublicV4(v4FromParts(p[1]!, p[2]!));
    case 'teredo': // 2001:0:SERVER:SERVER:flags:port:~CLIENT:~CLIENT
      return (
        isPublicV4(v4FromParts(p[2]!, p[3]!)) &&
        isPublicV4(v4FromParts(~p[6]! & 0xffff, ~p[7]! & 0xffff))
      );
    case 'unicast':
      // Only global unicast (2000::/3); this also rules out IPv4-compatible ::a.b.c.d and unassigned space.
      return p[0]! >= 0x2000 && p[0]! <= 0x3fff;
    default:
      return false;
  }
}

/**
 * True when `ip` is not a public unicast address (loopback, private, link-local, CGNAT, multicast,
 * broadcast, reserved, unspecified, IPv6 ULA / link-local, IPv4 embedded in IPv6 that is itself
 * blocked, …) or cannot be parsed at all (fail closed).
 */
export function isBlockedAddress(ip: string): boolean {
  let text = typeof ip === 'string' ? ip.trim() : '';
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  if (!text) return true;
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.parse(text);
  } catch {
    return true;
  }
  return addr.kind() === 'ipv4'
    ? !isPublicV4(addr as ipaddr.IPv4)
    : !isPublicV6(addr as ipaddr.IPv6);
}

function defaultPort(protocol: string): string {
  return protocol === 'https:' ? '443' : '80';
}

/** Canonical `host:port` key: lower-case host, IPv6 in brackets (as `URL.hostname` gives it). */
function allowKey(hostname: string, port: string, protocol: string): string {
  const host = net.isIPv6(hostname) ? `[${hostname}]` : hostname;
  return `${host}:${port || defaultPort(protocol)}`;
}

function normaliseAllowEntry(entry: string): string | null {
  const m = /^(.+):(\d{1,5})$/.exec(entry.trim().toLowerCase());
  if (!m) return null;
  try {
    return `${new URL(`http://${m[1]}/`).hostname}:${Number(m[2])}`;
  } catch {
    return null;
  }
}

function formatBytes(n: number): string {
  if (n % 1_048_576 === 0) return `${n / 1_048_576} MB`;
  if (n % 1024 === 0) return `${n / 1024} KB`;
  return `${n} bytes`;
}

function errorCode(err: unknown): string | undefined {
  if (!err || typeof err !== 'object') return undefined;
  const e = err as { code?: unknown; cause?: unknown; errors?: unknown };
  if (e.code === 'UND_ERR_SOCKET' || typeof e.code !== 'string') {
    const inner =
      errorCode(e.cause) ?? (Array.isArray(e.errors) ? errorCode(e.errors[0]) : undefined);
    if (inner) return inner;
  }
  return typeof e.code === 'string' ? e.code : undefined;
}

function firstHeader(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

export function createSafeFetcher(opts: SafeFetchOptions = {}): SafeFetcher {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const timers = opts.timers ?? realTimers;
  const maxBytes = opts.maxBytes ?? 1_048_576;
  const maxRedirects = opts.maxRedirects ?? 3;
  const lookup = opts.lookup ?? defaultLookup;
  const allow = new Set(
    (opts.allowlist ?? []).map(normaliseAllowEntry).filter((e): e is string => e !== null),
  );
  const timeoutMessage = `Request timed out after ${timeoutMs / 1000} seconds`;
  const tooLargeMessage = `Response too large (over ${formatBytes(maxBytes)})`;

  const baseConnect = buildConnector({ timeout: timeoutMs });

  /**
   * One lookup per host name at a time: the many numbers of one provider share it, so a host that
   * does not resolve (or resolves slowly) costs one resolver call, not one per number, and cannot
   * fill the resolver's thread pool.
   */
  const lookups = new Map<string, ReturnType<LookupFn>>();
  function lookupOnce(hostname: string) {
    let p = lookups.get(hostname);
    if (!p) {
      p = lookup(hostname).finally(() => lookups.delete(hostname));
      lookups.set(hostname, p);
    }
    return p;
  }

  /** Resolves, vets every address, returns the addresses to try (pinned: the socket goes to one of these). */
  async function vet(hostname: string, port: string, protocol: string): Promise<string[]> {
    const allowed = allow.has(allowKey(hostname, port, protocol));
    if (net.isIP(hostname)) {
      if (!allowed && isBlockedAddress(hostname)) throw new BlockedAddressError();
      return [hostname];
    }
    let found: { address: string; family: 4 | 6 }[];
    try {
      found = await lookupOnce(hostname);
    } catch {
      throw new ResolveError();
    }
    if (!Array.isArray(found) || found.length === 0) throw new ResolveError();
    const addresses = found.map((a) => a.address);
    // Any bad address blocks the host: a name that mixes public and private answers is a rebinding trick.
    if (!allowed && addresses.some((a) => !net.isIP(a) || isBlockedAddress(a))) {
      throw new BlockedAddressError();
    }
    return addresses.filter((a) => net.isIP(a));
  }

  const connect: buildConnector.connector = (options, callback) => {
    const { hostname, port, protocol } = options;
    const servername = options.servername || (net.isIP(hostname) ? undefined : hostname);
    vet(hostname, port, protocol).then(
      (addresses) => {
        // Connect to the vetted addresses in order (the next one only if the previous failed).
        const attempt = (i: number): void => {
          try {
            baseConnect({ ...options, hostname: addresses[i]!, servername }, (err, socket) => {
              if (err && i + 1 < addresses.length) attempt(i + 1);
              else if (err) callback(err, null);
              else callback(null, socket!);
            });
          } catch (err) {
            callback(err instanceof Error ? err : new Error(String(err)), null);
          }
        };
        attempt(0);
      },
      (err: Error) => callback(err, null),
    );
  };

  // The whole-request deadline in fetch() covers the headers and the body; undici's own timers
  // would only repeat it (on the wall clock, where a test could not step them).
  const agent = new Agent({
    connect,
    connections: opts.connections ?? null,
    headersTimeout: 0,
    bodyTimeout: 0,
  });

  function mapError(err: unknown, url: URL, timedOut: boolean, aborted: boolean): FetchOutcome {
    if (timedOut) return { ok: false, kind: 'timeout', error: timeoutMessage };
    if (aborted) return { ok: false, kind: 'aborted', error: ABORTED };
    if (err instanceof BlockedAddressError) {
      return {
        ok: false,
        kind: 'blocked',
        error: `Blocked address: ${url.hostname} is not a public address`,
      };
    }
    const code = errorCode(err);
    if (err instanceof ResolveError || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
      return { ok: false, kind: 'resolve', error: `Could not resolve host ${url.hostname}` };
    }
    if (code === 'UND_ERR_CONNECT_TIMEOUT') {
      return { ok: false, kind: 'timeout', error: timeoutMessage };
    }
    if (code && CONNECT_CODES.has(code)) {
      return { ok: false, kind: 'connect', error: `Connection failed: ${code}` };
    }
    return {
      ok: false,
      kind: 'failed',
      error: code ? `Connection failed: ${code}` : 'Request failed',
    };
  }

  async function fetch(raw: string, init?: SafeRequest): Promise<FetchOutcome> {
    let url = parseProviderUrl(raw);
    if (!url) return { ok: false, kind: 'invalid', error: INVALID_URL };
    const outer = init?.signal;
    if (outer?.aborted) return { ok: false, kind: 'aborted', error: ABORTED };

    const controller = new AbortController();
    let timedOut = false;
    const timer = timers.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onOuterAbort = () => controller.abort();
    outer?.addEventListener('abort', onOuterAbort, { once: true });

    try {
      for (let redirects = 0; ; redirects++) {
        // Fast path for IP literals: refuse before touching the pool (the connector checks again).
        if (
          net.isIP(url.hostname.replace(/^\[|\]$/g, '')) &&
          !allow.has(`${url.hostname}:${url.port || defaultPort(url.protocol)}`) &&
          isBlockedAddress(url.hostname)
        ) {
          throw new BlockedAddressError();
        }

        const res = await agent.request({
          origin: url.origin,
          path: url.pathname + url.search,
          method: init?.method ?? 'GET',
          headers: init?.headers ? { ...REQUEST_HEADERS, ...init.headers } : REQUEST_HEADERS,
          ...(init?.body === undefined ? {} : { body: init.body }),
          signal: controller.signal,
        });
        const status = res.statusCode;

        const location = firstHeader(res.headers.location);
        if (REDIRECT_STATUSES.has(status) && location) {
          await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
          if (redirects >= maxRedirects)
            return { ok: false, kind: 'redirects', error: TOO_MANY_REDIRECTS };
          let next: URL | null;
          try {
            next = parseProviderUrl(new URL(location, url).href);
          } catch {
            next = null;
          }
          if (!next) return { ok: false, kind: 'invalid', error: INVALID_URL };
          url = next;
          continue;
        }

        if (status < 200 || status >= 300) {
          const excerpt = await readStart(res.body, EXCERPT_BYTES);
          if (timedOut) return { ok: false, kind: 'timeout', error: timeoutMessage };
          const retryAfter = firstHeader(res.headers['retry-after']);
          return {
            ok: false,
            kind: 'http',
            status,
            error: `HTTP error! status: ${status}`,
            excerpt,
            ...(retryAfter ? { retryAfter } : {}),
          };
        }

        const declared = Number(firstHeader(res.headers['content-length']));
        if (Number.isFinite(declared) && declared > maxBytes) {
          res.body.destroy();
          return { ok: false, kind: 'too-large', error: tooLargeMessage };
        }
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of res.body as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > maxBytes) {
            res.body.destroy();
            return { ok: false, kind: 'too-large', error: tooLargeMessage };
          }
          chunks.push(chunk);
        }
        return {
          ok: true,
          status,
          contentType: firstHeader(res.headers['content-type']),
          body: utf8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size)),
          finalUrl: url.href,
        };
      }
    } catch (err) {
      return mapError(err, url, timedOut, outer?.aborted ?? false);
    } finally {
      timers.clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    }
  }

  return {
    fetch,
    close: () => agent.close(),
  };
}

/** The first `max` bytes of a body as text (the rest is dropped, the socket freed). */
async function readStart(body: AsyncIterable<Buffer> & { destroy(): void }, max: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= max) break;
    }
  } catch {
    // A body cut off midway: what came is enough.
  } finally {
    body.destroy();
  }
  return utf8.decode(Buffer.concat(chunks).subarray(0, max)).replace(/\uFFFD+$/, '');
}

/**
 * The soak's HTTP clients, in a worker thread (their own isolate: none of their memory is in the
 * app's heap that bench/soak measures). VIRTUAL_USERS users each run a loop of actions picked at
 * random by weight, with a think time between them, until told to stop:
 * sign-ins of new visitors (and sign-outs or account deletions), listing and searching numbers,
 * adding and deleting numbers, tags, the messages list, refresh / test / expect on a number, the
 * owner's live stream and public live streams opened and closed, public page and single-endpoint
 * reads (JSON, latest code, a short `?wait`), admin dashboard reads, blog reads and post views,
 * analytics events, signed-in and public date checks.
 *
 * Every client address is its own (`X-Forwarded-For`, which the app believes from loopback: its
 * default TRUST_PROXY), as many visitors behind a proxy are: each stays within the per-address
 * limits, so the load measures the app rather than its rate limiter. Every request names the
 * statuses it expects; anything else is counted as unexpected (429s apart).
 *
 * Main → worker: `{ type: 'mail', to, text }` (the app's mailer), `{ type: 'sample' }` (replies
 * the window's figures and starts a new window), `{ type: 'stop' }` (replies the totals).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Agent, request } from 'undici';
import type { SoakHosts } from './providers.ts';

export type LoadConfig = {
  base: string;
  hosts: SoakHosts;
  users: number;
  thinkMs: number;
  adminEmail: string;
};
export type WindowStats = {
  requests: number;
  p50: number;
  p99: number;
  /** Answers by status (and `error` for a failed connection). */
  statuses: Record<string, number>;
  streams: number;
};
export type LoadTotals = {
  /** `METHOD label` → status → count. */
  byRoute: Record<string, Record<string, number>>;
  /** The first unexpected answers (route, status, body start). */
  unexpected: string[];
  unexpectedCount: number;
  streamsOpened: number;
  streamEvents: number;
  signIns: number;
};
export type LoadReply =
  | { type: 'ready'; setupMs: number }
  | { type: 'sample'; stats: WindowStats }
  | { type: 'done'; totals: LoadTotals }
  | { type: 'failed'; error: string };

const port = parentPort!;
const cfg = workerData as LoadConfig;
const agent = new Agent({ connections: 64, keepAliveTimeout: 10_000 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

// --- figures -------------------------------------------------------------------------------------

let latencies: number[] = [];
let windowStatuses: Record<string, number> = {};
let windowStreams = 0;
const totals: LoadTotals = {
  byRoute: {},
  unexpected: [],
  unexpectedCount: 0,
  streamsOpened: 0,
  streamEvents: 0,
  signIns: 0,
};
function count(route: string, status: string) {
  windowStatuses[status] = (windowStatuses[status] ?? 0) + 1;
  const r = (totals.byRoute[route] ??= {});
  r[status] = (r[status] ?? 0) + 1;
}
function unexpected(route: string, status: string, body: string) {
  totals.unexpectedCount++;
  if (totals.unexpected.length < 20)
    totals.unexpected.push(`${route} → ${status} ${body.slice(0, 200)}`);
}
const pct = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

// --- requests ------------------------------------------------------------------------------------

type Call = {
  body?: unknown;
  cookie?: string;
  ip: string;
  expect?: number[];
  /** Long on purpose (a wait, a stream of provider reads): not in the latency figures. */
  untimed?: boolean;
  headers?: Record<string, string>;
};
type Answer = {
  status: number;
  text: string;
  headers: Record<string, string | string[] | undefined>;
};

async function call(method: string, path: string, label: string, c: Call): Promise<Answer> {
  const route = `${method} ${label}`;
  const t = performance.now();
  const headers: Record<string, string> = { 'x-forwarded-for': c.ip, ...c.headers };
  if (c.cookie) headers.cookie = c.cookie;
  if (c.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await request(cfg.base + path, {
      method: method as 'GET',
      headers,
      body: c.body === undefined ? undefined : JSON.stringify(c.body),
      dispatcher: agent,
    });
    const text = await res.body.text();
    if (!c.untimed) latencies.push(performance.now() - t);
    const status = String(res.statusCode);
    count(route, status);
    if (!(c.expect ?? [200]).includes(res.statusCode) && res.statusCode !== 429)
      unexpected(route, status, text);
    return { status: res.statusCode, text, headers: res.headers };
  } catch (err) {
    count(route, 'error');
    unexpected(route, 'error', String(err));
    return { status: 0, text: '', headers: {} };
  }
}
const json = <T>(a: Answer) => JSON.parse(a.text) as T;

/** Opens an event stream, reads it for `ms`, then hangs up. */
async function stream(path: string, label: string, ip: string, ms: number, cookie?: string) {
  const route = `GET ${label}`;
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), ms);
  try {
    const res = await request(cfg.base + path, {
      headers: {
        'x-forwarded-for': ip,
        accept: 'text/event-stream',
        ...(cookie ? { cookie } : {}),
      },
      signal: ac.signal,
      dispatcher: agent,
    });
    count(route, String(res.statusCode));
    windowStreams++;
    if (res.statusCode !== 200) {
      const text = await res.body.text();
      if (res.statusCode !== 429) unexpected(route, String(res.statusCode), text);
      return;
    }
    totals.streamsOpened++;
    try {
      for await (const chunk of res.body) {
        totals.streamEvents += (String(chunk).match(/^event: message$/gm) ?? []).length;
      }
    } catch (err) {
      if (!ac.signal.aborted) unexpected(route, 'broken', String(err));
    }
  } catch (err) {
    if (!ac.signal.aborted) {
      count(route, 'error');
      unexpected(route, 'error', String(err));
    }
  } finally {
    clearTimeout(timer);
  }
}

// --- sign-in (codes come from the app's mailer, in the main thread) ------------------------------

const mailWaiters = new Map<string, (text: string) => void>();
const mailBox = new Map<string, string>();
function mailFor(email: string): Promise<string> {
  const got = mailBox.get(email);
  if (got !== undefined) {
    mailBox.delete(email);
    return Promise.resolve(got);
  }
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no mail for ${email} in 10 s`)), 10_000);
    mailWaiters.set(email, (text) => {
      clearTimeout(t);
      resolve(text);
    });
  });
}

async function signIn(email: string, ip: string): Promise<{ cookie: string; id: string }> {
  const sent = await call('POST', '/v1/auth/code', '/v1/auth/code', { ip, body: { email } });
  if (sent.status !== 200)
    throw new Error(`sign-in code for ${email}: ${sent.status} ${sent.text}`);
  const code = /code is (\d{6})/.exec(await mailFor(email))?.[1];
  if (!code) throw new Error(`no code in the mail to ${email}`);
  const v = await call('POST', '/v1/auth/verify', '/v1/auth/verify', { ip, body: { email, code } });
  if (v.status !== 200) throw new Error(`verify ${email}: ${v.status} ${v.text}`);
  totals.signIns++;
  const set = ([] as string[]).concat(v.headers['set-cookie'] ?? []);
  const cookie = set.find((c) => c.startsWith('vm_session='))?.split(';')[0];
  if (!cookie) throw new Error('no vm_session cookie');
  return { cookie, id: json<{ id: string }>(v).id };
}

// --- the virtual users ---------------------------------------------------------------------------

type Share = { pageHash: string; singleHashes: string[] };
const shares: Share[] = [];
const slugs: string[] = [];
let stopping = false;

type Number = { id: string; phoneNumber: string };
type User = {
  i: number;
  ip: string;
  cookie: string;
  admin: boolean;
  numbers: Number[];
  extra: Number[];
  tags: string[];
  visitors: number;
  added: number;
  /** The anonymous visitor this user plays now (a new address every VISITOR_REQUESTS requests). */
  visitor: { k: number; left: number };
};

/**
 * Anonymous requests (public pages and endpoints, the blog, analytics events, the public date
 * check) come from many addresses, as a public site's visitors do: a new one every few requests.
 * Whatever the app keeps per address must not pile up.
 */
const VISITOR_REQUESTS = 5;
function visitor(u: User) {
  if (--u.visitor.left <= 0) u.visitor = { k: u.visitor.k + 1, left: VISITOR_REQUESTS };
  const k = u.visitor.k;
  return `10.${100 + u.i}.${(k >> 8) & 255}.${k & 255}`;
}

/** A link to a fake provider host of the kind the n-th number gets (see `bench/soak/providers.ts`). */
function linkOf(n: number, phone: string) {
  const h = cfg.hosts;
  const host =
    n % 12 === 9
      ? h.slow
      : n % 12 === 10
        ? h.bad
        : n % 12 === 11
          ? n % 24 === 11
            ? h.hung
            : h.dead
          : h.healthy[n % 3]!;
  return `http://${host}/p/${phone}?key=k${n}`;
}
const phoneOf = (vu: number, n: number) => String(2025000000 + vu * 10_000 + n);

async function setUp(i: number): Promise<User> {
  const admin = i === 0;
  const email = admin ? cfg.adminEmail : `soak-user-${i}@example.com`;
  const ip = `10.0.0.${i + 1}`;
  const { cookie } = await signIn(email, ip);
  const u: User = {
    i,
    ip,
    cookie,
    admin,
    numbers: [],
    extra: [],
    tags: [],
    visitors: 0,
    added: 0,
    visitor: { k: 0, left: VISITOR_REQUESTS },
  };
  for (const name of ['work', 'sms', `user ${i}`]) {
    const t = await call('POST', '/v1/tags', '/v1/tags', {
      ip,
      cookie,
      body: { name },
      expect: [201],
    });
    u.tags.push(json<{ id: string }>(t).id);
  }
  // 12 numbers: 9 on healthy hosts, one slow, one answering bad payloads, one hung or dead.
  for (let n = 0; n < 12; n++) {
    const phone = phoneOf(i, n);
    const r = await call('POST', '/v1/numbers', '/v1/numbers', {
      ip,
      cookie,
      expect: [201],
      body: { phoneNumber: phone, apiLink: linkOf(n, phone), tagIds: [u.tags[n % 3]!] },
    });
    if (r.status !== 201) throw new Error(`add number: ${r.status} ${r.text}`);
    u.numbers.push(json<Number>(r));
  }
  const page = await call('POST', '/v1/pages', '/v1/pages', {
    ip,
    cookie,
    expect: [201],
    body: { name: `Soak page ${i}`, numberIds: u.numbers.slice(0, 6).map((n) => n.id) },
  });
  const singles: string[] = [];
  for (const n of [u.numbers[0]!, u.numbers[10]!]) {
    const e = await call('POST', '/v1/single-endpoints', '/v1/single-endpoints', {
      ip,
      cookie,
      expect: [201],
      body: { numberId: n.id },
    });
    singles.push(json<{ hash: string }>(e).hash);
  }
  shares.push({ pageHash: json<{ hash: string }>(page).hash, singleHashes: singles });
  if (admin) {
    const on = await call('PUT', '/v1/admin/settings/blog_enabled', '/v1/admin/settings/:key', {
      ip,
      cookie,
      body: { value: true },
    });
    if (on.status !== 200) throw new Error(`blog_enabled: ${on.status} ${on.text}`);
    for (let p = 0; p < 4; p++) {
      const slug = `soak-post-${p}`;
      const r = await call('POST', '/v1/admin/posts', '/v1/admin/posts', {
        ip,
        cookie,
        expect: [201],
        body: {
          title: `Soak post ${p}`,
          slug,
          excerpt: 'How verification codes reach you.',
          content: `# Post ${p}\n\n${'Some **bold** text and a [link](https://example.com/x). '.repeat(40)}\n\n- one\n- two\n`,
          published: true,
        },
      });
      if (r.status !== 201) throw new Error(`blog post: ${r.status} ${r.text}`);
      slugs.push(slug);
    }
  }
  return u;
}

const anyShare = () => pick(shares);
const sessionId = (u: User) => `soak-session-${u.i}-${Math.floor(Date.now() / 60_000)}`;

/** One action of a user, by weight. */
const actions: [number, (u: User) => Promise<unknown>][] = [
  [10, (u) => call('GET', '/v1/numbers?limit=50', '/v1/numbers', u)],
  [
    8,
    (u) => {
      const q = pick([
        'work',
        'sms',
        '202500',
        String(u.i * 10_000 + 3),
        '127.0.0',
        'nothing-here',
        '%_',
      ]);
      return call('GET', `/v1/numbers?limit=50&q=${encodeURIComponent(q)}`, '/v1/numbers?q', u);
    },
  ],
  [2, (u) => call('GET', `/v1/numbers?limit=50&tag=${pick(u.tags)}`, '/v1/numbers?tag', u)],
  [
    6,
    async (u) => {
      // Numbers come and go: at most 4 extra ones per user.
      if (u.extra.length >= 4) {
        const n = u.extra.shift()!;
        return call('DELETE', `/v1/numbers/${n.id}`, '/v1/numbers/:id', { ...u, expect: [204] });
      }
      const phone = phoneOf(u.i, 100 + (u.added++ % 5000));
      const r = await call('POST', '/v1/numbers', '/v1/numbers', {
        ...u,
        expect: [201],
        body: { phoneNumber: phone, apiLink: linkOf(u.added, phone), tagIds: [pick(u.tags)] },
      });
      if (r.status === 201) u.extra.push(json<Number>(r));
    },
  ],
  [
    4,
    async (u) => {
      const name = `tag ${Math.floor(Math.random() * 8)}`;
      const t = await call('POST', '/v1/tags', '/v1/tags', {
        ...u,
        body: { name },
        expect: [200, 201],
      });
      const id = t.status < 300 ? json<{ id: string }>(t).id : pick(u.tags);
      const n = pick(u.numbers);
      return call('PATCH', `/v1/numbers/${n.id}`, '/v1/numbers/:id', {
        ...u,
        body: { tagIds: Math.random() < 0.5 ? [id, pick(u.tags)] : [pick(u.tags)] },
      });
    },
  ],
  [2, (u) => call('GET', '/v1/tags', '/v1/tags', u)],
  [8, (u) => call('GET', '/v1/messages?limit=50', '/v1/messages', u)],
  [
    3,
    (u) =>
      call(
        'GET',
        `/v1/messages?limit=50&numberId=${pick(u.numbers).id}`,
        '/v1/messages?numberId',
        u,
      ),
  ],
  [2, (u) => call('GET', '/v1/messages?limit=50&q=Telegram', '/v1/messages?q', u)],
  [
    2,
    (u) =>
      call('POST', `/v1/numbers/${pick(u.numbers).id}/refresh`, '/v1/numbers/:id/refresh', {
        ...u,
        untimed: true,
      }),
  ],
  [
    1,
    (u) =>
      call('POST', `/v1/numbers/${pick(u.numbers).id}/test`, '/v1/numbers/:id/test', {
        ...u,
        untimed: true,
      }),
  ],
  [
    2,
    (u) =>
      call('POST', `/v1/numbers/${pick(u.numbers).id}/expect`, '/v1/numbers/:id/expect', {
        ...u,
        expect: [202],
      }),
  ],
  [3, (u) => stream('/v1/events', '/v1/events (SSE)', u.ip, 2000 + Math.random() * 6000, u.cookie)],
  [
    3,
    (u) =>
      stream(
        `/v1/public/pages/${anyShare().pageHash}/events`,
        '/v1/public/pages/:hash/events (SSE)',
        visitor(u),
        2000 + Math.random() * 6000,
      ),
  ],
  [
    1,
    (u) =>
      stream(
        `/v1/public/single/${pick(anyShare().singleHashes)}/events`,
        '/v1/public/single/:hash/events (SSE)',
        visitor(u),
        3000,
      ),
  ],
  [
    8,
    (u) =>
      call('GET', `/v1/public/pages/${anyShare().pageHash}`, '/v1/public/pages/:hash', {
        ip: visitor(u),
      }),
  ],
  [
    8,
    (u) =>
      call('GET', `/v1/public/single/${pick(anyShare().singleHashes)}`, '/v1/public/single/:hash', {
        ip: visitor(u),
      }),
  ],
  [
    4,
    (u) =>
      call(
        'GET',
        `/v1/public/single/${pick(anyShare().singleHashes)}/latest`,
        '/v1/public/single/:hash/latest',
        {
          ip: visitor(u),
          expect: [200, 204],
          headers: Math.random() < 0.5 ? { accept: 'text/plain' } : {},
        },
      ),
  ],
  [
    1,
    (u) =>
      call(
        'GET',
        `/v1/public/single/${pick(anyShare().singleHashes)}/latest?wait=2`,
        '/v1/public/single/:hash/latest?wait',
        {
          ip: visitor(u),
          untimed: true,
        },
      ),
  ],
  [
    1,
    (u) =>
      call(
        'POST',
        `/v1/public/single/${pick(anyShare().singleHashes)}/expect`,
        '/v1/public/single/:hash/expect',
        { ip: visitor(u), expect: [202] },
      ),
  ],
  [
    2,
    (u) =>
      call(
        'GET',
        `/v1/public/pages/${Math.random() < 0.5 ? 'A'.repeat(22) : 'not-a-hash'}`,
        '/v1/public/pages/:hash (unknown)',
        {
          ip: visitor(u),
          expect: [404],
        },
      ),
  ],
  [
    4,
    async (u) => {
      if (!u.admin) return call('GET', '/v1/me', '/v1/me', u);
      const what = pick([
        '/v1/admin/dashboard/users',
        '/v1/admin/dashboard/blog',
        '/v1/admin/dashboard/activity',
        '/v1/admin/users?q=soak',
        '/v1/admin/users?status=verified',
        '/v1/admin/analytics?range=7d',
        '/v1/admin/settings',
        '/v1/admin/audit',
      ]);
      return call('GET', what, what.split('?')[0]!, u);
    },
  ],
  [3, (u) => call('GET', '/v1/blog/posts', '/v1/blog/posts', { ip: visitor(u) })],
  [
    3,
    (u) => call('GET', `/v1/blog/posts/${pick(slugs)}`, '/v1/blog/posts/:slug', { ip: visitor(u) }),
  ],
  [
    2,
    (u) =>
      call('POST', `/v1/blog/posts/${pick(slugs)}/views`, '/v1/blog/posts/:slug/views', {
        ip: visitor(u),
        body: { sessionId: sessionId(u) },
      }),
  ],
  [
    1,
    (u) =>
      call('GET', pick(['/rss.xml', '/sitemap.xml', '/robots.txt']), '/rss|sitemap|robots', {
        ip: visitor(u),
      }),
  ],
  [
    4,
    (u) =>
      call('POST', '/v1/analytics/events', '/v1/analytics/events', {
        ip: visitor(u),
        expect: [202],
        body: {
          type: 'page_view',
          sessionId: sessionId(u),
          pageUrl: pick(['/', '/blog', `/blog/${pick(slugs)}`, '/date-checker']),
        },
      }),
  ],
  [
    1,
    (u) =>
      call('POST', '/v1/date-checks', '/v1/date-checks', {
        ...u,
        untimed: true,
        body: { numberIds: [pick(u.numbers).id, pick(u.numbers).id] },
      }),
  ],
  [
    0.5,
    (u) =>
      call('POST', '/v1/public/date-check', '/v1/public/date-check', {
        ip: visitor(u),
        untimed: true,
        body: {
          lines: `${phoneOf(u.i, 0)}|${linkOf(0, phoneOf(u.i, 0))}\n${phoneOf(u.i, 10)}|${linkOf(10, phoneOf(u.i, 10))}`,
        },
      }),
  ],
  [
    2,
    async (u) => {
      // A new visitor signs up, looks around and signs out (or deletes the account).
      const k = u.visitors++;
      const email = `soak-visitor-${u.i}-${k}@example.com`;
      const ip = `10.${1 + u.i}.${(k >> 8) & 255}.${k & 255}`;
      const s = await signIn(email, ip);
      const v = { ip, cookie: s.cookie };
      await call('GET', '/v1/me', '/v1/me', v);
      await call('GET', '/v1/me/sessions', '/v1/me/sessions', v);
      if (k % 2 === 0)
        return call('POST', '/v1/auth/signout', '/v1/auth/signout', { ...v, expect: [200, 204] });
      return call('DELETE', '/v1/me', '/v1/me', { ...v, body: { email }, expect: [200, 204] });
    },
  ],
  [2, (u) => call('GET', '/v1/auth/session', '/v1/auth/session', u)],
  [
    2,
    (u) =>
      call(
        'GET',
        pick(['/v1/site', '/v1/public/stats', '/healthz']),
        '/v1/site|public/stats|healthz',
        { ip: visitor(u) },
      ),
  ],
];
const weights = actions.reduce((s, [w]) => s + w, 0);
function nextAction() {
  let r = Math.random() * weights;
  for (const [w, fn] of actions) if ((r -= w) < 0) return fn;
  return actions[0]![1];
}

async function run(u: User) {
  while (!stopping) {
    try {
      await nextAction()(u);
    } catch (err) {
      unexpected('action', 'threw', String(err));
    }
    await sleep(Math.random() * 2 * cfg.thinkMs);
  }
}

// --- wiring --------------------------------------------------------------------------------------

let loops: Promise<void>[] = [];
port.on('message', (m: { type: string; to?: string; text?: string }) => {
  if (m.type === 'mail') {
    const w = mailWaiters.get(m.to!);
    if (w) {
      mailWaiters.delete(m.to!);
      w(m.text!);
    } else mailBox.set(m.to!, m.text!);
  } else if (m.type === 'sample') {
    const sorted = latencies.sort((a, b) => a - b);
    const stats: WindowStats = {
      requests: sorted.length,
      p50: Math.round(pct(sorted, 50)),
      p99: Math.round(pct(sorted, 99)),
      statuses: windowStatuses,
      streams: windowStreams,
    };
    latencies = [];
    windowStatuses = {};
    windowStreams = 0;
    port.postMessage({ type: 'sample', stats } satisfies LoadReply);
  } else if (m.type === 'stop') {
    stopping = true;
    void Promise.all(loops).then(async () => {
      await agent.close();
      port.postMessage({ type: 'done', totals } satisfies LoadReply);
    });
  }
});

try {
  const t = performance.now();
  const users: User[] = [];
  for (let i = 0; i < cfg.users; i++) users.push(await setUp(i));
  port.postMessage({
    type: 'ready',
    setupMs: Math.round(performance.now() - t),
  } satisfies LoadReply);
  loops = users.map(run);
} catch (err) {
  port.postMessage({
    type: 'failed',
    error: String((err as Error).stack ?? err),
  } satisfies LoadReply);
}

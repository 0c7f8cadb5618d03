import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';
import { adminUsers, messages, siteSettings, voipNumbers } from '../../db/schema.ts';
import { startFakeProvider, type FakeProvider } from '../../test/fake-provider.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';

/*
 * What the settings do: maintenance mode (API writes, pages, the poller), the number limit, the
 * message retention, and the site name, description and contact email in the served HTML.
 */

type Who = { cookie: string; user: { id: string }; email: string } | null;

let t: TestApp;
let provider: FakeProvider;
let clientDir: string;
let user: Who;
let admin: Who;
/** phone → messages the fake provider answers. */
const inbox = new Map<string, { id: string; from: string; content: string; timestamp: string }[]>();

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="${DEFAULT_SETTINGS.site_description}"
    />
    <title>VOIP Manager</title>
    <script type="module" crossorigin src="/assets/app.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const CONTACT = INDEX.replace(
  '<title>VOIP Manager</title>',
  '<title>Contact · VOIP Manager</title>',
).replace(
  '<div id="root"></div>',
  `<div id="root" data-prerendered="/contact"><a href="mailto:${DEFAULT_SETTINGS.contact_email}">${DEFAULT_SETTINGS.contact_email}</a></div>`,
);

beforeAll(async () => {
  provider = await startFakeProvider((req, res) => {
    const phone = /^\/p\/(\d+)/.exec(req.url ?? '')?.[1] ?? '';
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ messages: inbox.get(phone) ?? [] }));
  });
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voip-settings-client-'));
  fs.mkdirSync(path.join(clientDir, 'pages'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(clientDir, 'pages/contact.html'), CONTACT);
  fs.writeFileSync(
    path.join(clientDir, 'pages.json'),
    JSON.stringify({ '/contact': 'pages/contact.html' }),
  );
  fs.writeFileSync(path.join(clientDir, 'assets/app.js'), 'console.log(1)\n');
  fs.writeFileSync(path.join(clientDir, 'manifest.webmanifest'), '{"name":"VOIP Manager"}');
  t = await createTestApp({
    env: { PROVIDER_ALLOWLIST: provider.hostPort },
    clientDir,
    poller: { idleMs: 20 },
  });
  user = await signIn(t, 'user@example.com');
  admin = await signIn(t, 'boss@example.com');
  await t.database.db.insert(adminUsers).values({ userId: admin.user.id, role: 'admin' });
});
afterAll(async () => {
  await t.close();
  await provider.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.database.db.delete(siteSettings);
  await t.database.db.delete(voipNumbers);
  t.app.settings.invalidate();
});

const req = (
  who: Who,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
async function setSetting(key: string, value: unknown) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/v1/admin/settings/${key}`,
    headers: { cookie: admin!.cookie },
    payload: { value },
  });
  expect(res.statusCode, res.body).toBe(200);
}
let seq = 0;
const phone = () => `4155${String(++seq).padStart(6, '0')}`;
const addNumber = (who: Who, p = phone()) =>
  req(who, 'POST', '/v1/numbers', { phoneNumber: p, apiLink: `${provider.origin}/p/${p}` });
const page = (who: Who, url: string) =>
  t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });

describe('maintenance mode', () => {
  it("refuses a non-admin's writes with 503 and Retry-After; reads, sign-in and admins keep working", async () => {
    expect((await addNumber(user)).statusCode).toBe(201);
    await setSetting('maintenance_mode', true);

    const refused = await addNumber(user);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json().error).toMatchObject({
      code: 'MAINTENANCE',
      message: 'VOIP Manager is down for maintenance. Please try again later.',
    });
    expect((await req(user, 'PATCH', '/v1/me', { codeToasts: false })).statusCode).toBe(503);
    expect((await req(null, 'POST', '/v1/contact', {})).statusCode).toBe(503);
    // A percent-encoded path routes to the same endpoint and is refused the same way.
    for (const url of ['/%761/contact', '/v%31/contact']) {
      expect((await req(null, 'POST', url, {})).statusCode, url).toBe(503);
    }

    const list = await req(user, 'GET', '/v1/numbers');
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toHaveLength(1);
    // Sign-in goes on (an admin must be able to sign in to turn it off).
    expect(
      (await req(null, 'POST', '/v1/auth/code', { email: 'someone@example.com' })).statusCode,
    ).toBe(200);
    expect((await addNumber(admin)).statusCode).toBe(201);

    await setSetting('maintenance_mode', false);
    expect((await addNumber(user)).statusCode).toBe(201);
  });

  it('serves the maintenance page to non-admins, except sign-in and the admin area', async () => {
    await setSetting('site_name', 'Acme <Codes>');
    await setSetting('maintenance_mode', true);
    for (const [who, url] of [
      [null, '/'],
      [user, '/dashboard'],
      [null, '/contact'],
      [user, '/index.html'],
      [null, '/pages/contact.html'],
    ] as const) {
      const res = await page(who, url);
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('<title>Down for maintenance · Acme &lt;Codes&gt;</title>');
      expect(res.body).toContain(
        'Acme &lt;Codes&gt; is down for maintenance. Please try again later.',
      );
      expect(res.body).toContain('<a href="/auth">Administrator? Sign in</a>');
      // An open maintenance page loads itself again after Retry-After.
      expect(res.body).toContain('<meta http-equiv="refresh" content="60" />');
    }
    for (const url of [
      '/auth',
      '/auth?next=%2Fadmin',
      '/verify-email',
      '/admin',
      '/admin/settings',
    ]) {
      expect((await page(user, url)).statusCode, url).toBe(200);
    }
    // Assets keep being served, and an admin gets the pages themselves.
    expect((await page(null, '/assets/app.js')).statusCode).toBe(200);
    expect((await page(null, '/manifest.webmanifest')).statusCode).toBe(200);
    const offline = await page(null, '/offline.html');
    expect(offline.statusCode).toBe(200);
    expect(offline.body).toContain('<h1>You are offline</h1>');
    const asAdmin = await page(admin, '/dashboard');
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.body).toContain('<div id="root"></div>');

    await setSetting('maintenance_mode', false);
    expect((await page(user, '/dashboard')).statusCode).toBe(200);
  });

  it('keeps the shared pages working: /api/{hash} and /single/{hash}, their reads and Copy Number', async () => {
    const n = (await addNumber(user)).json() as { id: string };
    const made = await req(user, 'POST', '/v1/single-endpoints', { numberId: n.id });
    expect(made.statusCode, made.body).toBe(201);
    const { hash } = made.json() as { hash: string };
    await setSetting('maintenance_mode', true);
    for (const url of [`/api/${hash}`, `/single/${hash}`]) {
      const res = await page(null, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
    expect((await req(null, 'GET', `/v1/public/single/${hash}`)).statusCode).toBe(200);
    const copied = await req(null, 'POST', `/v1/public/single/${hash}/expect`);
    expect(copied.statusCode, copied.body).toBe(202);
    // A page view is no one's change: it is recorded.
    const view = await req(null, 'POST', '/v1/analytics/events', {
      type: 'page_view',
      sessionId: 'sess_0123456789abcdef',
      pageUrl: `/single/${hash}`,
    });
    expect(view.statusCode, view.body).toBe(202);
    // The owner's own writes stay refused, and so do other public ones.
    expect((await req(user, 'DELETE', `/v1/single-endpoints/${made.json().id}`)).statusCode).toBe(
      503,
    );
    expect((await req(null, 'POST', '/v1/public/date-check', { lines: 'x' })).statusCode).toBe(503);
    await setSetting('maintenance_mode', false);
  });

  it('keeps polling: a number is still polled and its code stored', async () => {
    const p = phone();
    expect((await addNumber(user, p)).statusCode).toBe(201);
    await setSetting('maintenance_mode', true);
    inbox.set(p, [
      { id: 'm1', from: 'Svc', content: 'Your code is 482913', timestamp: '2026-01-01T10:00:00Z' },
    ]);
    await t.database.db.update(voipNumbers).set({ nextPollAt: t.clock.now(), leaseUntil: null });
    await t.app.poller.drain();
    const stored = await t.database.db.select().from(messages);
    expect(stored.map((m) => m.code)).toEqual(['482913']);
  });
});

describe('max_messages_per_number', () => {
  it("is the poller's retention", async () => {
    await setSetting('max_messages_per_number', 10);
    const p = phone();
    const res = await addNumber(user, p);
    inbox.set(
      p,
      Array.from({ length: 14 }, (_, i) => ({
        id: `k${i}`,
        from: 'Svc',
        content: `Your code is ${100000 + i}`,
        timestamp: `2026-01-01T10:${String(i).padStart(2, '0')}:00Z`,
      })),
    );
    await t.database.db.update(voipNumbers).set({ nextPollAt: t.clock.now(), leaseUntil: null });
    await t.app.poller.drain();
    const kept = await t.database.db
      .select({ code: messages.code })
      .from(messages)
      .where(eq(messages.voipNumberId, res.json().id));
    expect(kept.map((m) => m.code).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => String(100004 + i)),
    );
  });
});

describe('max_numbers_per_user', () => {
  it('refuses adding past the limit with a message naming it', async () => {
    await setSetting('max_numbers_per_user', 2);
    expect((await addNumber(user)).statusCode).toBe(201);
    expect((await addNumber(user)).statusCode).toBe(201);
    const res = await addNumber(user);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'NUMBER_LIMIT_REACHED',
      message: 'You can have at most 2 numbers. Remove some before adding more.',
    });
    // Another user has their own allowance.
    expect((await addNumber(admin)).statusCode).toBe(201);
  });

  it('at the limit, a number already stored is still "already exists", not the limit', async () => {
    await setSetting('max_numbers_per_user', 1);
    const p = phone();
    const other = await signIn(t, `limit-${Date.now()}@example.com`, '192.0.2.77');
    expect((await addNumber(other, p)).statusCode).toBe(201);
    const again = await addNumber(other, p);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('NUMBER_ALREADY_EXISTS');
    expect((await addNumber(other)).json().error.code).toBe('NUMBER_LIMIT_REACHED');
  });

  it('refuses a whole import that would pass it, saying how many fit; duplicates do not count', async () => {
    await setSetting('max_numbers_per_user', 3);
    const first = phone();
    expect((await addNumber(user, first)).statusCode).toBe(201);
    const lines = (phones: string[]) =>
      phones.map((p) => `${p}|${provider.origin}/p/${p}`).join('\n');
    const three = [phone(), phone(), phone()];
    const refused = await req(user, 'POST', '/v1/numbers/import', {
      text: lines(three),
      format: 'bulk',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'NUMBER_LIMIT_REACHED',
      message:
        'You can have at most 3 numbers: this import would add 3, but only 2 more fit. Nothing was imported. Remove some numbers or import fewer.',
    });
    expect(await t.database.db.select().from(voipNumbers)).toHaveLength(1);

    // The stored number is a duplicate, not an addition: 2 new ones fit.
    const ok = await req(user, 'POST', '/v1/numbers/import', {
      text: lines([first, three[0]!, three[1]!]),
      format: 'bulk',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ imported: 2, duplicates: 1 });
    const full = await req(user, 'POST', '/v1/numbers/import', {
      text: lines([three[2]!]),
      format: 'bulk',
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe(
      'You can have at most 3 numbers. Remove some before adding more.',
    );
  });

  it('holds under concurrent adds: exactly the limit is stored', async () => {
    await setSetting('max_numbers_per_user', 4);
    const res = await Promise.all(Array.from({ length: 10 }, () => addNumber(user)));
    const codes = res.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(4);
    expect(codes.filter((c) => c === 409)).toHaveLength(6);
    expect(await t.database.db.select().from(voipNumbers)).toHaveLength(4);
  });
});

describe('site name, description and contact email in the served HTML', () => {
  it('serves the defaults, then the current values (title, meta, contact address, site info)', async () => {
    const before = await page(null, '/contact');
    expect(before.body).toContain('<title>Contact · VOIP Manager</title>');
    expect(before.body).toContain(`mailto:${DEFAULT_SETTINGS.contact_email}`);

    await setSetting('site_name', 'Acme & Co');
    await setSetting('site_description', 'Codes "fast" <always>');
    await setSetting('contact_email', 'help@acme.test');
    const contact = await page(null, '/contact');
    expect(contact.statusCode).toBe(200);
    expect(contact.body).toContain('<title>Contact · Acme &amp; Co</title>');
    expect(contact.body).toContain(
      '<meta name="description" content="Codes &quot;fast&quot; &lt;always&gt;" />',
    );
    expect(contact.body).toContain('<a href="mailto:help@acme.test">help@acme.test</a>');
    expect(contact.body).not.toContain(DEFAULT_SETTINGS.contact_email);
    const info = /<script type="application\/json" id="site-info">(.*?)<\/script>/.exec(
      contact.body,
    );
    expect(info![1]).not.toContain('<');
    expect(JSON.parse(info![1]!)).toEqual({
      siteName: 'Acme & Co',
      siteDescription: 'Codes "fast" <always>',
      contactEmail: 'help@acme.test',
      maintenance: false,
      blogEnabled: true,
    });

    const shell = await t.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(shell.headers['content-encoding']).toBe('gzip');
    const { gunzipSync } = await import('node:zlib');
    expect(gunzipSync(shell.rawPayload).toString()).toContain('<title>Acme &amp; Co</title>');
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, SETTING_KEYS } from '../../../shared/settings.ts';
import { createCipher } from '../../crypto.ts';
import {
  adminAuditLog,
  adminUsers,
  deliveries,
  siteSettings,
  users,
  voipNumbers,
  webhooks,
} from '../../db/schema.ts';
import { projectRoot } from '../../paths.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';

type Who = { cookie: string; user: { id: string }; email: string } | null;

let t: TestApp;
let user: Who;
let admin: Who;
let noSettings: Who;
let inactive: Who;

async function makeAdmin(
  email: string,
  opts: { role?: 'editor' | 'admin' | 'super_admin'; settings?: boolean; active?: boolean } = {},
) {
  const who = await signIn(t, email);
  await t.database.db.insert(adminUsers).values({
    userId: who.user.id,
    role: opts.role ?? 'admin',
    permissions: { blog: true, users: true, analytics: true, settings: opts.settings ?? true },
    isActive: opts.active ?? true,
  });
  return who;
}

beforeAll(async () => {
  t = await createTestApp();
  user = await signIn(t, 'user@example.com');
  admin = await makeAdmin('boss@example.com');
  noSettings = await makeAdmin('editor@example.com', { role: 'editor', settings: false });
  inactive = await makeAdmin('gone@example.com', { active: false });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(siteSettings);
  await t.database.db.delete(voipNumbers);
  t.app.settings.invalidate();
});

const req = (who: Who, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const put = (who: Who, key: string, value: unknown) =>
  req(who, 'PUT', `/v1/admin/settings/${key}`, { value });

describe('admin settings API: who may ask', () => {
  const routes: [string, 'GET' | 'PUT' | 'POST', string, unknown?][] = [
    ['list', 'GET', '/v1/admin/settings'],
    ['update', 'PUT', '/v1/admin/settings/site_name', { value: 'X' }],
    ['reset', 'POST', '/v1/admin/settings/reset'],
  ];
  it.each(routes)(
    '%s: 401 signed out, 403 user / inactive admin / admin without settings',
    async (_n, method, url, body) => {
      expect((await req(null, method, url, body)).statusCode).toBe(401);
      for (const who of [user, inactive, noSettings]) {
        const res = await req(who, method, url, body);
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
      expect(await t.database.db.select().from(siteSettings)).toEqual([]);
    },
  );

  it('checks the rights before the body: a bad body from a non-admin is still 403', async () => {
    const res = await put(user, 'max_numbers_per_user', 'many');
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /v1/admin/settings', () => {
  it('lists every key with its default, and real system information', async () => {
    const res = await req(admin, 'GET', '/v1/admin/settings');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.items.map((i: { key: string }) => i.key)).toEqual(SETTING_KEYS);
    for (const i of body.items) {
      expect(i).toEqual({
        key: i.key,
        value: DEFAULT_SETTINGS[i.key as keyof typeof DEFAULT_SETTINGS],
        isDefault: true,
        updatedAt: null,
        updatedBy: null,
      });
    }
    const pkg = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8'));
    expect(body.system).toMatchObject({
      version: pkg.version,
      database: { kind: t.database.kind, status: 'connected' },
      poller: { running: false, numbersDue: 0, pollsLastMinute: 0, failingHosts: [] },
    });
  });

  it('counts due numbers, polls in the last minute and failing hosts from the numbers table', async () => {
    const cipher = createCipher('test-secret-key-that-is-long-enough-0123456789');
    const now = t.clock.now().getTime();
    const at = (s: number) => new Date(now + s * 1000);
    const number = (
      i: number,
      host: string,
      f: Partial<typeof voipNumbers.$inferInsert> = {},
    ): typeof voipNumbers.$inferInsert => ({
      userId: user!.user.id,
      phoneNumber: `555000${String(i).padStart(4, '0')}`,
      apiLinkEnc: cipher.encrypt(`https://${host}/x`),
      apiHost: host,
      nextPollAt: at(30),
      ...f,
    });
    await t.database.db.insert(voipNumbers).values([
      number(1, 'a.example', { nextPollAt: at(-5), lastPolledAt: at(-20) }),
      number(2, 'a.example', { nextPollAt: at(-1), failures: 2, lastError: 'Connection refused' }),
      number(3, 'b.example', { lastPolledAt: at(-10), lastError: 'Paused' }),
      number(4, 'b.example', { lastPolledAt: at(-90), failures: 1 }),
      number(5, 'b.example', { lastPolledAt: at(-5) }),
      // Inactive numbers are not polled: never due, never failing.
      number(6, 'c.example', { isActive: false, nextPollAt: at(-5), failures: 3 }),
    ]);
    const { system } = (await req(admin, 'GET', '/v1/admin/settings')).json();
    expect(system.poller).toEqual({
      running: false,
      numbersDue: 2,
      pollsLastMinute: 3,
      failingHosts: [
        { host: 'b.example', numbers: 2 },
        { host: 'a.example', numbers: 1 },
      ],
    });
  });

  it('shows how notifications go out and the last hour’s deliveries by kind', async () => {
    const now = t.clock.now().getTime();
    const [hook, mail] = await t.database.db
      .insert(webhooks)
      .values([
        {
          userId: user!.user.id,
          url: 'https://hooks.example/x',
          events: ['code.received'],
          secretEnc: '',
        },
        {
          userId: user!.user.id,
          kind: 'email',
          url: 'mailto:a@example.com',
          events: ['code.received'],
          secretEnc: '',
        },
      ])
      .returning({ id: webhooks.id });
    const made = (
      webhookId: string,
      status: 'pending' | 'delivered' | 'failed',
      minutesAgo: number,
    ) => ({
      webhookId,
      event: 'code.received',
      body: '{}',
      status,
      createdAt: new Date(now - minutesAgo * 60_000),
    });
    await t.database.db.insert(deliveries).values([
      made(hook!.id, 'delivered', 5),
      made(hook!.id, 'failed', 50),
      made(hook!.id, 'delivered', 61), // over an hour ago: not counted
      made(mail!.id, 'delivered', 1),
      made(mail!.id, 'delivered', 2),
      made(mail!.id, 'pending', 0),
    ]);
    const { system } = (await req(admin, 'GET', '/v1/admin/settings')).json();
    expect(system.notifications).toEqual({
      mailer: 'console',
      telegram: null,
      webPush: true,
      lastHour: [
        { kind: 'email', delivered: 2, pending: 1, failed: 0 },
        { kind: 'webhook', delivered: 1, pending: 0, failed: 1 },
      ],
    });
    await t.database.db.delete(webhooks);
  });
});

describe('PUT /v1/admin/settings/:key', () => {
  it('stores a value, audits it with the previous one, and lists it with who changed it', async () => {
    const res = await put(admin, 'site_name', '  Acme Codes  ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      key: 'site_name',
      value: 'Acme Codes',
      isDefault: false,
      updatedBy: 'boss@example.com',
    });
    expect(res.json().updatedAt).toBe(t.clock.now().toISOString());
    expect((await put(admin, 'site_name', 'Acme 2')).statusCode).toBe(200);

    const list = (await req(admin, 'GET', '/v1/admin/settings')).json();
    expect(list.items.find((i: { key: string }) => i.key === 'site_name')).toMatchObject({
      value: 'Acme 2',
      isDefault: false,
      updatedBy: 'boss@example.com',
    });
    const audit = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.target, 'site_name'));
    expect(audit.map((a) => [a.action, a.actor, a.actorId, a.details])).toEqual(
      expect.arrayContaining([
        [
          'site_setting_updated',
          'boss@example.com',
          admin!.user.id,
          { key: 'site_name', value: 'Acme Codes', previous: 'VOIP Manager' },
        ],
        [
          'site_setting_updated',
          'boss@example.com',
          admin!.user.id,
          { key: 'site_name', value: 'Acme 2', previous: 'Acme Codes' },
        ],
      ]),
    );
  });

  it('a super_admin may change settings whatever its stored permissions say', async () => {
    const sa = await signIn(t, 'root@example.com');
    await t.database.db.insert(adminUsers).values({
      userId: sa.user.id,
      role: 'super_admin',
      permissions: { blog: false, users: false, analytics: false, settings: false },
    });
    expect((await put({ ...sa }, 'blog_enabled', false)).statusCode).toBe(200);
  });

  it('storing the default removes the row (the key is default again)', async () => {
    await put(admin, 'max_numbers_per_user', 50);
    const res = await put(admin, 'max_numbers_per_user', DEFAULT_SETTINGS.max_numbers_per_user);
    expect(res.json()).toMatchObject({ isDefault: true, updatedBy: null, updatedAt: null });
    expect(await t.database.db.select().from(siteSettings)).toEqual([]);
  });

  it('an unknown key is 404 UNKNOWN_SETTING', async () => {
    const res = await put(admin, 'favourite_colour', 'blue');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({
      code: 'UNKNOWN_SETTING',
      message: 'Unknown setting: favourite_colour',
    });
  });

  it.each([
    ['maintenance_mode', 'yes', 'maintenance_mode must be true or false'],
    ['max_numbers_per_user', '10', 'max_numbers_per_user must be a whole number'],
    ['max_numbers_per_user', 2.5, 'max_numbers_per_user must be a whole number'],
    ['max_numbers_per_user', 0, 'max_numbers_per_user must be at least 1'],
    ['max_messages_per_number', 10_001, 'max_messages_per_number must be at most 10000'],
    ['site_name', 42, 'site_name must be text'],
    ['site_name', '   ', 'site_name must not be empty'],
    ['site_description', 'x'.repeat(301), 'site_description must be at most 300 characters'],
    ['contact_email', 'not-an-email', 'contact_email must be an email address'],
    ['blog_enabled', null, 'blog_enabled must be true or false'],
  ])('%s = %j is 400 with fields.value', async (key, value, message) => {
    const res = await put(admin, key, value);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_ERROR',
      message,
      fields: { value: [message] },
    });
    expect(await t.database.db.select().from(siteSettings)).toEqual([]);
  });

  it('a body without a value is 400', async () => {
    const res = await req(admin, 'PUT', '/v1/admin/settings/site_name', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.value).toEqual(['value is required']);
  });
});

describe('POST /v1/admin/settings/reset', () => {
  it('deletes every stored value, audits it and answers the defaults', async () => {
    await put(admin, 'site_name', 'Acme');
    await put(admin, 'maintenance_mode', true);
    const res = await req(admin, 'POST', '/v1/admin/settings/reset');
    expect(res.statusCode).toBe(200);
    expect(res.json().items.every((i: { isDefault: boolean }) => i.isDefault)).toBe(true);
    expect(await t.database.db.select().from(siteSettings)).toEqual([]);
    const [entry] = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'site_settings_reset'));
    expect(entry?.details).toEqual({ previous: { site_name: 'Acme', maintenance_mode: true } });
    expect((await req(null, 'GET', '/v1/site')).json().siteName).toBe('VOIP Manager');
  });
});

describe('GET /v1/site and app.settings', () => {
  it('answers the public settings, changed at once in this process', async () => {
    const before = await req(null, 'GET', '/v1/site');
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.json()).toEqual({
      siteName: DEFAULT_SETTINGS.site_name,
      siteDescription: DEFAULT_SETTINGS.site_description,
      contactEmail: DEFAULT_SETTINGS.contact_email,
      maintenance: false,
      blogEnabled: true,
    });
    await put(admin, 'blog_enabled', false);
    await put(admin, 'analytics_enabled', false);
    await put(admin, 'contact_email', 'Help@Acme.test');
    expect((await req(null, 'GET', '/v1/site')).json()).toMatchObject({
      blogEnabled: false,
      contactEmail: 'Help@Acme.test',
    });
    const s = await t.app.settings.current();
    expect([s.blog_enabled, s.analytics_enabled]).toEqual([false, false]);
  });
});

describe('the settings of a deleted admin', () => {
  it('keep their value with updatedBy null', async () => {
    const temp = await makeAdmin('temp@example.com');
    await put(temp, 'site_name', 'Kept');
    await t.database.db.delete(users).where(eq(users.id, temp.user.id));
    const list = (await req(admin, 'GET', '/v1/admin/settings')).json();
    expect(list.items.find((i: { key: string }) => i.key === 'site_name')).toMatchObject({
      value: 'Kept',
      isDefault: false,
      updatedBy: null,
    });
  });
});

import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, type AdminDto } from '../../../shared/admin.ts';
import { adminAuditLog, adminUsers, users } from '../../db/schema.ts';
import {
  adminRecordOf,
  newEmail,
  only,
  putAdmin,
  signInAdmin,
  signInUser,
} from '../../test/admin.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { adminsRepository } from './admins.repository.ts';
import { adminsService, CLI_ACTOR } from './admins.service.ts';

let t: TestApp;
const ROOT = 'root@example.com';
let root: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ROOT } });
  root = await signIn(t, ROOT, '192.0.2.1');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(cookie ? { headers: { cookie } } : {}),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const create = (cookie: string, body: Record<string, unknown>) =>
  call('POST', '/v1/admin/admins', cookie, body);
const list = async (cookie: string, query = '') => {
  const res = await call('GET', `/v1/admin/admins${query}`, cookie);
  expect(res.statusCode).toBe(200);
  return res.json() as { items: AdminDto[]; total: number };
};
const auditOf = (target: string) =>
  t.database.db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.target, target))
    .orderBy(adminAuditLog.createdAt);
const service = () => adminsService({ repo: adminsRepository(t.database.db), now: t.clock.now });
const superAdminCount = async () =>
  (await t.database.db.select().from(adminUsers)).filter(
    (a) => a.role === 'super_admin' && a.isActive,
  ).length;

describe('the last active super admin (root is the only one here)', () => {
  it('cannot demote, deactivate or delete their own record: 409 LAST_SUPER_ADMIN', async () => {
    const [me] = (await list(root.cookie, '?q=root@')).items;
    for (const [method, body] of [
      ['PATCH', { role: 'admin' }],
      ['PATCH', { isActive: false }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/v1/admin/admins/${me!.id}`, root.cookie, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'LAST_SUPER_ADMIN',
        message: expect.stringContaining('last active super admin'),
      });
    }
    expect(await adminRecordOf(t, root.user.id)).toMatchObject({
      role: 'super_admin',
      isActive: true,
    });
  });

  it('is kept by the service whoever acts (the CLI has no record of its own)', async () => {
    const [me] = (await list(root.cookie, '?q=root@')).items;
    await expect(service().update(CLI_ACTOR, me!.id, { role: 'editor' })).rejects.toMatchObject({
      code: 'LAST_SUPER_ADMIN',
    });
    await expect(service().update(CLI_ACTOR, me!.id, { isActive: false })).rejects.toMatchObject({
      code: 'LAST_SUPER_ADMIN',
    });
    await expect(service().remove(CLI_ACTOR, me!.id)).rejects.toMatchObject({
      code: 'LAST_SUPER_ADMIN',
    });
    await expect(service().revoke(CLI_ACTOR, ROOT)).rejects.toMatchObject({
      code: 'LAST_SUPER_ADMIN',
    });
    // An inactive super admin does not count.
    const idle = newEmail('idle');
    await putAdmin(t, idle, { role: 'super_admin', isActive: false });
    await expect(service().update(CLI_ACTOR, me!.id, { role: 'admin' })).rejects.toMatchObject({
      code: 'LAST_SUPER_ADMIN',
    });
    expect(await superAdminCount()).toBe(1);
    expect(await auditOf(ROOT)).toHaveLength(1); // only the bootstrap's creation
  });

  it('may be demoted once another super admin is active', async () => {
    const other = newEmail('second');
    const { adminId } = await putAdmin(t, other, { role: 'super_admin' });
    const [me] = (await list(root.cookie, '?q=root@')).items;
    const demoted = await service().update(CLI_ACTOR, me!.id, { role: 'admin' });
    expect(demoted.role).toBe('admin');
    // And back, for the tests below; the other one goes.
    await service().update(CLI_ACTOR, me!.id, { role: 'super_admin' });
    await service().remove(CLI_ACTOR, adminId);
    expect(await superAdminCount()).toBe(1);
  });
});

describe('a pending super-admin grant (to an address that never signed in)', () => {
  const pendingGrant = async () => {
    const email = newEmail('pending');
    const res = await create(root.cookie, { email, role: 'super_admin' });
    expect(res.statusCode).toBe(201);
    return res.json() as AdminDto;
  };

  it('may be demoted, deactivated and deleted while root is the only verified super admin, each audited', async () => {
    const grant = await pendingGrant();
    const url = `/v1/admin/admins/${grant.id}`;
    const demoted = await call('PATCH', url, root.cookie, { role: 'admin' });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(demoted.json()).toMatchObject({ role: 'admin', isActive: true });
    expect((await call('PATCH', url, root.cookie, { role: 'super_admin' })).statusCode).toBe(200);
    const deactivated = await call('PATCH', url, root.cookie, { isActive: false });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect(deactivated.json()).toMatchObject({ role: 'super_admin', isActive: false });
    expect((await call('PATCH', url, root.cookie, { isActive: true })).statusCode).toBe(200);
    const deleted = await call('DELETE', url, root.cookie);
    expect(deleted.statusCode, deleted.body).toBe(204);

    expect((await auditOf(grant.email)).map((e) => [e.action, e.details])).toEqual([
      ['admin_user_created', expect.objectContaining({ role: 'super_admin' })],
      ['admin_user_updated', expect.objectContaining({ after: { role: 'admin' } })],
      ['admin_user_updated', expect.objectContaining({ after: { role: 'super_admin' } })],
      ['admin_user_updated', expect.objectContaining({ after: { isActive: false } })],
      ['admin_user_updated', expect.objectContaining({ after: { isActive: true } })],
      ['admin_user_deleted', { adminId: grant.id, role: 'super_admin' }],
    ]);
    // The mailbox signs in later: it is a plain user, not a super admin.
    const later = await signIn(t, grant.email, '192.0.2.71');
    expect((await call('GET', '/v1/me', later.cookie)).json()).not.toHaveProperty('admin');
  });

  it('may be revoked by the CLI, even when no verified super admin exists at all', async () => {
    const grant = await pendingGrant();
    await service().revoke(CLI_ACTOR, grant.email);
    expect((await auditOf(grant.email)).at(-1)).toMatchObject({
      action: 'admin_user_deleted',
      actor: 'cli',
    });
    // Before anyone ever signed in: the CLI's grant to a mistyped address can be taken back.
    const db = t.database.db;
    const aside = await db
      .update(adminUsers)
      .set({ isActive: false })
      .where(and(eq(adminUsers.role, 'super_admin'), eq(adminUsers.isActive, true)))
      .returning({ id: adminUsers.id });
    try {
      const typo = newEmail('tpyo');
      await service().grant(CLI_ACTOR, { email: typo, role: 'super_admin' });
      await expect(
        service().update(CLI_ACTOR, (await service().list(typo, 'all')).items[0]!.id, {
          role: 'editor',
        }),
      ).resolves.toMatchObject({ role: 'editor' });
      await service().revoke(CLI_ACTOR, typo);
      expect((await service().list(typo, 'all')).total).toBe(0);
    } finally {
      await db
        .update(adminUsers)
        .set({ isActive: true })
        .where(
          inArray(
            adminUsers.id,
            aside.map((a) => a.id),
          ),
        );
    }
  });

  it('does not count as another super admin: root still cannot step down', async () => {
    const grant = await pendingGrant();
    const [me] = (await list(root.cookie, '?q=root@')).items;
    const res = await call('PATCH', `/v1/admin/admins/${me!.id}`, root.cookie, { role: 'admin' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('LAST_SUPER_ADMIN');
    await service().revoke(CLI_ACTOR, grant.email);
  });
});

describe('POST /v1/admin/admins', () => {
  it('creates the account (unverified) for an email with none, in the same transaction', async () => {
    const email = newEmail('fresh');
    const res = await create(root.cookie, { email: email.toUpperCase() });
    expect(res.statusCode).toBe(201);
    const dto = res.json() as AdminDto;
    expect(dto).toEqual({
      id: expect.any(String),
      userId: expect.any(String),
      email,
      role: 'admin',
      permissions: ALL_PERMISSIONS,
      isActive: true,
      lastLogin: null,
      createdAt: t.clock.now().toISOString(),
    });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ id: dto.userId, emailVerified: false });
    const [entry] = await auditOf(email);
    expect(entry).toMatchObject({
      actorId: root.user.id,
      actor: ROOT,
      action: 'admin_user_created',
      details: {
        adminId: dto.id,
        role: 'admin',
        permissions: ALL_PERMISSIONS,
        isActive: true,
        accountCreated: true,
      },
    });
  });

  it('reuses an existing account, with the role, permissions and status given', async () => {
    const u = await signInUser(t);
    const res = await create(root.cookie, {
      email: u.email,
      role: 'editor',
      permissions: only('blog'),
      isActive: false,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      userId: u.user.id,
      role: 'editor',
      permissions: only('blog'),
      isActive: false,
    });
    expect((await auditOf(u.email))[0]!.details).toMatchObject({ accountCreated: false });
  });

  it('refuses an email that is already an administrator: 409 ADMIN_ALREADY_EXISTS', async () => {
    const email = newEmail('dup');
    expect((await create(root.cookie, { email })).statusCode).toBe(201);
    const again = await create(root.cookie, { email: ` ${email.toUpperCase()} `, role: 'editor' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: {
        code: 'ADMIN_ALREADY_EXISTS',
        message: 'An administrator with this email already exists',
      },
    });
    expect(await auditOf(email)).toHaveLength(1);
  });

  it.each([
    [{ email: 'x@example.com', role: 'owner' }, 'role', 'role must be one of'],
    [{ email: 'x@example.com', role: 'Super Admin' }, 'role', 'role must be one of'],
    [
      { email: 'x@example.com', permissions: { ...ALL_PERMISSIONS, billing: true } },
      'permissions',
      'Unknown permission: billing',
    ],
    [{ email: 'x@example.com', permissions: { blog: true } }, 'permissions.users', 'users must'],
    [
      { email: 'x@example.com', permissions: { ...ALL_PERMISSIONS, blog: 'yes' } },
      'permissions.blog',
      'blog must be true or false',
    ],
    [{ email: 'not-an-email' }, 'email', 'valid email'],
    [{}, 'email', ''],
    [{ email: 'x@example.com', isActive: 'yes' }, 'isActive', 'isActive must be true or false'],
    [{ email: 'x@example.com', extra: 1 }, 'body', ''],
  ])('refuses %j with 400 naming %s', async (body, field, message) => {
    const res = await create(root.cookie, body);
    expect(res.statusCode).toBe(400);
    const { error } = res.json() as { error: { code: string; fields: Record<string, string[]> } };
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(error.fields)).toContain(field);
    expect(error.fields[field]!.join(' ')).toContain(message);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'x@example.com'));
    expect(user).toBeUndefined();
  });
});

describe('GET /v1/admin/admins', () => {
  it('searches email or role (case-insensitive, substrings, "super admin"), filters status, newest first', async () => {
    const tag = `srch${Math.random().toString(36).slice(2, 7)}`;
    t.clock.advance(1000);
    await create(root.cookie, { email: `${tag}-ed@example.com`, role: 'editor' });
    t.clock.advance(1000);
    await create(root.cookie, { email: `${tag}-off@example.com`, isActive: false });
    t.clock.advance(1000);
    await create(root.cookie, { email: `${tag}-boss@example.com`, role: 'super_admin' });

    const mine = await list(root.cookie, `?q=${tag.toUpperCase()}`);
    expect(mine.items.map((a) => a.email)).toEqual([
      `${tag}-boss@example.com`,
      `${tag}-off@example.com`,
      `${tag}-ed@example.com`,
    ]);
    expect(mine.total).toBe(3);
    expect(
      (await list(root.cookie, `?q=${tag}&status=inactive`)).items.map((a) => a.email),
    ).toEqual([`${tag}-off@example.com`]);
    expect((await list(root.cookie, `?q=${tag}&status=active`)).total).toBe(2);

    const supers = await list(root.cookie, '?q=Super%20Admin');
    expect(supers.items.every((a) => a.role === 'super_admin')).toBe(true);
    expect(supers.items.map((a) => a.email)).toEqual(
      expect.arrayContaining([ROOT, `${tag}-boss@example.com`]),
    );
    expect((await list(root.cookie, '?q=super_admin')).total).toBe(supers.total);
    const editors = await list(root.cookie, '?q=EDIT');
    expect(editors.items.length).toBeGreaterThan(0);
    expect(editors.items.every((a) => a.role === 'editor' || a.email.includes('edit'))).toBe(true);
    // LIKE wildcards are literal.
    expect((await list(root.cookie, '?q=%25')).total).toBe(0);
    expect((await list(root.cookie, '?q=_')).items.every((a) => a.role === 'super_admin')).toBe(
      true,
    );

    const all = await list(root.cookie);
    expect(all.total).toBe(all.items.length);
    const times = all.items.map((a) => a.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('shows a super admin with every permission, whatever is stored', async () => {
    const email = newEmail('stored');
    await putAdmin(t, email, { role: 'super_admin', permissions: only() });
    const [a] = (await list(root.cookie, `?q=${email}`)).items;
    expect(a!.permissions).toEqual(ALL_PERMISSIONS);
    await service().revoke(CLI_ACTOR, email);
  });

  it('refuses a bad status filter with 400', async () => {
    const res = await call('GET', '/v1/admin/admins?status=gone', root.cookie);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(['status']);
  });
});

describe('PATCH and DELETE /v1/admin/admins/:id', () => {
  it('changes role, permissions and status, auditing only what changed (before/after)', async () => {
    const email = newEmail('edit');
    const { id } = (await create(root.cookie, { email })).json() as AdminDto;
    const res = await call('PATCH', `/v1/admin/admins/${id}`, root.cookie, {
      role: 'editor',
      permissions: only('blog', 'analytics'),
      isActive: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      email,
      role: 'editor',
      permissions: only('blog', 'analytics'),
      isActive: true,
    });
    const entries = await auditOf(email);
    expect(entries.map((e) => e.action)).toEqual(['admin_user_created', 'admin_user_updated']);
    expect(entries[1]!.details).toEqual({
      adminId: id,
      before: { role: 'admin', permissions: ALL_PERMISSIONS },
      after: { role: 'editor', permissions: only('blog', 'analytics') },
    });
    // Nothing changed: nothing audited.
    const same = await call('PATCH', `/v1/admin/admins/${id}`, root.cookie, { role: 'editor' });
    expect(same.statusCode).toBe(200);
    expect(await auditOf(email)).toHaveLength(2);

    const del = await call('DELETE', `/v1/admin/admins/${id}`, root.cookie);
    expect(del.statusCode).toBe(204);
    expect((await auditOf(email)).at(-1)).toMatchObject({
      action: 'admin_user_deleted',
      actor: ROOT,
      details: { adminId: id, role: 'editor' },
    });
    // The account stays.
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toBeDefined();
    expect((await call('DELETE', `/v1/admin/admins/${id}`, root.cookie)).statusCode).toBe(404);
  });

  it.each([
    ['PATCH', '00000000-0000-4000-8000-000000000000'],
    ['DELETE', '00000000-0000-4000-8000-000000000000'],
    ['PATCH', 'not-a-uuid'],
    ['DELETE', 'not-a-uuid'],
  ] as const)('%s of an unknown or malformed id %s is 404', async (method, id) => {
    const body = method === 'PATCH' ? { isActive: true } : undefined;
    const res = await call(method, `/v1/admin/admins/${id}`, root.cookie, body);
    expect(res.statusCode).toBe(404);
    // A malformed id names nothing at all (NOT_FOUND); a well-formed one no administrator.
    expect(res.json().error.code).toBe(id === 'not-a-uuid' ? 'NOT_FOUND' : 'ADMIN_NOT_FOUND');
  });

  it.each([
    [{ role: 'owner' }, 'role', 'role must be one of'],
    [{ permissions: { ...ALL_PERMISSIONS, billing: true } }, 'permissions', 'Unknown permission'],
    [{ permissions: { blog: true, users: true, analytics: true } }, 'permissions.settings', ''],
    [{ email: 'other@example.com' }, 'body', ''],
    [{}, 'body', 'Nothing to update'],
  ])('refuses %j with 400 naming %s, changing nothing', async (body, field, message) => {
    const email = newEmail('badpatch');
    const { id } = (await create(root.cookie, { email })).json() as AdminDto;
    const res = await call('PATCH', `/v1/admin/admins/${id}`, root.cookie, body);
    expect(res.statusCode).toBe(400);
    const { error } = res.json() as { error: { fields: Record<string, string[]> } };
    expect(Object.keys(error.fields)).toContain(field);
    expect(error.fields[field]!.join(' ')).toContain(message);
    expect((await list(root.cookie, `?q=${email}`)).items[0]).toMatchObject({
      role: 'admin',
      permissions: ALL_PERMISSIONS,
    });
  });

  it("refuses an admin's change to their own role, permissions or status, and their own deletion: 403", async () => {
    const other = await signInAdmin(t, { role: 'super_admin' });
    const [me] = (await list(other.cookie, `?q=${other.email}`)).items;
    for (const body of [
      { role: 'admin' },
      { isActive: false },
      { permissions: only('blog') },
      { role: 'super_admin', permissions: only() },
    ]) {
      const res = await call('PATCH', `/v1/admin/admins/${me!.id}`, other.cookie, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({
        code: 'OWN_ADMIN_RIGHTS',
        message: 'You cannot change your own role, permissions or status. Ask another super admin.',
      });
    }
    const del = await call('DELETE', `/v1/admin/admins/${me!.id}`, other.cookie);
    expect(del.statusCode).toBe(403);
    expect(del.json().error.code).toBe('OWN_ADMIN_RIGHTS');
    expect(await adminRecordOf(t, other.user.id)).toMatchObject({
      role: 'super_admin',
      isActive: true,
      permissions: ALL_PERMISSIONS,
    });
    expect(await auditOf(other.email)).toHaveLength(0);
    await service().revoke(CLI_ACTOR, other.email);
  });
});

describe('rights changes take effect on the next request', () => {
  it('losing a permission, being deactivated or demoted is refused at once', async () => {
    const admin = await signInAdmin(t, { role: 'super_admin' });
    const [rec] = (await list(root.cookie, `?q=${admin.email}`)).items;
    const probe = () => create(admin.cookie, { email: newEmail('probe') });
    expect((await probe()).statusCode).toBe(201);

    await call('PATCH', `/v1/admin/admins/${rec!.id}`, root.cookie, {
      role: 'admin',
      permissions: only('users'),
    });
    const refused = await probe();
    expect(refused.statusCode).toBe(403);
    expect(Object.keys(refused.json())).toEqual(['error']);
    expect((await call('GET', '/v1/admin/admins', admin.cookie)).statusCode).toBe(200);
    expect((await call('GET', '/v1/me', admin.cookie)).json().admin).toEqual({
      role: 'admin',
      permissions: only('users'),
    });

    await call('PATCH', `/v1/admin/admins/${rec!.id}`, root.cookie, { permissions: only('blog') });
    expect((await call('GET', '/v1/admin/admins', admin.cookie)).statusCode).toBe(403);

    await call('PATCH', `/v1/admin/admins/${rec!.id}`, root.cookie, {
      permissions: only('users'),
      isActive: false,
    });
    expect((await call('GET', '/v1/admin/admins', admin.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/v1/me', admin.cookie)).json()).not.toHaveProperty('admin');

    await call('DELETE', `/v1/admin/admins/${rec!.id}`, root.cookie);
    expect((await call('GET', '/v1/admin/admins', admin.cookie)).statusCode).toBe(403);
  });

  it('a super admin demoted while their request waits is refused under the lock', async () => {
    const a = await signInAdmin(t, { role: 'super_admin' });
    const b = await signInAdmin(t, { role: 'super_admin' });
    const [recA] = (await list(root.cookie, `?q=${a.email}`)).items;
    const [recB] = (await list(root.cookie, `?q=${b.email}`)).items;
    // Each demotes the other at once: whichever goes second is no longer a super admin.
    const [ra, rb] = await Promise.all([
      call('PATCH', `/v1/admin/admins/${recB!.id}`, a.cookie, { role: 'editor' }),
      call('PATCH', `/v1/admin/admins/${recA!.id}`, b.cookie, { role: 'editor' }),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 403]);
    const roles = [
      (await adminRecordOf(t, a.user.id))!.role,
      (await adminRecordOf(t, b.user.id))!.role,
    ].sort();
    expect(roles).toEqual(['editor', 'super_admin']);
    await service().revoke(CLI_ACTOR, a.email);
    await service().revoke(CLI_ACTOR, b.email);
  });

  it('two revokes of the last two super admins at once: one is refused (LAST_SUPER_ADMIN)', async () => {
    // The super admins so far step aside for this test, so that only two remain.
    const db = t.database.db;
    const aside = await db
      .update(adminUsers)
      .set({ isActive: false })
      .where(and(eq(adminUsers.role, 'super_admin'), eq(adminUsers.isActive, true)))
      .returning({ id: adminUsers.id });
    const x = newEmail('sx');
    const y = newEmail('sy');
    await putAdmin(t, x, { role: 'super_admin' });
    await putAdmin(t, y, { role: 'super_admin' });
    try {
      const results = await Promise.allSettled([
        service().revoke(CLI_ACTOR, x),
        service().revoke(CLI_ACTOR, y),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(failed.reason).toMatchObject({ code: 'LAST_SUPER_ADMIN', status: 409 });
      expect(await superAdminCount()).toBe(1);
    } finally {
      await db
        .update(adminUsers)
        .set({ isActive: true })
        .where(
          inArray(
            adminUsers.id,
            aside.map((a) => a.id),
          ),
        );
      await db.delete(users).where(inArray(users.email, [x, y]));
    }
  });
});

describe('GET /v1/admin/audit', () => {
  it('lists entries newest first with cursor paging', async () => {
    const email = newEmail('audited');
    t.clock.advance(10);
    await create(root.cookie, { email });
    const { id } = (await list(root.cookie, `?q=${email}`)).items[0]!;
    t.clock.advance(10);
    await call('PATCH', `/v1/admin/admins/${id}`, root.cookie, { role: 'editor' });
    t.clock.advance(10);
    await call('DELETE', `/v1/admin/admins/${id}`, root.cookie);

    const first = await call('GET', '/v1/admin/audit?limit=2', root.cookie);
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as {
      items: { id: string; actor: string; action: string; target: string; createdAt: string }[];
      nextCursor: string | null;
    };
    expect(page1.items.map((e) => [e.action, e.target])).toEqual([
      ['admin_user_deleted', email],
      ['admin_user_updated', email],
    ]);
    expect(page1.items[0]!.actor).toBe(ROOT);
    expect(page1.nextCursor).toEqual(expect.any(String));
    const second = await call(
      'GET',
      `/v1/admin/audit?limit=2&cursor=${page1.nextCursor}`,
      root.cookie,
    );
    const page2 = second.json() as typeof page1;
    expect(page2.items[0]).toMatchObject({ action: 'admin_user_created', target: email });

    // Walk to the end: every entry once, newest first.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(
        'GET',
        `/v1/admin/audit?limit=7${cursor ? `&cursor=${cursor}` : ''}`,
        root.cookie,
      );
      const page = res.json() as typeof page1;
      seen.push(...page.items.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    const stored = await t.database.db.select().from(adminAuditLog);
    expect(new Set(seen).size).toBe(stored.length);
    expect(seen.length).toBe(stored.length);
  });

  it.each(['?cursor=bogus', '?limit=0', '?limit=101'])('refuses %s with 400', async (q) => {
    const res = await call('GET', `/v1/admin/audit${q}`, root.cookie);
    expect(res.statusCode).toBe(400);
  });
});

describe('review fixes: configured super admins and who counts as the last one', () => {
  let t2: TestApp;
  const CONFIGURED = 'configured@example.com';
  beforeAll(async () => {
    t2 = await createTestApp({ env: { ADMIN_EMAILS: CONFIGURED } });
  });
  afterAll(() => t2.close());
  const call2 = (method: Method, url: string, cookie: string, payload?: unknown) =>
    t2.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  it('refuses to demote, deactivate or delete an ADMIN_EMAILS admin (it would come back at sign-in)', async () => {
    const configured = await signIn(t2, CONFIGURED, '192.0.2.61');
    const otherEmail = newEmail('second-root');
    const other = await signIn(t2, otherEmail, '192.0.2.62');
    const made = await call2('POST', '/v1/admin/admins', configured.cookie, {
      email: otherEmail,
      role: 'super_admin',
    });
    expect(made.statusCode).toBe(201);
    const { id } = (await call2('GET', `/v1/admin/admins?q=${CONFIGURED}`, other.cookie)).json()
      .items[0] as AdminDto;
    for (const [method, body] of [
      ['PATCH', { role: 'editor' }],
      ['PATCH', { isActive: false }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call2(method, `/v1/admin/admins/${id}`, other.cookie, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('ADMIN_FROM_CONFIG');
    }
    // Its permissions may change (a super admin has them all anyway); the record is as it was.
    expect(await adminRecordOf(t2, configured.user.id)).toMatchObject({
      role: 'super_admin',
      isActive: true,
    });
  });

  it('does not count a super admin who never signed in as another one', async () => {
    const loneEmail = newEmail('lone');
    const lone = await signIn(t2, loneEmail, '192.0.2.63');
    await t2.database.db
      .update(adminUsers)
      .set({ isActive: false })
      .where(eq(adminUsers.role, 'super_admin'));
    await t2.database.db.insert(adminUsers).values({ userId: lone.user.id, role: 'super_admin' });
    // A super admin for an email nobody ever signed in with (a typo): unverified account.
    const typo = await call2('POST', '/v1/admin/admins', lone.cookie, {
      email: 'tpyo@example.com',
      role: 'super_admin',
    });
    expect(typo.statusCode).toBe(201);
    const del = await call2('DELETE', '/v1/me', lone.cookie, { email: loneEmail });
    expect(del.statusCode).toBe(409);
    expect(del.json().error.code).toBe('LAST_SUPER_ADMIN');
  });
});

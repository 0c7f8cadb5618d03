import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '../../../shared/admin.ts';
import { adminAuditLog, users } from '../../db/schema.ts';
import {
  adminRecordOf,
  newEmail,
  nextIp,
  only,
  putAdmin,
  signInAdmin,
  signInUser,
} from '../../test/admin.ts';
import { createTestApp, lastLinkToken, signIn, type TestApp } from '../../test/app.ts';

let t: TestApp;
const ROOT = 'boot@example.com';
const OTHER_ROOT = 'boot2@example.com';
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: `${ROOT.toUpperCase()}, ${OTHER_ROOT}` } });
});
afterAll(() => t.close());

const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });
const auditOf = (target: string) =>
  t.database.db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.target, target))
    .orderBy(adminAuditLog.createdAt);
/** A later sign-in of the same email (one code a minute per email). */
const signInAgain = (email: string) => {
  t.clock.advance(61_000);
  return signIn(t, email, nextIp());
};

describe('ADMIN_EMAILS bootstrap', () => {
  it('makes the email an active super admin at its first sign-in, audited as ADMIN_EMAILS', async () => {
    const s = await signIn(t, ROOT, nextIp());
    const at = t.clock.now();
    expect(s.user).toMatchObject({
      email: ROOT,
      admin: { role: 'super_admin', permissions: ALL_PERMISSIONS },
    });
    expect(await adminRecordOf(t, s.user.id)).toMatchObject({
      role: 'super_admin',
      isActive: true,
      permissions: ALL_PERMISSIONS,
      lastLogin: at,
    });
    const entries = await auditOf(ROOT);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: null,
      actor: 'ADMIN_EMAILS',
      action: 'admin_user_created',
      details: { role: 'super_admin', permissions: ALL_PERMISSIONS, isActive: true },
    });

    // The next sign-in only moves last_login: nothing to audit.
    await signInAgain(ROOT);
    expect((await adminRecordOf(t, s.user.id))!.lastLogin).toEqual(t.clock.now());
    expect(await auditOf(ROOT)).toHaveLength(1);
  });

  it('promotes and reactivates an existing record, auditing what changed', async () => {
    const { userId } = await putAdmin(t, OTHER_ROOT, {
      role: 'editor',
      permissions: only('blog'),
      isActive: false,
    });
    const s = await signIn(t, OTHER_ROOT, nextIp());
    expect(s.user).toMatchObject({ admin: { role: 'super_admin', permissions: ALL_PERMISSIONS } });
    expect(await adminRecordOf(t, userId)).toMatchObject({
      role: 'super_admin',
      isActive: true,
      // Stored permissions are kept; a super admin has them all anyway.
      permissions: only('blog'),
    });
    const [entry] = await auditOf(OTHER_ROOT);
    expect(entry).toMatchObject({
      actor: 'ADMIN_EMAILS',
      action: 'admin_user_updated',
      details: {
        before: { role: 'editor', isActive: false },
        after: { role: 'super_admin', isActive: true },
      },
    });
  });

  it('does nothing for other emails', async () => {
    const u = await signInUser(t);
    expect(u.user).not.toHaveProperty('admin');
    expect(await adminRecordOf(t, u.user.id)).toBeUndefined();
  });
});

describe('last_login and the admin rights a session shows', () => {
  it('an active admin: last_login on every sign-in (code or link); /v1/me and /v1/auth/session carry admin', async () => {
    const a = await signInAdmin(t, { role: 'editor', permissions: only('blog') });
    expect(a.user).toMatchObject({ admin: { role: 'editor', permissions: only('blog') } });
    expect((await adminRecordOf(t, a.userId))!.lastLogin).toEqual(t.clock.now());

    const me = await get('/v1/me', a.cookie);
    expect(me.json()).toMatchObject({
      email: a.email,
      admin: { role: 'editor', permissions: only('blog') },
    });
    const session = await get('/v1/auth/session', a.cookie);
    expect(session.json().user.admin).toEqual({ role: 'editor', permissions: only('blog') });

    // By the emailed link.
    t.clock.advance(61_000);
    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/code',
      payload: { email: a.email },
      remoteAddress: nextIp(),
    });
    const link = await t.app.inject({
      url: `/v1/auth/link?token=${lastLinkToken(t, a.email)}`,
    });
    expect(link.statusCode).toBe(302);
    expect((await adminRecordOf(t, a.userId))!.lastLogin).toEqual(t.clock.now());
  });

  it('an inactive admin: no admin in /v1/me or /v1/auth/session, last_login untouched', async () => {
    const a = await signInAdmin(t, { role: 'admin', isActive: false });
    expect(a.user).not.toHaveProperty('admin');
    expect((await adminRecordOf(t, a.userId))!.lastLogin).toBeNull();
    expect((await get('/v1/me', a.cookie)).json()).not.toHaveProperty('admin');
    expect((await get('/v1/auth/session', a.cookie)).json().user).not.toHaveProperty('admin');
  });

  it('a plain user: no admin', async () => {
    const u = await signInUser(t);
    expect((await get('/v1/me', u.cookie)).json()).not.toHaveProperty('admin');
    expect((await get('/v1/auth/session', u.cookie)).json().user).not.toHaveProperty('admin');
  });

  it('a super admin shows every permission whatever is stored', async () => {
    const a = await signInAdmin(t, { role: 'super_admin', permissions: only() });
    expect((await get('/v1/me', a.cookie)).json().admin).toEqual({
      role: 'super_admin',
      permissions: ALL_PERMISSIONS,
    });
  });
});

describe('DELETE /v1/me of an administrator', () => {
  const deleteMe = (cookie: string, email: string) =>
    t.app.inject({ method: 'DELETE', url: '/v1/me', headers: { cookie }, payload: { email } });

  it('the last active super admin keeps their account: 409 LAST_SUPER_ADMIN, nothing deleted', async () => {
    // A fresh app: exactly one super admin.
    const solo = await createTestApp({ env: { ADMIN_EMAILS: 'solo@example.com' } });
    try {
      const s = await signIn(solo, 'solo@example.com');
      const res = await solo.app.inject({
        method: 'DELETE',
        url: '/v1/me',
        headers: { cookie: s.cookie },
        payload: { email: 'solo@example.com' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'LAST_SUPER_ADMIN',
        message: expect.stringContaining('last active super admin'),
      });
      expect(
        (await solo.app.inject({ url: '/v1/me', headers: { cookie: s.cookie } })).json(),
      ).toMatchObject({ email: 'solo@example.com', admin: { role: 'super_admin' } });
      const [user] = await solo.database.db
        .select()
        .from(users)
        .where(eq(users.email, 'solo@example.com'));
      expect(user).toBeDefined();
    } finally {
      await solo.close();
    }
  });

  it('a super admin with another active one, or any other admin, may go; the record goes too, audited', async () => {
    // ROOT and OTHER_ROOT are both active super admins here.
    const a = await signInAdmin(t, { role: 'super_admin' }, newEmail('leaving'));
    const res = await deleteMe(a.cookie, a.email);
    expect(res.statusCode).toBe(200);
    expect(await adminRecordOf(t, a.userId)).toBeUndefined();
    const [entry] = await auditOf(a.email);
    expect(entry).toMatchObject({
      actorId: null, // the user is gone
      actor: a.email,
      action: 'admin_user_deleted',
      details: { role: 'super_admin', accountDeleted: true },
    });

    const editor = await signInAdmin(t, { role: 'editor' });
    expect((await deleteMe(editor.cookie, editor.email)).statusCode).toBe(200);
  });

  it('a plain user deletes their account as before, with no audit entry', async () => {
    const u = await signInUser(t);
    expect((await deleteMe(u.cookie, u.email)).statusCode).toBe(200);
    expect(await auditOf(u.email)).toHaveLength(0);
  });
});

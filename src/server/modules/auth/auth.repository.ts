import { and, count, eq, gt, gte, isNull, lt, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginCodes, loginCodeSends, sessions } from './auth.table.ts';
import { users } from '../users/users.table.ts';
import { adminUsers } from '../admin/admin.table.ts';
import { lockAdmins } from '../admin/admins.repository.ts';
import { recordAudit } from '../admin/audit.repository.ts';
import type { Theme } from '../../../shared/theme.ts';
import type { Locale } from '../../../shared/i18n/locales.ts';
import {
  ALL_PERMISSIONS,
  effectivePermissions,
  type AdminAccess,
  type AdminPermissions,
  type AdminRole,
} from '../../../shared/admin-access.ts';

export type SessionUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  codeToasts: boolean;
  theme: Theme;
  locale: Locale;
  /** Present for an active admin, read with the session on every request (no stale rights). */
  admin?: AdminAccess;
};

type SendCount = { n: number; oldest: Date | null };
export type SendStats = { byEmail: SendCount; byIp: SendCount; lastCodeAt: Date | null };

/** Advisory lock classes (first key of the two-key form) for the sign-in send limits. */
const SEND_EMAIL_LOCK = 727_101;
const SEND_IP_LOCK = 727_102;

const adminAccessOf = (role: AdminRole, permissions: AdminPermissions): AdminAccess => ({
  role,
  permissions: effectivePermissions(role, permissions),
});

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Makes the user an active super admin (ADMIN_EMAILS); the caller holds the admin write lock. */
async function bootstrapSuperAdmin(tx: Tx, userId: string, email: string, now: Date) {
  const [before] = await tx
    .select({ id: adminUsers.id, role: adminUsers.role, isActive: adminUsers.isActive })
    .from(adminUsers)
    .where(eq(adminUsers.userId, userId));
  const audit = { actorId: null, actor: 'ADMIN_EMAILS', target: email, at: now };
  if (!before) {
    const [created] = await tx
      .insert(adminUsers)
      .values({
        userId,
        role: 'super_admin',
        permissions: ALL_PERMISSIONS,
        isActive: true,
        createdAt: now,
      })
      .returning({ id: adminUsers.id });
    await recordAudit(tx, {
      ...audit,
      action: 'admin_user_created',
      details: {
        adminId: created!.id,
        role: 'super_admin',
        permissions: ALL_PERMISSIONS,
        isActive: true,
      },
    });
    return;
  }
  if (before.role === 'super_admin' && before.isActive) return;
  const prev: Record<string, unknown> = {};
  const next: Record<string, unknown> = {};
  if (before.role !== 'super_admin') [prev.role, next.role] = [before.role, 'super_admin'];
  if (!before.isActive) [prev.isActive, next.isActive] = [false, true];
  await tx
    .update(adminUsers)
    .set({ role: 'super_admin', isActive: true })
    .where(eq(adminUsers.id, before.id));
  await recordAudit(tx, {
    ...audit,
    action: 'admin_user_updated',
    details: { adminId: before.id, before: prev, after: next },
  });
}

export function authRepository(db: Db) {
  // Every signed-in request resolves its session: a named statement, built and planned once.
  const sessionByHash = db
    .select({
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      user: {
        id: users.id,
        email: users.email,
        emailVerified: users.emailVerified,
        codeToasts: users.codeToasts,
        theme: users.theme,
        locale: users.locale,
      },
      adminRole: adminUsers.role,
      adminPermissions: adminUsers.permissions,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(adminUsers, and(eq(adminUsers.userId, users.id), eq(adminUsers.isActive, true)))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('session_by_hash');

  return {
    /**
     * Check the send limits and record a send, atomically across processes: under transaction-level
     * advisory locks on the email and then the IP, read the sends to this email and this IP since
     * `since` (with the oldest of each, for Retry-After) and the email's current code, let `check`
     * refuse by throwing (nothing is written), then replace the email's code and record the send.
     * Returns the send id.
     */
    async storeCode(
      row: {
        email: string;
        ip: string;
        codeHash: string;
        linkTokenHash: string;
        now: Date;
        expiresAt: Date;
      },
      since: Date,
      check: (stats: SendStats) => void,
    ) {
      return db.transaction(async (tx) => {
        // Always the email first, then the IP (separate key spaces): no two senders wait on each other in a cycle.
        await tx.execute(
          sql`select pg_advisory_xact_lock(${SEND_EMAIL_LOCK}, hashtext(${row.email})), pg_advisory_xact_lock(${SEND_IP_LOCK}, hashtext(${row.ip}))`,
        );
        const [byEmail] = await tx
          .select({ n: count(), oldest: min(loginCodeSends.sentAt) })
          .from(loginCodeSends)
          .where(and(eq(loginCodeSends.email, row.email), gte(loginCodeSends.sentAt, since)));
        const [byIp] = await tx
          .select({ n: count(), oldest: min(loginCodeSends.sentAt) })
          .from(loginCodeSends)
          .where(and(eq(loginCodeSends.ip, row.ip), gte(loginCodeSends.sentAt, since)));
        const [last] = await tx
          .select({ createdAt: loginCodes.createdAt })
          .from(loginCodes)
          .where(eq(loginCodes.email, row.email));
        check({ byEmail: byEmail!, byIp: byIp!, lastCodeAt: last?.createdAt ?? null });

        const values = {
          email: row.email,
          codeHash: row.codeHash,
          linkTokenHash: row.linkTokenHash,
          expiresAt: row.expiresAt,
          attempts: 0,
          consumedAt: null,
          createdAt: row.now,
        };
        await tx
          .insert(loginCodes)
          .values(values)
          .onConflictDoUpdate({ target: loginCodes.email, set: values });
        const [send] = await tx
          .insert(loginCodeSends)
          .values({ email: row.email, ip: row.ip, sentAt: row.now })
          .returning({ id: loginCodeSends.id });
        // Housekeeping: send records and dead codes older than a day are no longer needed.
        const dayAgo = new Date(row.now.getTime() - 86_400_000);
        await tx.delete(loginCodeSends).where(lt(loginCodeSends.sentAt, dayAgo));
        await tx.delete(loginCodes).where(lt(loginCodes.expiresAt, dayAgo));
        return send!.id;
      });
    },

    /** Undo a send whose mail could not be delivered. */
    async forgetCode(email: string, sendId: string) {
      await db.transaction(async (tx) => {
        await tx.delete(loginCodes).where(eq(loginCodes.email, email));
        await tx.delete(loginCodeSends).where(eq(loginCodeSends.id, sendId));
      });
    },

    getCode: async (email: string) =>
      (await db.select().from(loginCodes).where(eq(loginCodes.email, email)))[0],

    /** Count one attempt against a live code; returns the new count and the stored hash, or nothing. */
    async spendAttempt(email: string, now: Date, maxAttempts: number) {
      const [row] = await db
        .update(loginCodes)
        .set({ attempts: sql`${loginCodes.attempts} + 1` })
        .where(
          and(
            eq(loginCodes.email, email),
            isNull(loginCodes.consumedAt),
            lt(loginCodes.attempts, maxAttempts),
            gt(loginCodes.expiresAt, now),
          ),
        )
        .returning({ attempts: loginCodes.attempts, codeHash: loginCodes.codeHash });
      return row;
    },

    /** Mark the code used; only one caller can win. */
    async consumeByEmail(email: string, now: Date) {
      const rows = await db
        .update(loginCodes)
        .set({ consumedAt: now })
        .where(and(eq(loginCodes.email, email), isNull(loginCodes.consumedAt)))
        .returning({ email: loginCodes.email });
      return rows.length === 1;
    },

    async consumeByLink(linkTokenHash: string, now: Date) {
      const [row] = await db
        .update(loginCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(loginCodes.linkTokenHash, linkTokenHash),
            isNull(loginCodes.consumedAt),
            gt(loginCodes.expiresAt, now),
          ),
        )
        .returning({ email: loginCodes.email });
      return row?.email;
    },

    /**
     * Find or create the user for a verified email, and open a session, in one transaction. An
     * active admin record gets its last_login; with `superAdmin` (an ADMIN_EMAILS address) the
     * record is made an active super admin first (created if missing, audited as 'ADMIN_EMAILS'
     * when it creates or changes one), under the admin write lock taken before any row.
     */
    async signIn(input: {
      email: string;
      now: Date;
      tokenHash: string;
      expiresAt: Date;
      userAgent: string | undefined;
      ip: string;
      superAdmin: boolean;
      locale: Locale;
    }): Promise<SessionUser> {
      return db.transaction(async (tx) => {
        if (input.superAdmin) await lockAdmins(tx);
        const [user] = await tx
          .insert(users)
          .values({
            email: input.email,
            emailVerified: true,
            lastSignInAt: input.now,
            locale: input.locale,
          })
          .onConflictDoUpdate({
            target: users.email,
            set: { emailVerified: true, lastSignInAt: input.now },
          })
          .returning({
            id: users.id,
            email: users.email,
            emailVerified: users.emailVerified,
            codeToasts: users.codeToasts,
            theme: users.theme,
            locale: users.locale,
          });
        await tx.insert(sessions).values({
          tokenHash: input.tokenHash,
          userId: user!.id,
          expiresAt: input.expiresAt,
          createdAt: input.now,
          lastSeenAt: input.now,
          userAgent: input.userAgent?.slice(0, 512),
          ip: input.ip,
        });
        if (input.superAdmin) await bootstrapSuperAdmin(tx, user!.id, input.email, input.now);
        const [admin] = await tx
          .update(adminUsers)
          .set({ lastLogin: input.now })
          .where(and(eq(adminUsers.userId, user!.id), eq(adminUsers.isActive, true)))
          .returning({ role: adminUsers.role, permissions: adminUsers.permissions });
        return admin ? { ...user!, admin: adminAccessOf(admin.role, admin.permissions) } : user!;
      });
    },

    async findSession(tokenHash: string, now: Date) {
      const [row] = await sessionByHash.execute({ tokenHash, now });
      if (!row) return undefined;
      const { adminRole, adminPermissions, ...rest } = row;
      const user: SessionUser = adminRole
        ? { ...rest.user, admin: adminAccessOf(adminRole, adminPermissions!) }
        : rest.user;
      return { ...rest, user };
    },

    async extendSession(tokenHash: string, now: Date, expiresAt: Date) {
      await db
        .update(sessions)
        .set({ expiresAt, lastSeenAt: now })
        .where(eq(sessions.tokenHash, tokenHash));
    },

    /** Records that the session was used at `now` (for the sessions list's "last active"). */
    async touchSession(tokenHash: string, now: Date) {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
    },

    async deleteSession(tokenHash: string) {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },
  };
}
export type AuthRepository = ReturnType<typeof authRepository>;

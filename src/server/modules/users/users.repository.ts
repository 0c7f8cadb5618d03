import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { UpdateMe } from '../../../shared/auth.ts';
import type { Db } from '../../db/client.ts';
import { withRetries } from '../../db/errors.ts';
import { adminUsers } from '../admin/admin.table.ts';
import { countActiveSuperAdmins, lockAdmins } from '../admin/admins.repository.ts';
import { recordAudit } from '../admin/audit.repository.ts';
import { loginCodes, loginCodeSends, sessions } from '../auth/auth.table.ts';
import { numberCounts } from '../numbers/numbers.table.ts';
import { users } from './users.table.ts';

const meColumns = {
  id: users.id,
  email: users.email,
  emailVerified: users.emailVerified,
  codeToasts: users.codeToasts,
  theme: users.theme,
  locale: users.locale,
};

export function usersRepository(db: Db) {
  return {
    /** Stores the user's preferences; returns the user as GET /v1/me shows it (undefined if gone). */
    async updatePreferences(userId: string, prefs: UpdateMe) {
      const [row] = await db
        .update(users)
        .set({ codeToasts: prefs.codeToasts, theme: prefs.theme, locale: prefs.locale })
        .where(eq(users.id, userId))
        .returning(meColumns);
      return row;
    },

    /** The user's unexpired sessions, most recently active first. */
    listSessions: (userId: string, now: Date) =>
      db
        .select({
          tokenHash: sessions.tokenHash,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          userAgent: sessions.userAgent,
          ip: sessions.ip,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt)),

    /** Whether a session is still there and unexpired (long-lived streams check it now and then). */
    async sessionAlive(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ userId: sessions.userId })
        .from(sessions)
        .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)));
      return !!row;
    },

    /** Deletes every session of the user but `keepTokenHash`; returns how many. */
    async deleteOtherSessions(userId: string, keepTokenHash: string) {
      const rows = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)))
        .returning({ tokenHash: sessions.tokenHash });
      return rows.length;
    },

    /** Deletes one session if it is the user's; returns whether it was. */
    async deleteSession(userId: string, tokenHash: string) {
      const rows = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.tokenHash, tokenHash)))
        .returning({ tokenHash: sessions.tokenHash });
      return rows.length === 1;
    },

    /**
     * Deletes the account and everything it owns, in one transaction: the user row, whose foreign
     * keys cascade to its sessions, tags, number count and numbers (and with the numbers their
     * messages and tag links), plus the sign-in codes and send records kept for its email. The
     * user's count row is locked first, as every write that removes numbers does (ADR 0006), so a
     * concurrent import of the same user waits instead of deadlocking. A poll stored afterwards
     * finds no number and stores nothing. Before that, under the admin write lock (taken first, as
     * by every admin write), the last active super admin is refused and nothing is deleted; an
     * administrator record that goes with the account is audited. Returns what happened.
     */
    deleteAccount: (userId: string, email: string, now: Date) =>
      withRetries(() =>
        db.transaction(async (tx): Promise<'deleted' | 'missing' | 'last_super_admin'> => {
          await lockAdmins(tx);
          const [admin] = await tx
            .select({ id: adminUsers.id, role: adminUsers.role, isActive: adminUsers.isActive })
            .from(adminUsers)
            .where(eq(adminUsers.userId, userId));
          if (admin?.role === 'super_admin' && admin.isActive) {
            if ((await countActiveSuperAdmins(tx)) <= 1) return 'last_super_admin';
          }
          await tx
            .select({ userId: numberCounts.userId })
            .from(numberCounts)
            .where(eq(numberCounts.userId, userId))
            .for('update');
          await tx.delete(loginCodes).where(eq(loginCodes.email, email));
          await tx.delete(loginCodeSends).where(eq(loginCodeSends.email, email));
          if (admin) {
            await recordAudit(tx, {
              actorId: userId,
              actor: email,
              action: 'admin_user_deleted',
              target: email,
              details: { adminId: admin.id, role: admin.role, accountDeleted: true },
              at: now,
            });
          }
          const gone = await tx
            .delete(users)
            .where(eq(users.id, userId))
            .returning({ id: users.id });
          return gone.length === 1 ? 'deleted' : 'missing';
        }),
      ),
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;

import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withRetries } from '../../db/errors.ts';
import { loginCodes, loginCodeSends, sessions } from '../auth/auth.table.ts';
import { numberCounts } from '../numbers/numbers.table.ts';
import { users } from './users.table.ts';

const meColumns = {
  id: users.id,
  email: users.email,
  emailVerified: users.emailVerified,
  codeToasts: users.codeToasts,
};

export function usersRepository(db: Db) {
  return {
    /** Stores the user's preferences; returns the user as GET /v1/me shows it (undefined if gone). */
    async updatePreferences(userId: string, prefs: { codeToasts: boolean }) {
      const [row] = await db
        .update(users)
        .set({ codeToasts: prefs.codeToasts })
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
     * finds no number and stores nothing. Returns whether the user was there.
     */
    deleteAccount: (userId: string, email: string) =>
      withRetries(() =>
        db.transaction(async (tx) => {
          await tx
            .select({ userId: numberCounts.userId })
            .from(numberCounts)
            .where(eq(numberCounts.userId, userId))
            .for('update');
          await tx.delete(loginCodes).where(eq(loginCodes.email, email));
          await tx.delete(loginCodeSends).where(eq(loginCodeSends.email, email));
          const gone = await tx
            .delete(users)
            .where(eq(users.id, userId))
            .returning({ id: users.id });
          return gone.length === 1;
        }),
      ),
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;

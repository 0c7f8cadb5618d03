import type { Locale } from '../../../shared/i18n/locales.ts';
import { emailMatches, type SessionInfo, type UpdateMe } from '../../../shared/auth.ts';
import { unauthorized } from '../../errors.ts';
import { hmac, sha256 } from '../../secrets.ts';
import { adminErrors } from '../admin/admin.errors.ts';
import { userErrors } from './users.errors.ts';
import type { UsersRepository } from './users.repository.ts';
import { deviceLabel } from './user-agent.ts';

export type UsersDeps = { repo: UsersRepository; secret: string; now: () => Date };

/** The account's own settings: preferences, signed-in sessions, and deleting the account. */
export function usersService({ repo, secret, now }: UsersDeps) {
  /** A session's public id: a keyed hash of its token hash, so it reveals nothing about either. */
  const sessionId = (tokenHash: string) => hmac(secret, 'session-id', tokenHash).slice(0, 16);

  return {
    async updatePreferences(userId: string, prefs: UpdateMe) {
      const me = await repo.updatePreferences(userId, prefs);
      // The account was deleted while this request was on its way: its session is gone too.
      if (!me) throw unauthorized();
      return me;
    },

    /**
     * The user's live sessions, the one asking (`token`) first, then by last activity; devices
     * named in `locale`.
     */
    async listSessions(userId: string, token: string, locale: Locale): Promise<SessionInfo[]> {
      const currentHash = sha256(token);
      const rows = await repo.listSessions(userId, now());
      return rows
        .map((r) => ({
          id: sessionId(r.tokenHash),
          current: r.tokenHash === currentHash,
          device: deviceLabel(r.userAgent, locale),
          ip: r.ip,
          createdAt: r.createdAt.toISOString(),
          lastSeenAt: r.lastSeenAt.toISOString(),
        }))
        .sort((a, b) => Number(b.current) - Number(a.current));
    },

    /** Whether the session behind `token` still exists (not signed out, not expired). */
    sessionAlive: (token: string) => repo.sessionAlive(sha256(token), now()),

    signOutOthers: (userId: string, token: string) =>
      repo.deleteOtherSessions(userId, sha256(token)),

    /** Ends one of the user's sessions by its public id; returns whether it was the asking one. */
    async revokeSession(userId: string, token: string, id: string) {
      const target = (await repo.listSessions(userId, now())).find(
        (r) => sessionId(r.tokenHash) === id,
      );
      if (!target || !(await repo.deleteSession(userId, target.tokenHash))) {
        throw userErrors.sessionNotFound();
      }
      return { current: target.tokenHash === sha256(token) };
    },

    /** Deletes the account once `typedEmail` names it; anything else is refused and nothing changes. */
    async deleteAccount(user: { id: string; email: string }, typedEmail: string) {
      if (!emailMatches(typedEmail, user.email)) {
        throw userErrors.emailMismatch();
      }
      const result = await repo.deleteAccount(user.id, user.email, now());
      if (result === 'last_super_admin') throw adminErrors.lastSuperAdminAccount();
    },
  };
}
export type UsersService = ReturnType<typeof usersService>;

import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AdminPermissions, AdminRole } from '../../../shared/admin-access.ts';
import type { Db } from '../../db/client.ts';
import { likeEscape, type KeysetCursor } from '../../db/paging.ts';
import { users } from '../users/users.table.ts';
import { adminAuditLog, adminUsers } from './admin.table.ts';
import { recordAudit, type AuditEntry } from './audit.repository.ts';

/** Advisory lock (transaction level) held by every write to admin_users: one admin write at a time. */
const ADMIN_WRITE_LOCK = 727_201;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Takes the admin write lock for the rest of the transaction. Every transaction that adds, changes
 * or removes an administrator (the admin API, the CLI, the ADMIN_EMAILS bootstrap, account
 * deletion) takes it first, before any row lock, so "is this the last active super admin?" is
 * checked and acted on with no other admin write in between, and no two of them deadlock.
 */
export async function lockAdmins(tx: Pick<Db, 'execute'>) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_WRITE_LOCK})`);
}

/** Active super admins in all, read under the admin write lock. */
export async function countActiveSuperAdmins(tx: Pick<Db, 'select'>) {
  const [row] = await tx
    .select({ n: count() })
    .from(adminUsers)
    .innerJoin(users, eq(users.id, adminUsers.userId))
    // Only those who can sign in: a super admin made for a mistyped email never could.
    .where(
      and(
        eq(adminUsers.role, 'super_admin'),
        eq(adminUsers.isActive, true),
        eq(users.emailVerified, true),
      ),
    );
  return row!.n;
}

const adminColumns = {
  id: adminUsers.id,
  userId: adminUsers.userId,
  email: users.email,
  emailVerified: users.emailVerified,
  role: adminUsers.role,
  permissions: adminUsers.permissions,
  isActive: adminUsers.isActive,
  lastLogin: adminUsers.lastLogin,
  createdAt: adminUsers.createdAt,
};
export type AdminRow = {
  id: string;
  userId: string;
  email: string;
  /** False for a pending grant: nobody ever signed in with this email. */
  emailVerified: boolean;
  role: AdminRole;
  permissions: AdminPermissions;
  isActive: boolean;
  lastLogin: Date | null;
  createdAt: Date;
};
export type AdminChanges = Partial<Pick<AdminRow, 'role' | 'permissions' | 'isActive'>>;

/** The writes of one locked transaction (see `adminsRepository().write`). */
function writeOps(tx: Tx, now: Date) {
  const one = async (where: SQL | undefined): Promise<AdminRow | undefined> =>
    (
      await tx
        .select(adminColumns)
        .from(adminUsers)
        .innerJoin(users, eq(users.id, adminUsers.userId))
        .where(where)
    )[0];
  return {
    byId: (id: string) => one(eq(adminUsers.id, id)),
    byEmail: (email: string) => one(eq(users.email, email)),
    byUserId: (userId: string) => one(eq(adminUsers.userId, userId)),
    activeSuperAdmins: () => countActiveSuperAdmins(tx),

    /** The user with this email, created (unverified) when there is none. */
    async ensureUser(email: string) {
      const [created] = await tx
        .insert(users)
        .values({ email, emailVerified: false, createdAt: now })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      if (created) return { userId: created.id, created: true };
      const [found] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      return { userId: found!.id, created: false };
    },

    async insert(row: {
      userId: string;
      role: AdminRole;
      permissions: AdminPermissions;
      isActive: boolean;
    }) {
      const [created] = await tx
        .insert(adminUsers)
        .values({ ...row, createdAt: now })
        .returning({ id: adminUsers.id });
      return created!.id;
    },

    async update(id: string, changes: AdminChanges) {
      await tx.update(adminUsers).set(changes).where(eq(adminUsers.id, id));
    },

    async remove(id: string) {
      await tx.delete(adminUsers).where(eq(adminUsers.id, id));
    },

    audit: (entry: Omit<AuditEntry, 'at'>) => recordAudit(tx, { ...entry, at: now }),
  };
}
export type AdminWriteOps = ReturnType<typeof writeOps>;

export function adminsRepository(db: Db) {
  return {
    /**
     * Administrators newest first. `q` matches the email or the role, case-insensitively, as a
     * substring; the role also as the layout shows it ('super admin').
     */
    async list(q: string | undefined, status: 'all' | 'active' | 'inactive') {
      const pattern = q ? `%${likeEscape(q)}%` : undefined;
      return db
        .select(adminColumns)
        .from(adminUsers)
        .innerJoin(users, eq(users.id, adminUsers.userId))
        .where(
          and(
            pattern
              ? or(
                  ilike(users.email, pattern),
                  ilike(adminUsers.role, pattern),
                  sql`replace(${adminUsers.role}, '_', ' ') ilike ${pattern}`,
                )
              : undefined,
            status === 'all' ? undefined : eq(adminUsers.isActive, status === 'active'),
          ),
        )
        .orderBy(desc(adminUsers.createdAt), desc(adminUsers.id));
    },

    /**
     * Runs `work` in one transaction that first takes the admin write lock: its checks (last
     * super admin, the actor's own rights) and its writes and audit entries happen together.
     */
    write: <T>(now: Date, work: (ops: AdminWriteOps) => Promise<T>) =>
      db.transaction(async (tx) => {
        await lockAdmins(tx);
        return work(writeOps(tx, now));
      }),

    /** Audit entries newest first, after `cursor`; one more than `limit` tells that more follow. */
    auditPage: (cursor: KeysetCursor | undefined, limit: number) =>
      db
        .select({
          id: adminAuditLog.id,
          actor: adminAuditLog.actor,
          action: adminAuditLog.action,
          target: adminAuditLog.target,
          details: adminAuditLog.details,
          createdAt: adminAuditLog.createdAt,
        })
        .from(adminAuditLog)
        .where(
          cursor
            ? sql`(${adminAuditLog.createdAt}, ${adminAuditLog.id}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`
            : undefined,
        )
        .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
        .limit(limit + 1),
  };
}
export type AdminsRepository = ReturnType<typeof adminsRepository>;

import {
  ADMIN_PERMISSIONS,
  ALL_PERMISSIONS,
  effectivePermissions,
  type AdminDto,
  type AdminPermissions,
  type AdminRole,
  type UpdateAdmin,
} from '../../../shared/admin.ts';
import { decodeCursor, encodeCursor } from '../../db/paging.ts';
import { adminErrors } from './admin.errors.ts';
import type {
  AdminChanges,
  AdminRow,
  AdminWriteOps,
  AdminsRepository,
} from './admins.repository.ts';

/**
 * Who acts: a signed-in super admin (`userId`, `label` = their email), or the command line
 * (`userId` null, `label` 'cli'), which has no administrator record of its own.
 */
export type Actor = { userId: string | null; label: string };
export const CLI_ACTOR: Actor = { userId: null, label: 'cli' };

export type AdminsDeps = {
  repo: AdminsRepository;
  now: () => Date;
  /** ADMIN_EMAILS: these stay active super admins (they would be restored at their next sign-in). */
  configured?: string[];
};

export const toAdminDto = (r: AdminRow): AdminDto => ({
  id: r.id,
  userId: r.userId,
  email: r.email,
  role: r.role,
  // What the admin can do: a super admin has every permission whatever is stored.
  permissions: effectivePermissions(r.role, r.permissions),
  isActive: r.isActive,
  lastLogin: r.lastLogin?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

const samePermissions = (a: AdminPermissions, b: AdminPermissions) =>
  ADMIN_PERMISSIONS.every((k) => a[k] === b[k]);

/** The fields `patch` really changes, before and after. */
function diff(row: AdminRow, patch: AdminChanges) {
  const before: AdminChanges = {};
  const after: AdminChanges = {};
  if (patch.role !== undefined && patch.role !== row.role) {
    before.role = row.role;
    after.role = patch.role;
  }
  if (patch.isActive !== undefined && patch.isActive !== row.isActive) {
    before.isActive = row.isActive;
    after.isActive = patch.isActive;
  }
  if (patch.permissions && !samePermissions(patch.permissions, row.permissions)) {
    before.permissions = row.permissions;
    after.permissions = patch.permissions;
  }
  return { before, after, changed: Object.keys(after).length > 0 };
}

const isActiveSuper = (r: { role: AdminRole; isActive: boolean }) =>
  r.role === 'super_admin' && r.isActive;

/**
 * Administrators: the rules hold for every caller (API and CLI). Each write runs under the admin
 * write lock, re-reads what it decides on, and records its audit entry in the same transaction.
 */
export function adminsService({ repo, now, configured = [] }: AdminsDeps) {
  /**
   * An email in ADMIN_EMAILS is made an active super admin again at its next sign-in: removing,
   * deactivating or demoting it here would only look done, so it is refused.
   */
  function keepConfigured(target: AdminRow, after: { role: AdminRole; isActive: boolean } | null) {
    if (configured.includes(target.email) && (!after || !isActiveSuper(after))) {
      throw adminErrors.configured(target.email);
    }
  }

  /** A signed-in actor must still be an active super admin (rights may have changed meanwhile). */
  async function checkActor(ops: AdminWriteOps, actor: Actor) {
    if (actor.userId === null) return;
    const me = await ops.byUserId(actor.userId);
    if (!me || !isActiveSuper(me)) throw adminErrors.notSuperAdmin();
  }

  /**
   * Refuses a change that would leave no active super admin who can sign in. Only such a one is
   * counted (`countActiveSuperAdmins`), so only such a one is protected: a pending grant (an email
   * nobody signed in with yet) may always be demoted, deactivated or removed.
   */
  async function keepOneSuperAdmin(ops: AdminWriteOps, target: AdminRow, next: AdminRow | null) {
    if (!isActiveSuper(target) || !target.emailVerified || (next && isActiveSuper(next))) return;
    if ((await ops.activeSuperAdmins()) <= 1) throw adminErrors.lastSuperAdmin();
  }

  async function createIn(
    ops: AdminWriteOps,
    actor: Actor,
    input: { email: string; role: AdminRole; permissions: AdminPermissions; isActive: boolean },
  ) {
    if (await ops.byEmail(input.email)) throw adminErrors.alreadyExists();
    const account = await ops.ensureUser(input.email);
    const id = await ops.insert({
      userId: account.userId,
      role: input.role,
      permissions: input.permissions,
      isActive: input.isActive,
    });
    await ops.audit({
      actorId: actor.userId,
      actor: actor.label,
      action: 'admin_user_created',
      target: input.email,
      details: {
        adminId: id,
        role: input.role,
        permissions: input.permissions,
        isActive: input.isActive,
        accountCreated: account.created,
      },
    });
    return (await ops.byId(id))!;
  }

  async function updateIn(ops: AdminWriteOps, actor: Actor, target: AdminRow, patch: AdminChanges) {
    const { before, after, changed } = diff(target, patch);
    if (!changed) return target;
    await keepOneSuperAdmin(ops, target, { ...target, ...after });
    if (target.userId === actor.userId) throw adminErrors.ownRights();
    keepConfigured(target, { ...target, ...after });
    await ops.update(target.id, after);
    await ops.audit({
      actorId: actor.userId,
      actor: actor.label,
      action: 'admin_user_updated',
      target: target.email,
      details: { adminId: target.id, before, after },
    });
    return (await ops.byId(target.id))!;
  }

  async function removeIn(ops: AdminWriteOps, actor: Actor, target: AdminRow) {
    await keepOneSuperAdmin(ops, target, null);
    if (target.userId === actor.userId) throw adminErrors.deleteSelf();
    keepConfigured(target, null);
    await ops.remove(target.id);
    await ops.audit({
      actorId: actor.userId,
      actor: actor.label,
      action: 'admin_user_deleted',
      target: target.email,
      details: { adminId: target.id, role: target.role },
    });
  }

  return {
    async list(q: string | undefined, status: 'all' | 'active' | 'inactive') {
      const rows = await repo.list(q || undefined, status);
      return { items: rows.map(toAdminDto), total: rows.length };
    },

    /** A new administrator; an email with no account gets one (unverified) in the same transaction. */
    create: (
      actor: Actor,
      input: { email: string; role: AdminRole; permissions: AdminPermissions; isActive: boolean },
    ) =>
      repo.write(now(), async (ops) => {
        await checkActor(ops, actor);
        return toAdminDto(await createIn(ops, actor, input));
      }),

    update: (actor: Actor, id: string, patch: UpdateAdmin) =>
      repo.write(now(), async (ops) => {
        await checkActor(ops, actor);
        const target = await ops.byId(id);
        if (!target) throw adminErrors.adminNotFound();
        return toAdminDto(await updateIn(ops, actor, target, patch));
      }),

    remove: (actor: Actor, id: string) =>
      repo.write(now(), async (ops) => {
        await checkActor(ops, actor);
        const target = await ops.byId(id);
        if (!target) throw adminErrors.adminNotFound();
        await removeIn(ops, actor, target);
        return { id: target.id, email: target.email };
      }),

    /**
     * The CLI's grant: makes `email` an active administrator with `role` (and `permissions`,
     * all of them for a new one when not given), creating the account and the record as needed.
     */
    grant: (
      actor: Actor,
      input: { email: string; role: AdminRole; permissions?: AdminPermissions },
    ) =>
      repo.write(now(), async (ops) => {
        await checkActor(ops, actor);
        const existing = await ops.byEmail(input.email);
        if (!existing) {
          const created = await createIn(ops, actor, {
            email: input.email,
            role: input.role,
            permissions: input.permissions ?? ALL_PERMISSIONS,
            isActive: true,
          });
          return { admin: toAdminDto(created), created: true };
        }
        const patch: AdminChanges = { role: input.role, isActive: true };
        if (input.permissions) patch.permissions = input.permissions;
        return { admin: toAdminDto(await updateIn(ops, actor, existing, patch)), created: false };
      }),

    /** The CLI's revoke: removes the administrator record of `email` (the account stays). */
    revoke: (actor: Actor, email: string) =>
      repo.write(now(), async (ops) => {
        await checkActor(ops, actor);
        const target = await ops.byEmail(email);
        if (!target) throw adminErrors.notAnAdmin(email);
        await removeIn(ops, actor, target);
      }),

    async auditPage(cursor: string | undefined, limit: number) {
      const rows = await repo.auditPage(cursor ? decodeCursor(cursor) : undefined, limit);
      const more = rows.length > limit;
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      return {
        items: items.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        nextCursor: more && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
      };
    },
  };
}
export type AdminsService = ReturnType<typeof adminsService>;

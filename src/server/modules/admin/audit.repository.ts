import type { Db } from '../../db/client.ts';
import { adminAuditLog } from './admin.table.ts';

export type AuditEntry = {
  /** The acting user's id (null for the CLI or the ADMIN_EMAILS bootstrap). */
  actorId: string | null;
  /** The actor's email, or 'cli' / 'ADMIN_EMAILS'. */
  actor: string;
  action: string;
  target: string;
  details?: Record<string, unknown>;
  at: Date;
};

/**
 * Writes one audit entry. Pass the transaction of the change itself, so the change and its entry
 * are written together or not at all.
 */
export async function recordAudit(db: Pick<Db, 'insert'>, e: AuditEntry) {
  await db.insert(adminAuditLog).values({
    actorId: e.actorId,
    actor: e.actor,
    action: e.action,
    target: e.target,
    details: e.details ?? {},
    createdAt: e.at,
  });
}

import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactMessages } from './contact.table.ts';

/** Advisory lock class (first key of the two-key form) for the contact form's per-IP limit. */
const CONTACT_IP_LOCK = 727_103;

export function contactRepository(db: Db) {
  return {
    /**
     * Store the message unless the IP already sent `max` since `since`; undefined when refused.
     * Count and insert run in one transaction under an advisory lock on the IP, so parallel
     * posts (from any process) cannot all pass the same count.
     */
    async insertWithinLimit(row: typeof contactMessages.$inferInsert, since: Date, max: number) {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(${CONTACT_IP_LOCK}, hashtext(${row.ip}))`,
        );
        const [sent] = await tx
          .select({ n: count() })
          .from(contactMessages)
          .where(and(eq(contactMessages.ip, row.ip), gte(contactMessages.createdAt, since)));
        if (sent!.n >= max) return undefined;
        const [saved] = await tx
          .insert(contactMessages)
          .values(row)
          .returning({ id: contactMessages.id });
        return saved!.id;
      });
    },
  };
}

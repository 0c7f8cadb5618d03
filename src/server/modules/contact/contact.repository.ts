import { and, count, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactMessages } from './contact.table.ts';

export function contactRepository(db: Db) {
  return {
    async countFromIp(ip: string, since: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(contactMessages)
        .where(and(eq(contactMessages.ip, ip), gte(contactMessages.createdAt, since)));
      return row!.n;
    },
    async insert(row: typeof contactMessages.$inferInsert) {
      const [saved] = await db
        .insert(contactMessages)
        .values(row)
        .returning({ id: contactMessages.id });
      return saved!.id;
    },
  };
}

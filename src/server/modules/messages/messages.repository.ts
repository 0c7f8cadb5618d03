import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { likeEscape } from '../../db/paging.ts';
import { voipNumbers } from '../numbers/numbers.table.ts';
import { messages } from './messages.table.ts';

export type MessageRow = typeof messages.$inferSelect;
export type StoredMessage = MessageRow & { phoneNumber: string; userId: string };
export type MessageFilters = {
  numberId?: string;
  q?: string;
  from?: Date;
  to?: Date;
};
export type MessageCursor = { receivedAt: Date; id: string };

export function messagesRepository(db: Db) {
  return {
    /** The user's messages, newest first, with the number each arrived on. */
    async list(
      userId: string,
      f: MessageFilters,
      cursor: MessageCursor | undefined,
      limit: number,
    ) {
      const conds: SQL[] = [eq(voipNumbers.userId, userId)];
      if (f.numberId) conds.push(eq(messages.voipNumberId, f.numberId));
      if (f.from) conds.push(gte(messages.receivedAt, f.from));
      if (f.to) conds.push(lt(messages.receivedAt, f.to));
      if (f.q) {
        const pattern = `%${likeEscape(f.q)}%`;
        const any: SQL[] = [ilike(messages.content, pattern), ilike(messages.sender, pattern)];
        const digits = f.q.replace(/\D/g, '');
        if (digits) {
          // The code as extracted (a code shown as 123-456 is stored as 123456), and the number.
          any.push(sql`${messages.code} like ${`%${digits}%`}`);
          any.push(sql`${voipNumbers.phoneNumber} like ${`%${digits}%`}`);
        }
        conds.push(or(...any)!);
      }
      if (cursor) {
        conds.push(
          sql`(${messages.receivedAt}, ${messages.id}) < (${cursor.receivedAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`,
        );
      }
      const rows = await db
        .select({ m: messages, phoneNumber: voipNumbers.phoneNumber })
        .from(messages)
        .innerJoin(voipNumbers, eq(voipNumbers.id, messages.voipNumberId))
        .where(and(...conds))
        .orderBy(desc(messages.receivedAt), desc(messages.id))
        .limit(limit + 1);
      return {
        rows: rows.slice(0, limit).map((r) => ({ ...r.m, phoneNumber: r.phoneNumber, userId })),
        more: rows.length > limit,
      };
    },

    /** Messages of the user stored at or after `since` (event replay), oldest first, capped. */
    async since(userId: string, since: Date, limit: number): Promise<StoredMessage[]> {
      const rows = await db
        .select({ m: messages, phoneNumber: voipNumbers.phoneNumber })
        .from(messages)
        .innerJoin(voipNumbers, eq(voipNumbers.id, messages.voipNumberId))
        .where(and(eq(voipNumbers.userId, userId), gte(messages.createdAt, since)))
        .orderBy(messages.createdAt, messages.id)
        .limit(limit);
      return rows.map((r) => ({ ...r.m, phoneNumber: r.phoneNumber, userId }));
    },

    async byId(id: string): Promise<StoredMessage | undefined> {
      const [r] = await db
        .select({ m: messages, phoneNumber: voipNumbers.phoneNumber, userId: voipNumbers.userId })
        .from(messages)
        .innerJoin(voipNumbers, eq(voipNumbers.id, messages.voipNumberId))
        .where(eq(messages.id, id));
      return r && { ...r.m, phoneNumber: r.phoneNumber, userId: r.userId };
    },
  };
}
export type MessagesRepository = ReturnType<typeof messagesRepository>;

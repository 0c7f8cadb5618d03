import { count } from 'drizzle-orm';
import type { PublicStats } from '../../../shared/api.ts';
import type { Db } from '../../db/client.ts';
import { messages, users, voipNumbers } from '../../db/schema.ts';

export function statsRepository(db: Db) {
  return {
    /** Platform-wide counts of users, numbers and messages (three counts in parallel). */
    async counts(): Promise<PublicStats> {
      const [[u], [n], [m]] = await Promise.all([
        db.select({ n: count() }).from(users),
        db.select({ n: count() }).from(voipNumbers),
        db.select({ n: count() }).from(messages),
      ]);
      return { users: u!.n, numbers: n!.n, messages: m!.n };
    },
  };
}
export type StatsRepository = ReturnType<typeof statsRepository>;

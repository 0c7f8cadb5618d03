import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tags } from './tags.table.ts';

export function tagsRepository(db: Db) {
  return {
    list: (userId: string) =>
      db
        .select({ id: tags.id, name: tags.name })
        .from(tags)
        .where(eq(tags.userId, userId))
        .orderBy(asc(sql`lower(${tags.name})`)),

    /** Create the tag, or return the existing one with the same name (case-insensitive). */
    async findOrCreate(userId: string, name: string) {
      const [created] = await db
        .insert(tags)
        .values({ userId, name })
        .onConflictDoNothing()
        .returning({ id: tags.id, name: tags.name });
      if (created) return { tag: created, created: true };
      const [existing] = await db
        .select({ id: tags.id, name: tags.name })
        .from(tags)
        .where(and(eq(tags.userId, userId), sql`lower(${tags.name}) = lower(${name})`));
      return { tag: existing!, created: false };
    },

    /** Ids of the named tags (lower-cased name → id), creating the missing ones. */
    async ensureMany(userId: string, names: string[]) {
      if (names.length === 0) return new Map<string, string>();
      await db
        .insert(tags)
        .values(names.map((name) => ({ userId, name })))
        .onConflictDoNothing();
      const rows = await db
        .select({ id: tags.id, name: tags.name })
        .from(tags)
        .where(
          and(
            eq(tags.userId, userId),
            inArray(
              sql`lower(${tags.name})`,
              names.map((n) => n.toLowerCase()),
            ),
          ),
        );
      return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
    },
  };
}

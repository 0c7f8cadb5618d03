import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation, withRetries } from '../../db/errors.ts';
import { webhooks } from '../webhooks/webhooks.table.ts';
import { tags, voipNumberTags } from './tags.table.ts';
import { messageText } from '../../../shared/validation-message.ts';

/** Why an endpoint filtered by a deleted tag alone was turned off (its card shows it). */
export const tagDeletedReason = (name: string) =>
  messageText('server.disabled.tagDeleted', { name });

export function tagsRepository(db: Db) {
  const byLowerName = (userId: string, name: string) =>
    and(eq(tags.userId, userId), sql`lower(${tags.name}) = lower(${name})`);

  /** One of the user's tags with its number count (undefined when it is not theirs). */
  async function one(userId: string, id: string) {
    const [row] = await db
      .select({ id: tags.id, name: tags.name, numberCount: count(voipNumberTags.voipNumberId) })
      .from(tags)
      .leftJoin(voipNumberTags, eq(voipNumberTags.tagId, tags.id))
      .where(and(eq(tags.id, id), eq(tags.userId, userId)))
      .groupBy(tags.id);
    return row;
  }

  return {
    list: (userId: string) =>
      db
        .select({ id: tags.id, name: tags.name })
        .from(tags)
        .where(eq(tags.userId, userId))
        .orderBy(asc(sql`lower(${tags.name})`)),

    /** The user's tags by name, each with how many numbers carry it (one grouped query). */
    listWithCounts: (userId: string) =>
      db
        .select({ id: tags.id, name: tags.name, numberCount: count(voipNumberTags.voipNumberId) })
        .from(tags)
        .leftJoin(voipNumberTags, eq(voipNumberTags.tagId, tags.id))
        .where(eq(tags.userId, userId))
        .groupBy(tags.id)
        .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id)),

    one,

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
        .where(byLowerName(userId, name));
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

    /**
     * Renames one of the user's tags. Undefined when it is not theirs; `{ taken }` (the other
     * tag's name) when another of their tags has the name in any case.
     */
    async rename(
      userId: string,
      id: string,
      name: string,
    ): Promise<{ renamed: true } | { taken: string } | undefined> {
      try {
        const [row] = await db
          .update(tags)
          .set({ name })
          .where(and(eq(tags.id, id), eq(tags.userId, userId)))
          .returning({ id: tags.id });
        return row ? { renamed: true } : undefined;
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        const [other] = await db
          .select({ name: tags.name })
          .from(tags)
          .where(byLowerName(userId, name));
        return { taken: other?.name ?? name };
      }
    },

    /**
     * Moves every number link of tag `fromId` to `intoId` (a number carrying both keeps one
     * link), points the user's webhook and channel tag filters at `intoId` instead, and deletes
     * `fromId`: one transaction, both tags locked. `missing` names a tag that is not the user's.
     */
    merge: (userId: string, fromId: string, intoId: string) =>
      withRetries(() =>
        db.transaction(async (tx) => {
          const locked = await tx
            .select({ id: tags.id })
            .from(tags)
            .where(and(eq(tags.userId, userId), inArray(tags.id, [fromId, intoId])))
            .orderBy(asc(tags.id))
            .for('update');
          if (!locked.some((t) => t.id === fromId)) return { missing: 'from' as const };
          if (!locked.some((t) => t.id === intoId)) return { missing: 'into' as const };
          await tx.execute(sql`
            insert into ${voipNumberTags} (voip_number_id, tag_id)
            select l.voip_number_id, ${intoId}::uuid from ${voipNumberTags} l
            where l.tag_id = ${fromId}::uuid
            on conflict do nothing`);
          await tx.execute(sql`
            update ${webhooks} set tag_ids = case
                when ${intoId}::uuid = any(tag_ids) then array_remove(tag_ids, ${fromId}::uuid)
                else array_replace(tag_ids, ${fromId}::uuid, ${intoId}::uuid) end
            where user_id = ${userId} and ${fromId}::uuid = any(tag_ids)`);
          // The links of `fromId` go with it (ON DELETE CASCADE).
          await tx.delete(tags).where(eq(tags.id, fromId));
          return { missing: null };
        }),
      ),

    /**
     * Deletes one of the user's tags and its number links, and takes it out of their webhook
     * and channel tag filters; an endpoint whose filter held only this tag is turned off (an
     * empty filter would mean every number). False when the tag is not theirs.
     */
    remove: (userId: string, id: string) =>
      withRetries(() =>
        db.transaction(async (tx) => {
          const [gone] = await tx
            .delete(tags)
            .where(and(eq(tags.id, id), eq(tags.userId, userId)))
            .returning({ name: tags.name });
          if (!gone) return false;
          await tx.execute(sql`
            update ${webhooks} set
              tag_ids = array_remove(tag_ids, ${id}::uuid),
              enabled = enabled and cardinality(array_remove(tag_ids, ${id}::uuid)) > 0,
              disabled_reason = case
                when enabled and cardinality(array_remove(tag_ids, ${id}::uuid)) = 0
                then ${tagDeletedReason(gone.name)} else disabled_reason end
            where user_id = ${userId} and ${id}::uuid = any(tag_ids)`);
          return true;
        }),
      ),
  };
}

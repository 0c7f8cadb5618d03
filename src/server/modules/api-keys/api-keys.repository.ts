import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { ApiKeyDto, ApiKeyScope } from '../../../shared/api-keys.ts';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../auth/auth.repository.ts';
import { users } from '../users/users.table.ts';
import { apiKeys } from './api-keys.table.ts';

const listColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  createdAt: apiKeys.createdAt,
  expiresAt: apiKeys.expiresAt,
  lastUsedAt: apiKeys.lastUsedAt,
};
type Row = {
  [K in keyof typeof listColumns]: (typeof listColumns)[K]['_']['data'] | null;
};

export const toApiKeyDto = (r: Row): ApiKeyDto => ({
  id: r.id!,
  name: r.name!,
  prefix: r.prefix!,
  scopes: r.scopes as ApiKeyScope[],
  createdAt: r.createdAt!.toISOString(),
  expiresAt: r.expiresAt?.toISOString() ?? null,
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
});

/** The key a request presented, with its owner (never with admin rights: keys are not for /v1/admin). */
export type KeyHolder = {
  key: { id: string; scopes: ApiKeyScope[]; expiresAt: Date | null; lastUsedAt: Date | null };
  user: SessionUser;
};

export function apiKeysRepository(db: Db) {
  const byHash = db
    .select({
      id: apiKeys.id,
      scopes: apiKeys.scopes,
      expiresAt: apiKeys.expiresAt,
      lastUsedAt: apiKeys.lastUsedAt,
      user: {
        id: users.id,
        email: users.email,
        emailVerified: users.emailVerified,
        codeToasts: users.codeToasts,
        theme: users.theme,
        locale: users.locale,
      },
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.keyHash, sql.placeholder('keyHash')))
    .prepare('api_key_by_hash');

  return {
    list: async (userId: string) =>
      (
        await db
          .select(listColumns)
          .from(apiKeys)
          .where(eq(apiKeys.userId, userId))
          .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id))
      ).map(toApiKeyDto),

    /**
     * Stores a new key unless the user holds `max` already: the count and the insert run under a
     * lock on the user's row, so parallel creates cannot pass the limit. Undefined when full.
     */
    create: (
      userId: string,
      input: {
        name: string;
        prefix: string;
        keyHash: string;
        scopes: ApiKeyScope[];
        expiresAt: Date | null;
        now: Date;
      },
      max: number,
    ) =>
      db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [held] = await tx
          .select({ n: count() })
          .from(apiKeys)
          .where(eq(apiKeys.userId, userId));
        if (held!.n >= max) return undefined;
        const [row] = await tx
          .insert(apiKeys)
          .values({ userId, ...input, createdAt: input.now })
          .returning(listColumns);
        return toApiKeyDto(row!);
      }),

    /** Whether a key of the user's was deleted. */
    delete: async (userId: string, id: string) =>
      (
        await db
          .delete(apiKeys)
          .where(and(eq(apiKeys.userId, userId), eq(apiKeys.id, id)))
          .returning({ id: apiKeys.id })
      ).length > 0,

    async findByHash(keyHash: string): Promise<KeyHolder | undefined> {
      const [row] = await byHash.execute({ keyHash });
      if (!row) return undefined;
      const { user, ...key } = row;
      return { key: { ...key, scopes: key.scopes as ApiKeyScope[] }, user };
    },

    touch: async (id: string, at: Date) => {
      await db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id));
    },
  };
}
export type ApiKeysRepository = ReturnType<typeof apiKeysRepository>;

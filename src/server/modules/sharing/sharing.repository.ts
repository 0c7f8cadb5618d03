import { and, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import {
  PUBLIC_MESSAGES_PER_NUMBER,
  PUBLIC_NUMBERS_LISTED,
  PUBLIC_PAGE_NUMBERS_MAX,
} from '../../../shared/sharing.ts';
import { messages } from '../messages/messages.table.ts';
import { voipNumbers } from '../numbers/numbers.table.ts';
import { publicPageNumbers, publicPages, singleEndpoints } from './sharing.table.ts';

export type Cursor = { createdAt: Date; id: string };

/** A message as the public answers carry it (receivedAt as the database wrote it in JSON). */
export type PublicMessageRow = {
  id: string;
  sender: string;
  content: string;
  code: string | null;
  receivedAt: string;
};
export type PublicNumberRow = {
  id: string;
  phoneNumber: string;
  isActive: boolean;
  endDate: Date | null;
  messages: PublicMessageRow[];
};

/** Thrown inside a transaction when a number id is not the user's: the transaction rolls back. */
export class ForeignNumberError extends Error {
  constructor() {
    super('number not found');
  }
}
/** Thrown inside a transaction when an endpoint id is not the user's: nothing is deleted. */
export class ForeignEndpointError extends Error {
  constructor() {
    super('entry not found');
  }
}

// Correlated subqueries name the outer table in full: drizzle writes a bare "id" for a column of
// a one-table select, which inside the subquery would resolve to the subquery's own tables.

/** A number's newest public messages as JSON, newest first (index messages_number_received_idx). */
const messagesJson = (numberId: SQL) => sql<PublicMessageRow[]>`coalesce((
  select json_agg(json_build_object('id', m.id, 'sender', m.sender, 'content', m.content,
    'code', m.code, 'receivedAt', m.received_at) order by m.received_at desc, m.id desc)
  from (select m.id, m.sender, m.content, m.code, m.received_at from ${messages} m
        where m.voip_number_id = ${numberId}
        order by m.received_at desc, m.id desc limit ${sql.raw(String(PUBLIC_MESSAGES_PER_NUMBER))}) m),
  '[]'::json)`;

const publicNumberFields = {
  id: voipNumbers.id,
  phoneNumber: voipNumbers.phoneNumber,
  isActive: voipNumbers.isActive,
  endDate: voipNumbers.endDate,
  messages: messagesJson(sql`"voip_numbers"."id"`),
};

const pageCountSql = sql<number>`(select count(*) from ${publicPageNumbers} pn
  where pn.page_id = "public_pages"."id")::int`;
const firstNumbersSql = sql<string[]>`array(select v.phone_number
  from ${publicPageNumbers} pn join ${voipNumbers} v on v.id = pn.voip_number_id
  where pn.page_id = "public_pages"."id"
  order by pn.position limit ${sql.raw(String(PUBLIC_NUMBERS_LISTED))})`;

const pageFields = {
  id: publicPages.id,
  hash: publicPages.hash,
  name: publicPages.name,
  isActive: publicPages.isActive,
  views: publicPages.views,
  lastAccessed: publicPages.lastAccessed,
  createdAt: publicPages.createdAt,
  numberCount: pageCountSql,
  firstNumbers: firstNumbersSql,
};
export type PageRow = {
  id: string;
  hash: string;
  name: string;
  isActive: boolean;
  views: number;
  lastAccessed: Date | null;
  createdAt: Date;
  numberCount: number;
  firstNumbers: string[];
};

const endpointFields = {
  id: singleEndpoints.id,
  hash: singleEndpoints.hash,
  name: singleEndpoints.name,
  numberId: singleEndpoints.voipNumberId,
  phoneNumber: voipNumbers.phoneNumber,
  remark: singleEndpoints.remark,
  isActive: singleEndpoints.isActive,
  views: singleEndpoints.views,
  lastAccessed: singleEndpoints.lastAccessed,
  createdAt: singleEndpoints.createdAt,
};
export type EndpointRow = {
  id: string;
  hash: string;
  name: string;
  numberId: string;
  phoneNumber: string;
  remark: string;
  isActive: boolean;
  views: number;
  lastAccessed: Date | null;
  createdAt: Date;
};

/** Keyset paging on (created_at, id), newest first. */
const after = (table: typeof publicPages | typeof singleEndpoints, c: Cursor | undefined) =>
  c
    ? sql`(${table.createdAt}, ${table.id}) < (${c.createdAt.toISOString()}::timestamptz, ${c.id}::uuid)`
    : undefined;

/** A PostgreSQL array literal of uuids (validated by the route schemas) for `= any(...::uuid[])`. */
const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;
const rowCount = (res: unknown) => (res as { rowCount?: number | null }).rowCount ?? 0;

export function sharingRepository(db: Db) {
  type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

  /**
   * Replaces a page's numbers with `ids` in that order, in one statement that takes only the
   * user's numbers (the join): fewer rows than ids means a foreign or deleted number, and the
   * caller's transaction is rolled back. The inserted rows hold their numbers (FOR KEY SHARE)
   * until commit, so a concurrent delete of one waits instead of leaving a dangling row.
   */
  async function setPageNumbers(tx: Tx, userId: string, pageId: string, ids: string[]) {
    await tx.delete(publicPageNumbers).where(eq(publicPageNumbers.pageId, pageId));
    const res = await tx.execute(sql`
      insert into ${publicPageNumbers} (page_id, voip_number_id, position)
      select ${pageId}::uuid, t.id, t.ord - 1
      from unnest(${uuidArray(ids)}::uuid[]) with ordinality as t(id, ord)
      join ${voipNumbers} v on v.id = t.id and v.user_id = ${userId}::uuid`);
    if (rowCount(res) !== ids.length) throw new ForeignNumberError();
  }

  async function endpointById(userId: string, id: string): Promise<EndpointRow | undefined> {
    const [row] = await db
      .select(endpointFields)
      .from(singleEndpoints)
      .innerJoin(voipNumbers, eq(voipNumbers.id, singleEndpoints.voipNumberId))
      .where(and(eq(singleEndpoints.id, id), eq(singleEndpoints.userId, userId)));
    return row;
  }

  // The public endpoint's one statement, planned once per connection: the endpoint by hash with its
  // number and newest messages.
  const publicEndpointQuery = db
    .select({
      id: singleEndpoints.id,
      name: singleEndpoints.name,
      userId: singleEndpoints.userId,
      number: publicNumberFields,
    })
    .from(singleEndpoints)
    .innerJoin(voipNumbers, eq(voipNumbers.id, singleEndpoints.voipNumberId))
    .where(
      and(eq(singleEndpoints.hash, sql.placeholder('hash')), eq(singleEndpoints.isActive, true)),
    )
    .prepare('public_single_entry');

  return {
    // -------------------------------------------------------------------------------------------
    // Owner: pages
    // -------------------------------------------------------------------------------------------

    /** The user's pages, newest first, each with its number count and first numbers. */
    async listPages(userId: string, cursor: Cursor | undefined, limit: number) {
      const rows = await db
        .select(pageFields)
        .from(publicPages)
        .where(and(eq(publicPages.userId, userId), after(publicPages, cursor)))
        .orderBy(desc(publicPages.createdAt), desc(publicPages.id))
        .limit(limit + 1);
      return { rows: rows.slice(0, limit) as PageRow[], more: rows.length > limit };
    },

    /** One of the user's pages with every number id, in page order. */
    async getPage(userId: string, id: string) {
      const [row] = await db
        .select(pageFields)
        .from(publicPages)
        .where(and(eq(publicPages.userId, userId), eq(publicPages.id, id)));
      if (!row) return undefined;
      const ids = await db
        .select({ id: publicPageNumbers.voipNumberId })
        .from(publicPageNumbers)
        .where(eq(publicPageNumbers.pageId, id))
        .orderBy(publicPageNumbers.position);
      return { ...(row as PageRow), numberIds: ids.map((r) => r.id) };
    },

    /**
     * Creates a page with its numbers in one transaction; a number id that is not the user's
     * throws ForeignNumberError and nothing is written. Returns the new page's id.
     */
    async createPage(userId: string, page: { name: string; hash: string; numberIds: string[] }) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(publicPages)
          .values({ userId, name: page.name, hash: page.hash })
          .returning({ id: publicPages.id });
        await setPageNumbers(tx, userId, row!.id, page.numberIds);
        return row!.id;
      });
    },

    /**
     * Updates a page (name, active flag, hash) and, when given, replaces its numbers, in one
     * transaction. False when the page is not the user's; ForeignNumberError rolls it all back.
     */
    async updatePage(
      userId: string,
      id: string,
      patch: { name?: string; isActive?: boolean; hash?: string },
      numberIds?: string[],
    ) {
      return db.transaction(async (tx) => {
        const own = and(eq(publicPages.id, id), eq(publicPages.userId, userId));
        const [row] = Object.keys(patch).length
          ? await tx.update(publicPages).set(patch).where(own).returning({ id: publicPages.id })
          : await tx.select({ id: publicPages.id }).from(publicPages).where(own).for('update');
        if (!row) return false;
        if (numberIds) await setPageNumbers(tx, userId, id, numberIds);
        return true;
      });
    },

    async deletePage(userId: string, id: string) {
      const rows = await db
        .delete(publicPages)
        .where(and(eq(publicPages.id, id), eq(publicPages.userId, userId)))
        .returning({ id: publicPages.id });
      return rows.length > 0;
    },

    // -------------------------------------------------------------------------------------------
    // Owner: single endpoints
    // -------------------------------------------------------------------------------------------

    async listEndpoints(
      userId: string,
      remark: string | undefined,
      cursor: Cursor | undefined,
      limit: number,
    ) {
      const rows = await db
        .select(endpointFields)
        .from(singleEndpoints)
        .innerJoin(voipNumbers, eq(voipNumbers.id, singleEndpoints.voipNumberId))
        .where(
          and(
            eq(singleEndpoints.userId, userId),
            remark === undefined ? undefined : eq(singleEndpoints.remark, remark),
            after(singleEndpoints, cursor),
          ),
        )
        .orderBy(desc(singleEndpoints.createdAt), desc(singleEndpoints.id))
        .limit(limit + 1);
      return { rows: rows.slice(0, limit), more: rows.length > limit };
    },

    /** Every remark among the user's endpoints with its count, by remark. */
    async remarkCounts(userId: string) {
      return db
        .select({ remark: singleEndpoints.remark, count: count() })
        .from(singleEndpoints)
        .where(eq(singleEndpoints.userId, userId))
        .groupBy(singleEndpoints.remark)
        .orderBy(singleEndpoints.remark);
    },

    getEndpoint: endpointById,

    /**
     * Inserts endpoints in one statement (one transaction), each for one of the user's numbers:
     * a number id that is not the user's throws ForeignNumberError and nothing is written.
     * Returns them in input order.
     */
    async createEndpoints(
      userId: string,
      endpoints: { numberId: string; name: string; remark: string; hash: string }[],
    ): Promise<EndpointRow[]> {
      if (endpoints.length === 0) return [];
      return db.transaction(async (tx) => {
        const res = await tx.execute(sql`
          with input as (
            select * from jsonb_to_recordset(${JSON.stringify(endpoints.map((e, ord) => ({ ...e, ord })))}::jsonb)
              as t("numberId" uuid, name text, remark text, hash text, ord int)
          ), inserted as (
            insert into ${singleEndpoints} (user_id, voip_number_id, name, remark, hash)
            select ${userId}::uuid, i."numberId", i.name, i.remark, i.hash
            from input i join ${voipNumbers} v on v.id = i."numberId" and v.user_id = ${userId}::uuid
            returning id, hash, name, voip_number_id, remark, is_active, views, last_accessed,
              created_at
          )
          select e.*, v.phone_number from inserted e
          join ${voipNumbers} v on v.id = e.voip_number_id
          join input i on i.hash = e.hash
          order by i.ord`);
        const rows = rowsOf<{
          id: string;
          hash: string;
          name: string;
          voip_number_id: string;
          phone_number: string;
          remark: string;
          is_active: boolean;
          views: number;
          last_accessed: string | Date | null;
          created_at: string | Date;
        }>(res);
        if (rows.length !== endpoints.length) throw new ForeignNumberError();
        return rows.map((r) => ({
          id: r.id,
          hash: r.hash,
          name: r.name,
          numberId: r.voip_number_id,
          phoneNumber: r.phone_number,
          remark: r.remark,
          isActive: r.is_active,
          views: Number(r.views),
          lastAccessed: r.last_accessed === null ? null : new Date(r.last_accessed),
          createdAt: new Date(r.created_at),
        }));
      });
    },

    /** Updates one of the user's endpoints; undefined when it is not theirs. */
    async updateEndpoint(
      userId: string,
      id: string,
      patch: { name?: string; remark?: string; isActive?: boolean; hash?: string },
    ) {
      if (Object.keys(patch).length) {
        const rows = await db
          .update(singleEndpoints)
          .set(patch)
          .where(and(eq(singleEndpoints.id, id), eq(singleEndpoints.userId, userId)))
          .returning({ id: singleEndpoints.id });
        if (rows.length === 0) return undefined;
      }
      return endpointById(userId, id);
    },

    async deleteEndpoint(userId: string, id: string) {
      const rows = await db
        .delete(singleEndpoints)
        .where(and(eq(singleEndpoints.id, id), eq(singleEndpoints.userId, userId)))
        .returning({ id: singleEndpoints.id });
      return rows.length > 0;
    },

    /** Deletes all of `ids` (the user's endpoints) or, when one is not theirs, nothing (throws). */
    async deleteEndpoints(userId: string, ids: string[]) {
      return db.transaction(async (tx) => {
        const rows = await tx
          .delete(singleEndpoints)
          .where(and(eq(singleEndpoints.userId, userId), inArray(singleEndpoints.id, ids)))
          .returning({ id: singleEndpoints.id });
        if (rows.length !== ids.length) throw new ForeignEndpointError();
        return rows.length;
      });
    },

    // -------------------------------------------------------------------------------------------
    // Public
    // -------------------------------------------------------------------------------------------

    /** An active page by hash: its id, owner, name and how many numbers it holds. */
    async activePage(hash: string) {
      const [row] = await db
        .select({
          id: publicPages.id,
          userId: publicPages.userId,
          name: publicPages.name,
          numberCount: pageCountSql,
        })
        .from(publicPages)
        .where(and(eq(publicPages.hash, hash), eq(publicPages.isActive, true)));
      return row;
    },

    /**
     * A page's first PUBLIC_PAGE_NUMBERS_MAX numbers in page order, each with its newest messages
     * (one statement: a correlated subquery per number row, served by the messages index).
     */
    async pageNumbers(pageId: string): Promise<PublicNumberRow[]> {
      return db
        .select(publicNumberFields)
        .from(publicPageNumbers)
        .innerJoin(voipNumbers, eq(voipNumbers.id, publicPageNumbers.voipNumberId))
        .where(eq(publicPageNumbers.pageId, pageId))
        .orderBy(publicPageNumbers.position)
        .limit(PUBLIC_PAGE_NUMBERS_MAX);
    },

    /** An active endpoint by hash with its owner, number and newest messages (one statement). */
    async activeEndpoint(hash: string) {
      const [row] = await publicEndpointQuery.execute({ hash });
      return row as
        { id: string; name: string; userId: string; number: PublicNumberRow } | undefined;
    },

    /**
     * What a live public stream needs, by hash: the page or endpoint id, the owner (the bus is per
     * user) and the number ids
     * shown (a page's first PUBLIC_PAGE_NUMBERS_MAX in order; an entry's one). Undefined when the
     * hash is unknown or inactive.
     */
    async streamTarget(kind: 'page' | 'single', hash: string) {
      const res =
        kind === 'page'
          ? await db.execute(sql`
              select p.id, p.user_id, array(select pn.voip_number_id from ${publicPageNumbers} pn
                where pn.page_id = p.id order by pn.position
                limit ${PUBLIC_PAGE_NUMBERS_MAX}) as ids
              from ${publicPages} p where p.hash = ${hash} and p.is_active`)
          : await db.execute(sql`
              select e.id, e.user_id, array[e.voip_number_id] as ids
              from ${singleEndpoints} e where e.hash = ${hash} and e.is_active`);
      const [row] = rowsOf<{ id: string; user_id: string; ids: string[] | string }>(res);
      if (!row) return undefined;
      return { id: row.id, ownerId: row.user_id, numberIds: pgArray(row.ids) };
    },

    /** The newest message with a code of a number. */
    async latestCode(numberId: string) {
      const [row] = await db
        .select({ code: messages.code, content: messages.content, receivedAt: messages.receivedAt })
        .from(messages)
        .where(and(eq(messages.voipNumberId, numberId), sql`${messages.code} is not null`))
        .orderBy(desc(messages.receivedAt), desc(messages.id))
        .limit(1);
      return row;
    },

    /** Messages of these numbers stored at or after `since` (stream replay), oldest first. */
    async messagesSince(numberIds: string[], since: Date, limit: number) {
      if (numberIds.length === 0) return [];
      const rows = await db
        .select({ m: messages, phoneNumber: voipNumbers.phoneNumber, userId: voipNumbers.userId })
        .from(messages)
        .innerJoin(voipNumbers, eq(voipNumbers.id, messages.voipNumberId))
        .where(
          and(
            sql`${messages.voipNumberId} = any(${uuidArray(numberIds)}::uuid[])`,
            gte(messages.createdAt, since),
          ),
        )
        .orderBy(messages.createdAt, messages.id)
        .limit(limit);
      return rows.map((r) => ({ ...r.m, phoneNumber: r.phoneNumber, userId: r.userId }));
    },

    /**
     * Adds batched views: one statement per table, `views + n` and the latest access time for
     * each id (rows deleted meanwhile are simply not there).
     */
    async addViews(kind: 'page' | 'single', views: { id: string; n: number; at: Date }[]) {
      if (views.length === 0) return;
      const table = kind === 'page' ? publicPages : singleEndpoints;
      await db.execute(sql`
        update ${table} t set views = t.views + v.n,
          last_accessed = greatest(t.last_accessed, v.at)
        from jsonb_to_recordset(${JSON.stringify(views)}::jsonb) as v(id uuid, n int, at timestamptz)
        where t.id = v.id`);
    },
  };
}
export type SharingRepository = ReturnType<typeof sharingRepository>;

/** A uuid[] from db.execute: node-postgres parses it to an array, PGlite may too; else '{a,b}'. */
function pgArray(v: string[] | string): string[] {
  if (Array.isArray(v)) return v;
  const inner = v.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',') : [];
}

import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  inArray,
  isNotNull,
  isNull,
  like,
  lte,
  not,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withRetries } from '../../db/errors.ts';
import { likeEscape } from '../../db/paging.ts';
import {
  CARD_RECENT_MESSAGES,
  SEARCH_TOTAL_CAP,
  type RecentMessage,
} from '../../../shared/numbers.ts';
import { tagsRepository } from '../tags/tags.repository.ts';
import { tags, voipNumberTags } from '../tags/tags.table.ts';
import { users } from '../users/users.table.ts';
import { numberCounts, voipNumbers } from './numbers.table.ts';

export type NumberRow = typeof voipNumbers.$inferSelect;
/** The columns a number's API answer is built from (not the poller's bookkeeping). */
export type CardRow = Pick<
  NumberRow,
  | 'id'
  | 'phoneNumber'
  | 'apiLinkEnc'
  | 'apiHost'
  | 'isActive'
  | 'isFavorite'
  | 'notes'
  | 'lastUsed'
  | 'endDate'
  | 'dateLastChecked'
  | 'createdAt'
  | 'lastError'
  | 'lastPolledAt'
> & { linkMayBeDead: boolean };
export type NewNumber = {
  phoneNumber: string;
  apiLinkEnc: string;
  apiHost: string;
  apiHostPath: string;
  isActive: boolean;
  isFavorite: boolean;
  notes: string;
  tagIds: string[];
};
export type NumberFilters = {
  q?: string;
  active?: boolean;
  favorite?: boolean;
  failing?: boolean;
  tag?: string;
  phone?: string;
};
export type Cursor = { createdAt: Date; id: string };
export type PollState = { nextPollAt: Date; failures: number; lastError: string | null };
export type Card = {
  row: CardRow;
  tags: { id: string; name: string }[];
  messageCount: number;
  recentMessages: RecentMessage[];
};

/** Per-row subqueries (index lookups on messages_number_received_idx) for the card's messages. */
const recentJson = sql<RecentMessage[]>`coalesce((
  select json_agg(json_build_object('id', m.id, 'sender', m.sender, 'content', m.content,
    'code', m.code, 'receivedAt', m.received_at) order by m.received_at desc)
  from (select * from messages m where m.voip_number_id = "voip_numbers"."id"
        order by m.received_at desc limit ${CARD_RECENT_MESSAGES}) m), '[]'::json)`;
const countSql = sql<number>`(select count(*) from messages m where m.voip_number_id = "voip_numbers"."id")::int`;
const tagsJson = sql<{ id: string; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', t.id, 'name', t.name) order by lower(t.name))
  from ${voipNumberTags} vt join ${tags} t on t.id = vt.tag_id
  where vt.voip_number_id = "voip_numbers"."id"), '[]'::json)`;
/** Keyset paging: rows after the cursor in the list's order (created_at desc, id desc). */
const afterCursor = (createdAt: string | Placeholder, id: string | Placeholder) =>
  sql`(${voipNumbers.createdAt}, ${voipNumbers.id}) < (${createdAt}::timestamptz, ${id}::uuid)`;

/** A number card's columns: the number, its tags, newest messages and message count. */
const cardFields = {
  row: {
    id: voipNumbers.id,
    phoneNumber: voipNumbers.phoneNumber,
    apiLinkEnc: voipNumbers.apiLinkEnc,
    apiHost: voipNumbers.apiHost,
    isActive: voipNumbers.isActive,
    isFavorite: voipNumbers.isFavorite,
    notes: voipNumbers.notes,
    lastUsed: voipNumbers.lastUsed,
    endDate: voipNumbers.endDate,
    dateLastChecked: voipNumbers.dateLastChecked,
    createdAt: voipNumbers.createdAt,
    lastError: voipNumbers.lastError,
    lastPolledAt: voipNumbers.lastPolledAt,
    linkMayBeDead: sql<boolean>`coalesce(${voipNumbers.deadToldFor} = ${voipNumbers.failingSince}, false)`,
  } satisfies { [K in keyof CardRow]: unknown },
  tags: tagsJson,
  recentMessages: recentJson,
  messageCount: countSql,
};

const INSERT_CHUNK = 1000;
/** Search reads a user's distinct hosts up to this many; past it the host is matched by LIKE. */
const SEARCH_HOSTS_MAX = 200;

/**
 * Locks the user's count row (creating it if needed) for the rest of the transaction. Every
 * transaction that adds or removes numbers takes it first: the count triggers would otherwise take
 * it after the rows, and two such transactions waiting on each other's rows would deadlock.
 */
async function lockCount(tx: Pick<Db, 'insert'>, userId: string): Promise<number> {
  const [row] = await tx
    .insert(numberCounts)
    .values({ userId })
    .onConflictDoUpdate({
      target: numberCounts.userId,
      set: { total: sql`${numberCounts.total}` },
    })
    .returning({ total: numberCounts.total });
  return row!.total;
}

/**
 * An insert that would take the user past `limit` numbers (thrown inside the transaction, so
 * nothing is written). `have` is the user's count before it; `adding` how many it would add.
 */
export class NumberLimitError extends Error {
  constructor(
    readonly limit: number,
    readonly have: number,
    readonly adding: number,
  ) {
    super('number limit reached');
  }
}

export function numbersRepository(db: Db) {
  /** Conditions for the filters other than the text search that are set (none: all numbers). */
  function filterConds(f: NumberFilters): SQL[] {
    const conds: SQL[] = [];
    if (f.active !== undefined) conds.push(eq(voipNumbers.isActive, f.active));
    if (f.favorite) conds.push(eq(voipNumbers.isFavorite, true));
    if (f.phone) conds.push(eq(voipNumbers.phoneNumber, f.phone));
    if (f.failing)
      conds.push(and(eq(voipNumbers.isActive, true), isNotNull(voipNumbers.lastError))!);
    if (f.tag) {
      conds.push(
        exists(
          db
            .select({ one: sql`1` })
            .from(voipNumberTags)
            .where(
              and(eq(voipNumberTags.voipNumberId, voipNumbers.id), eq(voipNumberTags.tagId, f.tag)),
            ),
        ),
      );
    }
    return conds;
  }

  // Search's first step, one named statement reading a few index entries: the user's tags whose
  // name contains the pattern and how many of the user's numbers carry one of them (up to
  // SEARCH_TOTAL_CAP + 1; a link joins a user's tag to a number of the same user only: the numbers
  // service checks tag ids, imports name the user's own tags), the user's distinct hosts (up to
  // SEARCH_HOSTS_MAX + 1, by skipping through (user_id, api_host, …): one index descent per host)
  // and the user's number total (number_counts).
  const userIdParam = sql.placeholder('userId');
  const matchingTags = sql`select t.id from ${tags} t where t.user_id = ${userIdParam}
    and t.name ilike ${sql.placeholder('pattern')}`;
  const searchTerms = db
    .select({
      tagIds: sql<string[]>`array(select id::text from (${matchingTags}) t)`,
      // One tag (most often): its links, read from the tag's index alone. More: each tag's links
      // (LIMIT keeps each a nested loop on that index), numbers carrying two counted once. Any
      // one tag with more links than the cap already makes the total pass it.
      tagged: sql<number>`(select case when count(*) = 1
          then (select count(*) from (select 1 from ${voipNumberTags} vt
            where vt.tag_id = (array_agg(t.id))[1] limit ${SEARCH_TOTAL_CAP + 1}) x)
          else (select count(*) from (select distinct l.voip_number_id
            from unnest(array_agg(t.id)) tag(id) cross join lateral (select vt.voip_number_id
              from ${voipNumberTags} vt where vt.tag_id = tag.id limit ${SEARCH_TOTAL_CAP + 1}) l
            limit ${SEARCH_TOTAL_CAP + 1}) x) end
        from (${matchingTags}) t)::int`,
      hosts: sql<string[]>`array(with recursive h(host) as (
          (select api_host from voip_numbers where user_id = ${userIdParam}
           order by api_host limit 1)
          union all
          select (select v.api_host from voip_numbers v
                  where v.user_id = ${userIdParam} and v.api_host > h.host
                  order by v.api_host limit 1)
          from h where h.host is not null)
        select host from h where host is not null limit ${SEARCH_HOSTS_MAX + 1})`,
      numbers: sql<number>`coalesce((select ${numberCounts.total} from ${numberCounts}
        where ${numberCounts.userId} = ${userIdParam}), 0)`,
    })
    .from(users)
    .where(eq(users.id, userIdParam))
    .prepare('numbers_search_terms');

  /**
   * The text search `q` in two parts, each one the planner can serve from an index: `direct`, the
   * number's own columns — the provider host and, for a query typed like a phone number ("(212)
   * 555-01", "+1 212"), its digits (a leading +1 dropped, as numbers are stored; other text such as
   * "provider7" matches no phone by its stray digits) and, for a query with a '/', the link's host
   * and path — and `tagged`, numbers carrying one of the
   * user's tags whose name contains q (ILIKE). Either is undefined when it can match nothing (most
   * queries match no tag; text matches no phone). Kept apart on purpose: an OR across the two
   * tables could only be a filter over every one of the user's numbers.
   *
   * The matching tags and hosts are looked up first (`searchTerms`; a user has a few of each): as
   * constants, the planner knows how many numbers carry them, and the host part is `api_host IN
   * (…)` on (user_id, api_host, created_at, id) whatever the query's length. A user with more than
   * SEARCH_HOSTS_MAX hosts has the host matched by LIKE instead (hosts are stored lower-case), on
   * its trigram index (pg_trgm, migration 0005) or the user's entries of that index.
   */
  async function searchParts(userId: string, q: string, take: number) {
    const pattern = `%${likeEscape(q)}%`;
    const digits = /^[\d\s()+.-]+$/.test(q) ? q.replace(/^\s*\+1/, '').replace(/\D/g, '') : '';
    // A trigram index finds a pattern by its runs of 3 letters or digits; with none ('wh', '7',
    // '%') it would read its every entry (all users' rows), so the column is then matched as an
    // expression no index serves: the planner scans the user's numbers newest first, stopping at a
    // page of matches.
    const column = (
      c:
        | typeof voipNumbers.apiHost
        | typeof voipNumbers.phoneNumber
        | typeof voipNumbers.apiHostPath,
      text: string,
    ) => (/[\p{L}\p{N}]{3}/u.test(text) ? sql`${c}` : sql`(${c} || '')`);
    const [terms] = await searchTerms.execute({ userId, pattern });
    const { tagIds = [], tagged: taggedCount = 0, hosts = [], numbers = 0 } = terms ?? {};
    // LIKE on an escaped pattern is a substring test: the same test on the host list.
    const needle = q.toLowerCase();
    const matchingHosts = hosts.filter((h) => h.includes(needle));
    const host =
      hosts.length > SEARCH_HOSTS_MAX
        ? like(column(voipNumbers.apiHost, q), pattern.toLowerCase())
        : matchingHosts.length > 0
          ? inArray(voipNumbers.apiHost, matchingHosts)
          : undefined;
    // Every one of the user's hosts matches ('p', 'example'): so does every number, the tags add
    // none, and the search is the list (with its other filters).
    if (hosts.length <= SEARCH_HOSTS_MAX && matchingHosts.length === hosts.length && hosts.length)
      return { direct: sql`true`, tagged: undefined, taggedCount };
    const phone = digits ? like(column(voipNumbers.phoneNumber, digits), `%${digits}%`) : undefined;
    // A query with a '/' ("demo-provider/5550002004", "example.com/api") is read as part of a
    // link: matched against its host and path (secrets left out, `linkSearchText`) on their trigram
    // index. Other queries leave the path alone: most would match many links' paths ("api").
    const path = q.includes('/')
      ? like(column(voipNumbers.apiHostPath, q), pattern.toLowerCase())
      : undefined;
    const parts = [host, phone, path].filter((p) => p !== undefined);
    const direct = parts.length > 1 ? or(...parts) : parts[0];
    // Numbers carrying a matching tag, read whichever way passes fewer index entries: from the
    // tags' links (one primary-key lookup per tagged number, then a sort; never past the cap), or
    // the user's numbers newest first with a semi-join, which finds a page after some
    // take × numbers / tagged of them. (Left to itself, the planner prefers a hash join over all
    // the user's numbers to the first.)
    const links = db
      .select({ id: voipNumberTags.voipNumberId })
      .from(voipNumberTags)
      .where(inArray(voipNumberTags.tagId, tagIds));
    const tagged =
      taggedCount === 0
        ? undefined
        : taggedCount <= SEARCH_TOTAL_CAP && taggedCount * taggedCount < take * numbers
          ? sql`${voipNumbers.id} = any(array(${links}))`
          : exists(
              db
                .select({ one: sql`1` })
                .from(voipNumberTags)
                .where(
                  and(
                    eq(voipNumberTags.voipNumberId, voipNumbers.id),
                    inArray(voipNumberTags.tagId, tagIds),
                  ),
                ),
            );
    return { direct, tagged, taggedCount };
  }

  /**
   * The search's page and total, or undefined when nothing can match (no statement then). The page:
   * the newest `take` matches of each part (each with its own best plan: an index-ordered scan that
   * stops early when matches are many, an index on the matching values and a sort of the few when
   * they are rare), then the newest `take` of those (at most 2 × take primary-key lookups). The
   * total: the direct matches plus the tagged numbers that are not direct matches (no union of ids
   * to hash), each counted up to SEARCH_TOTAL_CAP + 1 (a scan that stops there when matches are
   * many), the second not at all when the first passes the cap; without other filters, tagged
   * numbers alone are the count `searchTerms` made.
   */
  async function searchQueries(
    userId: string,
    q: string,
    where: SQL,
    filtered: boolean,
    take: number,
  ) {
    const { direct, tagged, taggedCount } = await searchParts(userId, q, take);
    if (!direct && !tagged) return undefined;
    const newest = (cond: SQL) =>
      db
        .select({ id: voipNumbers.id })
        .from(voipNumbers)
        .where(and(where, cond))
        .orderBy(desc(voipNumbers.createdAt), desc(voipNumbers.id))
        .limit(take);
    const upTo = (cond: SQL) =>
      sql`(select count(*) from (${db
        .select({ one: sql`1` })
        .from(voipNumbers)
        .where(and(where, cond))
        .limit(SEARCH_TOTAL_CAP + 1)}) m)`;
    // The page's ids first, then their cards: the cards' subqueries run for the page's rows only.
    const cards = (ids: SQL) =>
      and(eq(voipNumbers.userId, userId), sql`${voipNumbers.id} = any(array(${ids}))`)!;
    if (!direct) {
      const total = filtered ? upTo(tagged!) : sql`${taggedCount}`;
      return { page: cards(sql`${newest(tagged!)}`), total: sql<number>`${total}::int` };
    }
    if (!tagged)
      return { page: cards(sql`${newest(direct)}`), total: sql<number>`${upTo(direct)}::int` };
    return {
      page: cards(sql`(${newest(direct)}) union all (${newest(tagged)})`),
      total: sql<number>`(select case when d.n > ${SEARCH_TOTAL_CAP} then d.n
        else least(d.n + ${upTo(and(not(direct), tagged)!)}, ${SEARCH_TOTAL_CAP + 1}) end
        from (select ${upTo(direct)} n) d)::int`,
    };
  }

  /** Numbers matching `where`, newest first, each with its tags, newest messages and message count. */
  const pageQuery = (where: SQL, limit: number | Placeholder) =>
    db
      .select(cardFields)
      .from(voipNumbers)
      .where(where)
      .orderBy(desc(voipNumbers.createdAt), desc(voipNumbers.id))
      .limit(limit);
  const totalQuery = (where: SQL) => db.select({ n: count() }).from(voipNumbers).where(where);

  // The unfiltered list (the dashboard's default view, and every page scrolled through) as named
  // statements: the SQL is built once, and PostgreSQL parses and plans it once per connection. The
  // first page carries the user's total from number_counts on each row (one round trip, no count).
  const ownNumbers = eq(voipNumbers.userId, sql.placeholder('userId'));
  const limit = sql.placeholder('limit');
  const ownFirstPage = db
    .select({
      ...cardFields,
      total: sql<number>`(select ${numberCounts.total} from ${numberCounts}
        where ${numberCounts.userId} = ${sql.placeholder('userId')})`,
    })
    .from(voipNumbers)
    .where(ownNumbers)
    .orderBy(desc(voipNumbers.createdAt), desc(voipNumbers.id))
    .limit(limit)
    .prepare('numbers_list_first');
  const ownNextPage = pageQuery(
    and(ownNumbers, afterCursor(sql.placeholder('createdAt'), sql.placeholder('id')))!,
    limit,
  ).prepare('numbers_list_next');

  /** The user's numbers whose `column` is one of `values`. */
  const ownAmong = async (
    userId: string,
    column: typeof voipNumbers.id | typeof voipNumbers.phoneNumber,
    values: string[],
  ) =>
    values.length === 0
      ? []
      : db
          .select()
          .from(voipNumbers)
          .where(and(eq(voipNumbers.userId, userId), inArray(column, values)));

  /**
   * Deletes the user's numbers matching `where` (all of them without it), counting them. Deleting
   * many numbers locks them in scan order while the poller's writer locks its batch's: a deadlock
   * between the two is retried.
   */
  const deleteWhere = (userId: string, where?: SQL) =>
    withRetries(() =>
      db.transaction(async (tx) => {
        // Deleting a whole collection takes its messages too (up to 100 a number): more time
        // than the pool's 10 s statement limit allows an ordinary request.
        await tx.execute(sql`set local statement_timeout = '120s'`);
        await lockCount(tx, userId);
        const rows = await tx
          .delete(voipNumbers)
          .where(and(eq(voipNumbers.userId, userId), where))
          .returning({ id: voipNumbers.id });
        return rows.length;
      }),
    );

  async function tagsFor(numberIds: string[]) {
    const map = new Map<string, { id: string; name: string }[]>();
    if (numberIds.length === 0) return map;
    const rows = await db
      .select({ numberId: voipNumberTags.voipNumberId, id: tags.id, name: tags.name })
      .from(voipNumberTags)
      .innerJoin(tags, eq(tags.id, voipNumberTags.tagId))
      .where(inArray(voipNumberTags.voipNumberId, numberIds))
      .orderBy(asc(sql`lower(${tags.name})`));
    for (const r of rows) {
      const list = map.get(r.numberId) ?? [];
      list.push({ id: r.id, name: r.name });
      map.set(r.numberId, list);
    }
    return map;
  }

  async function listPage(
    userId: string,
    f: NumberFilters,
    cursor: Cursor | undefined,
    limit: number,
  ) {
    const filters = filterConds(f);
    const after = cursor && { createdAt: cursor.createdAt.toISOString(), id: cursor.id };
    const take = limit + 1;
    const result = (
      rows: Awaited<ReturnType<typeof ownNextPage.execute>>,
      total?: number,
      totalCapped = false,
    ) => ({ rows: rows.slice(0, limit), more: rows.length > limit, total, totalCapped });
    if (filters.length === 0 && !f.q) {
      if (after) return result(await ownNextPage.execute({ userId, limit: take, ...after }));
      const rows = await ownFirstPage.execute({ userId, limit: take });
      return result(rows, rows[0]?.total ?? 0);
    }
    const where = and(
      eq(voipNumbers.userId, userId),
      ...filters,
      after && afterCursor(after.createdAt, after.id),
    )!;
    if (f.q) {
      // One statement: the first page's rows carry the total (no row: nothing matched).
      const search = await searchQueries(userId, f.q, where, filters.length > 0, take);
      if (!search) return result([], after ? undefined : 0);
      if (after) return result(await pageQuery(search.page, take));
      const rows = await db
        .select({ ...cardFields, total: search.total })
        .from(voipNumbers)
        .where(search.page)
        .orderBy(desc(voipNumbers.createdAt), desc(voipNumbers.id))
        .limit(take);
      const total = rows[0]?.total ?? 0;
      return total > SEARCH_TOTAL_CAP ? result(rows, SEARCH_TOTAL_CAP, true) : result(rows, total);
    }
    if (after) return result(await pageQuery(where, take));
    const [rows, [counted]] = await Promise.all([pageQuery(where, take), totalQuery(where)]);
    return result(rows, counted!.n);
  }

  return {
    tagsFor,

    /**
     * One page, newest first, each row with its tags and messages (one statement). The total is
     * counted only for the first page, in parallel: later pages (with a cursor) reuse the total the
     * client already has; so is the collection's total (number_counts), the same without filters.
     */
    async list(userId: string, f: NumberFilters, cursor: Cursor | undefined, limit: number) {
      const filtered = filterConds(f).length > 0 || !!f.q;
      if (cursor)
        return { ...(await listPage(userId, f, cursor, limit)), collectionTotal: undefined };
      if (!filtered) {
        const page = await listPage(userId, f, undefined, limit);
        return { ...page, collectionTotal: page.total };
      }
      // A filtered first page also says how many numbers the collection holds ("0 of 7").
      const [page, [counted]] = await Promise.all([
        listPage(userId, f, undefined, limit),
        db
          .select({ total: numberCounts.total })
          .from(numberCounts)
          .where(eq(numberCounts.userId, userId)),
      ]);
      return { ...page, collectionTotal: counted?.total ?? 0 };
    },

    /**
     * Every number the filters match (the same search as `list`), newest first, up to `max`, as
     * id and phone number only; `more` when others match too.
     */
    async matching(userId: string, f: NumberFilters, max: number) {
      const filters = filterConds(f);
      let where = and(eq(voipNumbers.userId, userId), ...filters)!;
      if (f.q) {
        const search = await searchQueries(userId, f.q, where, filters.length > 0, max + 1);
        if (!search) return { items: [], more: false };
        where = search.page;
      }
      const rows = await db
        .select({ id: voipNumbers.id, phoneNumber: voipNumbers.phoneNumber })
        .from(voipNumbers)
        .where(where)
        .orderBy(desc(voipNumbers.createdAt), desc(voipNumbers.id))
        .limit(max + 1);
      return { items: rows.slice(0, max), more: rows.length > max };
    },

    /** One of the user's numbers as a card (with its tags and messages), in one statement. */
    async card(userId: string, id: string) {
      const [row] = await db
        .select(cardFields)
        .from(voipNumbers)
        .where(and(eq(voipNumbers.id, id), eq(voipNumbers.userId, userId)));
      return row;
    },

    /** The user's numbers among `ids` (others' and unknown ids are simply absent). */
    getMany: (userId: string, ids: string[]) => ownAmong(userId, voipNumbers.id, ids),

    async get(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(voipNumbers)
        .where(and(eq(voipNumbers.id, id), eq(voipNumbers.userId, userId)));
      return row;
    },

    /** The subset of `ids` that are this user's tags. */
    async ownedTagIds(userId: string, ids: string[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.userId, userId), inArray(tags.id, ids)));
      return rows.map((r) => r.id);
    },

    /**
     * Insert numbers (any count) with their tag links in one transaction; existing phone numbers are
     * skipped. `tagNames` are tags by name (case-insensitive): with `createTags` created when
     * missing inside the same transaction, for numbers really added (a failed insert or a skipped
     * number leaves no new tags behind), without it
     * matched to the user's existing tags, unknown names ignored (and returned, as `unknownTags`,
     * each once, as first written). With `limit`, a user who would
     * then have more than `limit` numbers gets a `NumberLimitError` and nothing is written (checked
     * under the count row's lock, so concurrent writes cannot pass it together).
     */
    async insertMany(
      userId: string,
      rows: (NewNumber & { tagNames?: string[]; createTags?: boolean })[],
      limit?: number,
    ) {
      return db.transaction(async (tx) => {
        const have = await lockCount(tx, userId);
        const tagIndex = new Map<string, string>();
        if (rows.some((r) => !r.createTags && r.tagNames?.length)) {
          for (const t of await tagsRepository(tx).list(userId)) {
            if (!tagIndex.has(t.name.toLowerCase())) tagIndex.set(t.name.toLowerCase(), t.id);
          }
        }
        const inserted: NumberRow[] = [];
        for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
          const chunk = rows.slice(i, i + INSERT_CHUNK);
          const got = await tx
            .insert(voipNumbers)
            .values(
              chunk.map(({ tagIds: _t, tagNames: _n, createTags: _c, ...r }) => ({ ...r, userId })),
            )
            .onConflictDoNothing({ target: [voipNumbers.userId, voipNumbers.phoneNumber] })
            .returning();
          inserted.push(...got);
        }
        // Only the rows really added count (numbers already stored were skipped).
        if (limit !== undefined && have + inserted.length > limit) {
          throw new NumberLimitError(limit, have, inserted.length);
        }
        const added = new Set(inserted.map((n) => n.phoneNumber));
        const named = rows.flatMap((r) =>
          r.createTags && added.has(r.phoneNumber) ? (r.tagNames ?? []) : [],
        );
        const made = await tagsRepository(tx).ensureMany(userId, [
          ...new Map(named.map((n) => [n.toLowerCase(), n])).values(),
        ]);
        for (const [name, id] of made) tagIndex.set(name, id);
        const tagsByPhone = new Map(
          rows.map((r) => [
            r.phoneNumber,
            [
              ...r.tagIds,
              ...(r.tagNames ?? []).flatMap((n) => tagIndex.get(n.toLowerCase()) ?? []),
            ],
          ]),
        );
        const links = inserted.flatMap((n) =>
          (tagsByPhone.get(n.phoneNumber) ?? []).map((tagId) => ({ voipNumberId: n.id, tagId })),
        );
        for (let i = 0; i < links.length; i += INSERT_CHUNK) {
          await tx
            .insert(voipNumberTags)
            .values(links.slice(i, i + INSERT_CHUNK))
            .onConflictDoNothing();
        }
        const unknown = new Map<string, string>();
        for (const r of rows) {
          if (r.createTags) continue;
          for (const n of r.tagNames ?? []) {
            const key = n.toLowerCase();
            if (!tagIndex.has(key) && !unknown.has(key)) unknown.set(key, n);
          }
        }
        return { inserted, unknownTags: [...unknown.values()] };
      });
    },

    /** Refresh planner statistics after a bulk change, so the next list query plans well at once. */
    async analyze() {
      await db.execute(sql`analyze voip_numbers, voip_number_tags`);
    },

    /**
     * Update a number and (when given) replace its tag set, atomically: `tagIds` plus the tags
     * named in `tagNames`, created when missing. Undefined when not found.
     */
    async update(
      userId: string,
      id: string,
      patch: Partial<Omit<NewNumber, 'tagIds'> & PollState>,
      tagIds: string[] | undefined,
      tagNames: string[] = [],
    ) {
      return db.transaction(async (tx) => {
        const [row] = Object.keys(patch).length
          ? await tx
              .update(voipNumbers)
              .set(patch)
              .where(and(eq(voipNumbers.id, id), eq(voipNumbers.userId, userId)))
              .returning()
          : await tx
              .select()
              .from(voipNumbers)
              .where(and(eq(voipNumbers.id, id), eq(voipNumbers.userId, userId)))
              .for('update');
        if (!row) return undefined;
        if (tagIds) {
          const named = await tagsRepository(tx).ensureMany(userId, tagNames);
          const ids = [...new Set([...tagIds, ...named.values()])];
          await tx.delete(voipNumberTags).where(eq(voipNumberTags.voipNumberId, id));
          if (ids.length) {
            await tx
              .insert(voipNumberTags)
              .values(ids.map((tagId) => ({ voipNumberId: id, tagId })));
          }
        }
        return row;
      });
    },

    deleteMany: (userId: string, ids: string[]) =>
      deleteWhere(userId, inArray(voipNumbers.id, ids)),

    /** Delete every number of the user; messages and tag links go with them (ON DELETE CASCADE). */
    clear: (userId: string) => deleteWhere(userId),

    /** The user's numbers with these phone numbers (unknown ones are simply absent). */
    byPhones: (userId: string, phones: string[]) =>
      ownAmong(userId, voipNumbers.phoneNumber, phones),

    /**
     * The user's active numbers ending between `from` and `to`, soonest first (up to `limit`), by
     * the user's end-date index.
     */
    async expiring(userId: string, from: Date, to: Date, limit: number) {
      return db
        .select({
          id: voipNumbers.id,
          phoneNumber: voipNumbers.phoneNumber,
          endDate: voipNumbers.endDate,
        })
        .from(voipNumbers)
        .where(
          and(
            eq(voipNumbers.userId, userId),
            eq(voipNumbers.isActive, true),
            gte(voipNumbers.endDate, from),
            lte(voipNumbers.endDate, to),
          ),
        )
        .orderBy(voipNumbers.endDate, voipNumbers.id)
        .limit(limit);
    },

    /** The user's newest `limit` active numbers, id and phone only. */
    async newestActive(userId: string, limit: number) {
      return db
        .select({ id: voipNumbers.id, phoneNumber: voipNumbers.phoneNumber })
        .from(voipNumbers)
        .where(and(eq(voipNumbers.userId, userId), eq(voipNumbers.isActive, true)))
        .orderBy(desc(voipNumbers.createdAt), desc(voipNumbers.id))
        .limit(limit);
    },

    async all(userId: string) {
      return db
        .select()
        .from(voipNumbers)
        .where(eq(voipNumbers.userId, userId))
        .orderBy(desc(voipNumbers.createdAt), desc(voipNumbers.id));
    },

    /** Saves a date check's result on the number. */
    async saveEndDate(userId: string, id: string, endDate: Date | null, now: Date) {
      await db
        .update(voipNumbers)
        .set({ dateLastChecked: now, ...(endDate ? { endDate } : {}) })
        .where(and(eq(voipNumbers.id, id), eq(voipNumbers.userId, userId)));
    },

    /** Up to `batch` numbers whose `api_host_path` is still to fill (added before migration 0019). */
    withoutHostPath: (batch: number) =>
      db
        .select({ id: voipNumbers.id, apiLinkEnc: voipNumbers.apiLinkEnc })
        .from(voipNumbers)
        .where(isNull(voipNumbers.apiHostPath))
        .limit(batch),

    /** Fills `api_host_path` where it is still null (a link edited meanwhile keeps its own). */
    async saveHostPaths(rows: { id: string; hostPath: string }[]) {
      if (rows.length === 0) return;
      await db.execute(sql`update ${voipNumbers} v set api_host_path = x."hostPath"
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id uuid, "hostPath" text)
        where v.id = x.id and v.api_host_path is null`);
    },
  };
}
export type NumbersRepository = ReturnType<typeof numbersRepository>;

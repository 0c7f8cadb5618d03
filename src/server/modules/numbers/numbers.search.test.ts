import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { SEARCH_TOTAL_CAP } from '../../../shared/numbers.ts';
import { numbersRepository, type NumberFilters } from './numbers.repository.ts';

/**
 * `GET /v1/numbers?q=`: what is searched (the provider host, the phone digits, tag names, and for a
 * query with a '/' the link's host and path — never its query string or secret-like segments), how the text is read (case, formatting, a +1 prefix, LIKE's
 * metacharacters taken literally), whose numbers (the caller's only), and that the statements use
 * the trigram indexes of migration 0005.
 */
let t: TestApp;
let alice: Awaited<ReturnType<typeof signIn>>;
let bob: Awaited<ReturnType<typeof signIn>>;
const ids: Record<string, string> = {};

type Who = { cookie: string };
const get = (who: Who, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
const post = async (who: Who, url: string, payload: object) => {
  const res = await t.app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as { id: string };
};
const search = async (who: Who, q: string, more = '') => {
  const res = await get(who, `/v1/numbers?q=${encodeURIComponent(q)}${more}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as {
    items: { phoneNumber: string }[];
    total: number;
    nextCursor: string | null;
  };
  return { phones: body.items.map((i) => i.phoneNumber), total: body.total, next: body.nextCursor };
};

beforeAll(async () => {
  t = await createTestApp();
  alice = await signIn(t, 'alice-search@example.com');
  bob = await signIn(t, 'bob-search@example.com');
  const tag = async (who: Who, name: string) => (await post(who, '/v1/tags', { name })).id;
  const [wa, tg, tgh, odd, ex] = [
    await tag(alice, 'WhatsApp'),
    await tag(alice, 'Telegram'),
    await tag(alice, 'Telegraph'),
    await tag(alice, 'Work_100%\\x'),
    await tag(alice, 'example-tag'),
  ];
  // Oldest first: the list is newest first (c, b, a).
  ids.a = (
    await post(alice, '/v1/numbers', {
      phoneNumber: '2125550101',
      apiLink: 'https://sms-activate.example.com/stubs/handler_api.php?api_key=SECRETKEY&id=77',
      tagIds: [wa, ex],
    })
  ).id;
  ids.b = (
    await post(alice, '/v1/numbers', {
      phoneNumber: '3125550202',
      apiLink: 'https://api.TextVerified.example.net/v2/sms?token=zzz',
      tagIds: [tg, tgh, odd],
    })
  ).id;
  ids.c = (
    await post(alice, '/v1/numbers', {
      phoneNumber: '4155550303',
      apiLink: 'https://provider-x.example.org/get',
      isActive: false,
    })
  ).id;
  // Bob: the same phone, host and tag name as Alice's first number, and a host of his own.
  const bobWa = await tag(bob, 'WhatsApp');
  await post(bob, '/v1/numbers', {
    phoneNumber: '2125550101',
    apiLink: 'https://sms-activate.example.com/other',
    tagIds: [bobWa],
  });
  await post(bob, '/v1/numbers', {
    phoneNumber: '6465550404',
    apiLink: 'https://bobs-own-provider.example.com/x',
  });
}, 120_000);
afterAll(() => t.close());

const [A, B, C] = ['2125550101', '3125550202', '4155550303'];

describe('GET /v1/numbers?q= finds', () => {
  it.each([
    // part of the provider host, any case
    ['activate', [A]],
    ['TEXTVERIFIED', [B]],
    ['ider-x.exa', [C]],
    ['example', [C, B, A]],
    ['xa', [C, B, A]], // two characters: no trigram, still matched
    // part of a tag name, any case
    ['whats', [A]],
    ['wh', [A]],
    ['GRAM', [B]],
    ['telegra', [B]], // two matching tags, one number
    // phone digits, typed with formatting or a +1 prefix
    ['3125550202', [B]],
    ['(312) 555-02', [B]],
    ['555-0303', [C]],
    ['+1 415', [C]],
    ['+1 (212) 555', [A]],
    ['55502', [B]],
    ['0', [C, B, A]],
  ])('%j: %j', async (q, expected) => {
    const r = await search(alice, q);
    expect(r.phones).toEqual(expected);
    expect(r.total).toBe(expected.length);
  });

  it('counts a number matched by its host and by a tag once', async () => {
    // Alice's first number: host sms-activate.example.com and tag 'example-tag'.
    const r = await search(alice, 'example', '&limit=1');
    expect(r).toMatchObject({ phones: [C], total: 3 });
    const seen = [...r.phones];
    let next = r.next;
    while (next) {
      const page = await search(alice, 'example', `&limit=1&cursor=${next}`);
      expect(page.total).toBeNull(); // sent with the first page only
      seen.push(...page.phones);
      next = page.next;
    }
    expect(seen).toEqual([C, B, A]);
  });

  it('takes % _ and \\ literally (they match only themselves)', async () => {
    // Only the tag 'Work_100%\x' (on B) holds them: as wildcards they would match every number.
    for (const q of ['%', '_', '\\', '_100%', 'work_100%\\']) {
      expect(await search(alice, q), q).toMatchObject({ phones: [B], total: 1 });
    }
    for (const q of ['%%', 'sms_activate', 'sms%activate', 'work%100', 'work_1000', '\\%']) {
      expect(await search(alice, q), q).toMatchObject({ phones: [], total: 0 });
    }
  });

  it('searches no other part of the link than its host for a query without a /', async () => {
    for (const q of ['stubs', 'handler_api', 'SECRETKEY', 'api_key', 'token', 'https', 'get']) {
      expect(await search(alice, q), q).toMatchObject({ phones: [], total: 0 });
    }
  });

  it('matches the host and path of the link for a query with a /, never its query string', async () => {
    for (const [q, expected] of [
      ['/get', [C]],
      ['example.org/GET', [C]],
      ['/v2/sms', [B]],
      ['textverified.example.net/v2', [B]],
      ['/stubs/handler_api.php', [A]],
      ['/', [C, B, A]],
      ['.php?api_key', []],
      ['/sms?token=zzz', []],
      ['https://provider-x', []],
      ['bobs-own-provider.example.com/x', []],
      ['stubs%handler/', []],
    ] as const) {
      expect(await search(alice, q), q).toMatchObject({ phones: expected, total: expected.length });
    }
    expect(await search(bob, '/x')).toMatchObject({ phones: ['6465550404'], total: 1 });
    // Combined with the host and phone parts: a number matched twice counts once.
    expect(await search(alice, 'example.org/get', '&active=false')).toMatchObject({
      phones: [C],
      total: 1,
    });
  });

  it('leaves out path segments that look like secrets, and follows a changed link', async () => {
    const dave = await signIn(t, 'dave-search@example.com');
    const { id } = await post(dave, '/v1/numbers', {
      phoneNumber: '5550009999',
      apiLink: 'https://p.example.com/v1/AbC123xYz789Secret/5550009999?key=K',
    });
    expect(await search(dave, '/5550009999')).toMatchObject({ total: 1 });
    expect(await search(dave, 'example.com/v1/')).toMatchObject({ total: 1 });
    for (const q of ['/abc123xyz789secret', 'v1/AbC123', '123xyz789secret/']) {
      expect(await search(dave, q), q).toMatchObject({ phones: [], total: 0 });
    }
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/v1/numbers/${id}`,
      headers: { cookie: dave.cookie },
      payload: { apiLink: 'https://p.example.com/get-sms/5550009999' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await search(dave, '/get-sms/')).toMatchObject({ total: 1 });
    expect(await search(dave, '/v1/')).toMatchObject({ total: 0 });
  });

  it('fills the host and path of numbers stored before it was kept, in batches', async () => {
    const erin = await signIn(t, 'erin-backfill@example.com');
    for (const phone of ['5550008881', '5550008882']) {
      await post(erin, '/v1/numbers', {
        phoneNumber: phone,
        apiLink: `https://old.example.com/inbox/${phone}`,
      });
    }
    // As migration 0019 leaves them (and one whose link no longer decrypts).
    await t.database.db.execute(sql`update voip_numbers set api_host_path = null
      where user_id = ${erin.user.id}::uuid`);
    const broken = await post(erin, '/v1/numbers', {
      phoneNumber: '5550008883',
      apiLink: 'https://old.example.com/inbox/5550008883',
    });
    await t.database.db.execute(sql`update voip_numbers
      set api_host_path = null, api_link_enc = 'not-a-ciphertext' where id = ${broken.id}::uuid`);
    expect(await search(erin, '/inbox/')).toMatchObject({ total: 0 });
    let filled = 0;
    for (;;) {
      const run = await t.app.linkSearchBackfill.runOnce();
      if (run.filled === 0) break;
      filled += run.filled;
    }
    expect(filled).toBeGreaterThanOrEqual(3);
    const rows = (await t.database.db.execute(sql`select phone_number, api_host_path
      from voip_numbers where user_id = ${erin.user.id}::uuid order by phone_number`)) as unknown as {
      rows: { phone_number: string; api_host_path: string }[];
    };
    expect(rows.rows).toEqual([
      { phone_number: '5550008881', api_host_path: 'old.example.com/inbox/5550008881' },
      { phone_number: '5550008882', api_host_path: 'old.example.com/inbox/5550008882' },
      { phone_number: '5550008883', api_host_path: '' },
    ]);
    await t.database.db.execute(sql`delete from voip_numbers where id = ${broken.id}::uuid`);
    expect(await search(erin, '/inbox/')).toMatchObject({
      phones: ['5550008882', '5550008881'],
      total: 2,
    });
  });

  it('never matches another user’s numbers, hosts or tags', async () => {
    expect(await search(alice, '2125550101')).toMatchObject({ phones: [A], total: 1 });
    expect(await search(alice, 'whatsapp')).toMatchObject({ phones: [A], total: 1 });
    expect(await search(alice, 'bobs-own')).toMatchObject({ phones: [], total: 0 });
    expect(await search(alice, '6465550404')).toMatchObject({ phones: [], total: 0 });
    expect(await search(bob, 'telegram')).toMatchObject({ phones: [], total: 0 });
    expect(await search(bob, 'sms-activate')).toMatchObject({ phones: ['2125550101'], total: 1 });
    expect(await search(bob, 'example')).toMatchObject({ total: 2 });
  });

  it('answers an empty list and a total of 0 when nothing matches, up to 200 characters', async () => {
    for (const q of ['zzqx-nothing', '9999999', 'x'.repeat(200), 'example '.repeat(25)]) {
      expect(await search(alice, q)).toEqual({ phones: [], total: 0, next: null });
    }
    const long = await get(alice, `/v1/numbers?q=${'x'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
  });

  it('combines with the other filters', async () => {
    expect(await search(alice, 'example', '&active=false')).toMatchObject({
      phones: [C],
      total: 1,
    });
    expect(await search(alice, 'example', '&active=true')).toMatchObject({
      phones: [B, A],
      total: 2,
    });
    const tags = (await get(alice, '/v1/tags')).json() as { items: { id: string; name: string }[] };
    const wa = tags.items.find((x) => x.name === 'WhatsApp')!.id;
    expect(await search(alice, 'example', `&tag=${wa}`)).toMatchObject({ phones: [A], total: 1 });
    expect(await search(alice, 'gram', `&tag=${wa}`)).toMatchObject({ phones: [], total: 0 });
  });
});

describe("GET /v1/numbers/matching (a picker's Select all)", () => {
  const matching = async (who: Who, query: string) => {
    const res = await get(who, `/v1/numbers/matching?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { items: { id: string; phoneNumber: string }[]; more: boolean };
    return { phones: body.items.map((i) => i.phoneNumber), more: body.more, items: body.items };
  };

  it('answers every number the list search matches, newest first, with its id', async () => {
    for (const [q, expected] of [
      ['example', [C, B, A]],
      ['wh', [A]],
      ['(312) 555-02', [B]],
      ['_100%', [B]],
      ['zzqx-nothing', []],
    ] as const) {
      const r = await matching(alice, `q=${encodeURIComponent(q)}`);
      expect(r, q).toMatchObject({ phones: expected, more: false });
    }
    expect((await matching(alice, 'q=example')).items.map((i) => i.id)).toEqual([
      ids.c,
      ids.b,
      ids.a,
    ]);
    // No search: the whole collection; with the list's other filters.
    expect(await matching(alice, '')).toMatchObject({ phones: [C, B, A], more: false });
    expect(await matching(alice, 'q=example&active=true')).toMatchObject({ phones: [B, A] });
  });

  it('stops at max and says more match; never another user’s numbers', async () => {
    expect(await matching(alice, 'q=example&max=2')).toMatchObject({
      phones: [C, B],
      more: true,
    });
    expect(await matching(alice, 'q=example&max=3')).toMatchObject({ more: false });
    expect(await matching(bob, 'q=telegram')).toMatchObject({ phones: [], more: false });
    expect((await matching(bob, 'q=example')).phones).toEqual(['6465550404', '2125550101']);
  });

  it('answers 400 for a max out of range and 401 without a session', async () => {
    for (const max of ['0', '1001', 'x']) {
      const res = await get(alice, `/v1/numbers/matching?max=${max}`);
      expect(res.statusCode, max).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    }
    expect((await t.app.inject({ url: '/v1/numbers/matching' })).statusCode).toBe(401);
  });
});

describe('search statements', () => {
  /** The repository on the test database, with every statement it sends recorded. */
  let logged: { db: Db; sent: { sql: string; params: unknown[] }[]; close: () => Promise<void> };
  beforeAll(async () => {
    const sent: { sql: string; params: unknown[] }[] = [];
    const logger = {
      logQuery: (s: string, params: unknown[]) => void sent.push({ sql: s, params }),
    };
    const url = (t.database as { url?: string }).url;
    if (t.database.kind === 'postgres') {
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      logged = {
        db: drizzlePg(pool, { schema, logger }) as unknown as Db,
        sent,
        close: () => pool.end(),
      };
    } else {
      const client = (t.database as unknown as { client: PGlite }).client;
      logged = {
        db: drizzlePglite(client, { schema, logger }) as unknown as Db,
        sent,
        close: async () => {},
      };
    }
    // A table where an index pays: Alice's 10,000 numbers on 20 hosts among another user's 8,000.
    const other = (
      (await t.database.db.execute(
        sql`insert into users (email) values ('carol-search@example.com') returning id`,
      )) as unknown as { rows: { id: string }[] }
    ).rows[0]!.id;
    await t.database.db
      .execute(sql`insert into voip_numbers (user_id, phone_number, api_link_enc, api_host)
      select ${alice.user.id}::uuid, (7000000000 + i)::text, 'v1:x', 'provider' || (i % 20) || '.example.com'
      from generate_series(1, 10000) i
      union all
      select ${other}::uuid, (8000000000 + i)::text, 'v1:x', 'other' || (i % 20) || '.example.com'
      from generate_series(1, 8000) i`);
    // Alice's tags 'Bulk' on every other one of these numbers, 'Rare' on one in a hundred; and one
    // in eight of them inactive.
    await t.database.db.execute(sql`with t as (
        insert into tags (user_id, name) values (${alice.user.id}::uuid, 'Bulk'), (${alice.user.id}::uuid, 'Rare')
        returning id, name)
      insert into voip_number_tags (voip_number_id, tag_id)
      select n.id, t.id from voip_numbers n join t
        on (t.name = 'Bulk' and n.phone_number::bigint % 2 = 0)
        or (t.name = 'Rare' and n.phone_number::bigint % 100 = 0)
      where n.user_id = ${alice.user.id}::uuid and n.phone_number like '7%'`);
    await t.database.db.execute(sql`update voip_numbers set is_active = false
      where user_id = ${alice.user.id}::uuid and phone_number like '7%' and phone_number::bigint % 8 = 0`);
    // Erin: 300 hosts, two numbers on each.
    const erin = (
      (await t.database.db.execute(
        sql`insert into users (email) values ('erin-search@example.com') returning id`,
      )) as unknown as { rows: { id: string }[] }
    ).rows[0]!.id;
    erinId = erin;
    await t.database.db
      .execute(sql`insert into voip_numbers (user_id, phone_number, api_link_enc, api_host)
      select ${erin}::uuid, (9000000000 + i)::text, 'v1:x', 'host' || (i % 300) || '.example.net'
      from generate_series(1, 600) i`);
    // Their links' host and path (as linkSearchText keeps them): host/sms/phone.
    await t.database.db.execute(sql`update voip_numbers
      set api_host_path = api_host || '/sms/' || phone_number where api_link_enc = 'v1:x'`);
    // As autovacuum would: statistics, and the GIN pending lists merged into the indexes.
    await t.database.db.execute(sql`vacuum analyze voip_numbers, voip_number_tags, tags`);
  }, 60_000);
  afterAll(() => logged?.close());

  let erinId: string;
  const plans = async (q: string, userId = alice.user.id) => {
    logged.sent.length = 0;
    const r = await numbersRepository(logged.db).list(userId, { q }, undefined, 50);
    const statements = [...logged.sent];
    const text: string[] = [];
    await logged.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      for (const s of statements) {
        const res = (await tx.execute(
          sql.raw(`explain ${s.sql.replace(/\$(\d+)/g, (_, n) => lit(s.params[Number(n) - 1]))}`),
        )) as unknown as { rows: Record<string, string>[] };
        text.push(res.rows.map((row) => Object.values(row)[0]).join('\n'));
      }
    });
    // The page and total's statement comes last (after the look-up of tags and hosts).
    return { total: r.total, plan: text.join('\n'), main: text.at(-1)! };
  };
  const lit = (v: unknown) =>
    typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  /** The user's numbers (ids) matching `where`, newest first: what a search must answer. */
  const newest = async (userId: string, where: SQL) =>
    (
      (await t.database.db.execute(sql`select n.id from voip_numbers n
        where n.user_id = ${userId}::uuid and ${where} order by n.created_at desc, n.id desc`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows.map((r) => r.id);
  const taggedWith = (q: string) => sql`exists (select 1 from voip_number_tags vt
    join tags t on t.id = vt.tag_id where vt.voip_number_id = n.id and t.name ilike ${q})`;
  /** Every page of a search, `limit` at a time, through its cursors. */
  const allPages = async (userId: string, f: NumberFilters, limit: number) => {
    const repo = numbersRepository(t.database.db);
    const first = await repo.list(userId, f, undefined, limit);
    const rows = [...first.rows];
    for (let more = first.more; more;) {
      const { createdAt, id } = rows.at(-1)!.row;
      const page = await repo.list(userId, f, { createdAt, id }, limit);
      expect(page.total).toBeUndefined();
      rows.push(...page.rows);
      more = page.more;
    }
    return { total: first.total, totalCapped: first.totalCapped, ids: rows.map((r) => r.row.id) };
  };

  it('has GIN trigram indexes on the host, the link’s host and path, the phone number and tag names', async () => {
    const res = (await t.database.db.execute(
      sql`select indexname, indexdef from pg_indexes
          where indexname in ('voip_numbers_host_trgm_idx', 'voip_numbers_host_path_trgm_idx',
            'voip_numbers_phone_trgm_idx', 'tags_name_trgm_idx')
          order by indexname`,
    )) as unknown as { rows: { indexname: string; indexdef: string }[] };
    expect(res.rows.map((r) => r.indexname)).toEqual([
      'tags_name_trgm_idx',
      'voip_numbers_host_path_trgm_idx',
      'voip_numbers_host_trgm_idx',
      'voip_numbers_phone_trgm_idx',
    ]);
    for (const r of res.rows) expect(r.indexdef).toMatch(/USING gin \(\w+ gin_trgm_ops\)/);
  });

  it('finds a host among the user’s distinct hosts, then its numbers by (user, host)', async () => {
    const { total, plan, main } = await plans('provider17');
    expect(total).toBe(500);
    // The hosts: one descent of the index per host, not a read of the user's numbers.
    expect(plan).toMatch(/Index Only Scan using voip_numbers_user_host_idx/);
    expect(main).toContain('voip_numbers_user_host_idx');
    expect(main).not.toContain('voip_numbers_host_trgm_idx');
    // Every host of Alice's holds 'example': every number matches, and no host is compared.
    const every = await plans('example');
    expect(every.total).toBe(SEARCH_TOTAL_CAP);
    expect(every.main).toMatch(/voip_numbers_user_created_idx/);
    expect(every.main).not.toMatch(/api_host (=|~~)/);
  });

  it('finds a link’s host and path through its trigram index', async () => {
    // 7000000120 to 7000000129
    const { total, main } = await plans('/sms/700000012');
    expect(total).toBe(10);
    expect(main).toContain('voip_numbers_host_path_trgm_idx');
    const { ids } = await allPages(alice.user.id, { q: 'EXAMPLE.COM/SMS/700000012' }, 4);
    expect(ids).toEqual(
      await newest(alice.user.id, sql`n.api_host_path like '%example.com/sms/700000012%'`),
    );
  });

  it('matches the host of a user with more than 200 hosts by LIKE', async () => {
    const { total, main } = await plans('host17', erinId);
    // No list of hosts: LIKE on the column (through the trigram index or the user's index entries).
    expect(main).toMatch(/api_host ~~ '%host17%'/);
    // host17 and host170 to host179, two numbers each
    expect(total).toBe(22);
    const { ids } = await allPages(erinId, { q: 'HOST17' }, 5);
    expect(ids).toEqual(await newest(erinId, sql`n.api_host like '%host17%'`));
  });

  it('reads a tag carried by few numbers from its links, one carried by many newest first', async () => {
    const rare = await plans('rare');
    expect(rare.total).toBe(100);
    expect(rare.main).toContain('voip_number_tags_tag_idx');
    expect(rare.main).not.toContain('voip_numbers_user_created_idx');
    const bulk = await plans('bulk');
    expect(bulk.total).toBe(SEARCH_TOTAL_CAP);
    expect(bulk.main).toContain('voip_numbers_user_created_idx');
    expect(bulk.main).not.toContain('voip_number_tags_tag_idx');
  });

  it('answers the same numbers in the same order either way, page after page', async () => {
    const rare = await allPages(alice.user.id, { q: 'RAR' }, 30);
    expect(rare).toMatchObject({ total: 100, totalCapped: false });
    expect(rare.ids).toEqual(await newest(alice.user.id, taggedWith('%rar%')));
    // Three tags (Telegram, Telegraph on one number; Rare): each number once.
    const three = await allPages(alice.user.id, { q: 'ra' }, 40);
    expect(three).toMatchObject({ total: 101, totalCapped: false });
    expect(three.ids).toEqual(await newest(alice.user.id, taggedWith('%ra%')));
    const bulk = await numbersRepository(t.database.db).list(
      alice.user.id,
      { q: 'bul' },
      undefined,
      100,
    );
    expect(bulk).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: true, more: true });
    expect(bulk.rows.map((r) => r.row.id)).toEqual(
      (await newest(alice.user.id, taggedWith('%bul%'))).slice(0, 100),
    );
  });

  it('counts tagged numbers among the other filters', async () => {
    // 'Rare' numbers (one in 100) that are inactive (one in 8): one in 200.
    const r = await allPages(alice.user.id, { q: 'rare', active: false }, 20);
    expect(r).toMatchObject({ total: 50, totalCapped: false });
    expect(r.ids).toEqual(
      await newest(alice.user.id, sql`not n.is_active and ${taggedWith('%rare%')}`),
    );
  });

  it('finds phone digits through their trigram index', async () => {
    const { total, plan } = await plans('(700) 000-123');
    expect(total).toBe(10); // 7000001230 to 7000001239
    expect(plan).toContain('voip_numbers_phone_trgm_idx');
  });
});

describe('GET /v1/numbers?q= on a large collection', () => {
  it(`counts matches up to ${SEARCH_TOTAL_CAP} and then says "at least" (totalCapped)`, async () => {
    const dave = await signIn(t, 'dave-large@example.com');
    await post(dave, '/v1/tags', { name: 'Mass' });
    const n = SEARCH_TOTAL_CAP + 10;
    const lines = Array.from(
      { length: n },
      (_, i) => `${6_000_000_000 + i}|https://bulk${i % 2}.example.org/api?i=${i}|Mass`,
    );
    await post(dave, '/v1/numbers/import', { text: lines.join('\n') });
    const totals = async (q: string) => {
      const res = await get(dave, `/v1/numbers?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { items: unknown[]; total: number; totalCapped: boolean };
      return { items: body.items.length, total: body.total, totalCapped: body.totalCapped };
    };
    // The host part and the tag part each stop counting past the cap.
    expect(await totals('bulk')).toEqual({ items: 50, total: SEARCH_TOTAL_CAP, totalCapped: true });
    expect(await totals('mass')).toEqual({ items: 50, total: SEARCH_TOTAL_CAP, totalCapped: true });
    // Under the cap the count is exact.
    expect(await totals('bulk1')).toEqual({ items: 50, total: n / 2, totalCapped: false });
    // The plain list is never capped.
    const all = (await get(dave, '/v1/numbers')).json() as { total: number; totalCapped: boolean };
    expect(all).toMatchObject({ total: n, totalCapped: false });
  });
});

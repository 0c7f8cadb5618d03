import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HASH_RE, type Endpoint, type PageDetail } from '../../../shared/sharing.ts';
import { publicPageNumbers, publicPages, singleEndpoints } from '../../db/schema.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';

/* The owner API: /v1/pages and /v1/single-endpoints. */

let t: TestApp;
let alice: { cookie: string; user: { id: string } };
let bob: { cookie: string; user: { id: string } };
/** Alice's numbers by phone, and one of Bob's. */
const aliceNumbers = new Map<string, string>();
let bobNumber: string;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(cookie ? { headers: { cookie } } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function importNumbers(cookie: string, phones: string[]) {
  const text = phones.map((p) => `${p}|https://provider.invalid/api/${p}?key=secret`).join('\n');
  const res = await call('POST', '/v1/numbers/import', cookie, { text });
  expect(res.statusCode, res.body).toBe(200);
  const all = await call('GET', '/v1/numbers?limit=100', cookie);
  return all.json().items as { id: string; phoneNumber: string }[];
}

const phone = (i: number) => `55500${String(i).padStart(5, '0')}`;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signIn(t, 'alice@example.com');
  bob = await signIn(t, 'bob@example.com');
  for (const n of await importNumbers(alice.cookie, [1, 2, 3, 4, 5].map(phone)))
    aliceNumbers.set(n.phoneNumber, n.id);
  bobNumber = (await importNumbers(bob.cookie, ['5559990000']))[0]!.id;
});
afterAll(() => t.close());

const idOf = (i: number) => aliceNumbers.get(phone(i))!;
const pageCount = async () => (await t.database.db.select({ n: count() }).from(publicPages))[0]!.n;
const endpointCount = async () =>
  (await t.database.db.select({ n: count() }).from(singleEndpoints))[0]!.n;

async function createPage(name: string, numberIds: string[], cookie = alice.cookie) {
  const res = await call('POST', '/v1/pages', cookie, { name, numberIds });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as PageDetail;
}
async function createEndpoint(body: Record<string, unknown>, cookie = alice.cookie) {
  const res = await call('POST', '/v1/single-endpoints', cookie, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Endpoint;
}

describe('who may ask', () => {
  it.each([
    ['GET', '/v1/pages'],
    ['POST', '/v1/pages'],
    ['GET', '/v1/pages/00000000-0000-4000-8000-000000000000'],
    ['PATCH', '/v1/pages/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/v1/pages/00000000-0000-4000-8000-000000000000'],
    ['POST', '/v1/pages/00000000-0000-4000-8000-000000000000/regenerate'],
    ['GET', '/v1/single-endpoints'],
    ['POST', '/v1/single-endpoints'],
    ['POST', '/v1/single-endpoints/lines'],
    ['POST', '/v1/single-endpoints/bulk-delete'],
    ['GET', '/v1/single-endpoints/00000000-0000-4000-8000-000000000000'],
    ['PATCH', '/v1/single-endpoints/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/v1/single-endpoints/00000000-0000-4000-8000-000000000000'],
    ['POST', '/v1/single-endpoints/00000000-0000-4000-8000-000000000000/regenerate'],
  ] as const)('%s %s needs a session (401)', async (method, url) => {
    const body = method === 'POST' || method === 'PATCH' ? {} : undefined;
    const res = await call(method, url, undefined, body);
    expect(res.statusCode, res.body).toBe(401);
  });

  it("another user's page or entry behaves exactly like a missing one", async () => {
    const page = await createPage('Alice page', [idOf(1)]);
    const endpoint = await createEndpoint({ numberId: idOf(1) });
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const [kind, id, body] of [
      ['pages', page.id, { name: 'x' }],
      ['single-endpoints', endpoint.id, { name: 'x' }],
    ] as const) {
      for (const target of [id, missing]) {
        const answers = await Promise.all([
          call('GET', `/v1/${kind}/${target}`, bob.cookie),
          call('PATCH', `/v1/${kind}/${target}`, bob.cookie, body),
          call('POST', `/v1/${kind}/${target}/regenerate`, bob.cookie),
          call('DELETE', `/v1/${kind}/${target}`, bob.cookie),
        ]);
        for (const res of answers) {
          expect(res.statusCode, res.body).toBe(404);
          expect(res.json().error.message).toBe(
            kind === 'pages' ? 'Page not found' : 'Endpoint not found',
          );
        }
      }
    }
    // Untouched.
    expect((await call('GET', `/v1/pages/${page.id}`, alice.cookie)).json()).toMatchObject({
      name: 'Alice page',
      hash: page.hash,
    });
    expect(
      (await call('GET', `/v1/single-endpoints/${endpoint.id}`, alice.cookie)).json().hash,
    ).toBe(endpoint.hash);
    // Nor do Bob's lists show them.
    expect((await call('GET', '/v1/pages', bob.cookie)).json().items).toEqual([]);
    expect((await call('GET', '/v1/single-endpoints', bob.cookie)).json()).toEqual({
      items: [],
      nextCursor: null,
      remarks: [],
    });
    // A malformed id is a 404 too.
    expect((await call('GET', '/v1/pages/not-a-uuid', alice.cookie)).statusCode).toBe(404);
  });
});

describe('/v1/pages', () => {
  it('creates a page with its numbers in order, a 128-bit hash, and shows it', async () => {
    const page = await createPage('  Team codes  ', [idOf(3), idOf(1), idOf(2), idOf(4), idOf(3)]);
    expect(page).toMatchObject({
      name: 'Team codes',
      isActive: true,
      views: 0,
      lastAccessed: null,
      numberCount: 4, // the repeated id once
      firstNumbers: [phone(3), phone(1), phone(2)],
      numberIds: [idOf(3), idOf(1), idOf(2), idOf(4)],
    });
    expect(page.hash).toMatch(HASH_RE);
    expect(Buffer.from(page.hash, 'base64url')).toHaveLength(16);
    const got = await call('GET', `/v1/pages/${page.id}`, alice.cookie);
    expect(got.json()).toEqual(page);
  });

  it.each([
    [{ name: '', numberIds: ['x'] }, 'Page name is required'],
    [{ name: '   ', numberIds: [] }, 'Page name is required'],
    [{ numberIds: [] }, 'Page name is required'],
    [{ name: 'P', numberIds: [] }, 'At least one number must be selected'],
    [{ name: 'P' }, 'At least one number must be selected'],
    [{ name: 'x'.repeat(121), numberIds: [] }, 'Name must be at most 120 characters'],
  ])('refuses %j with 400 %s', async (body, message) => {
    const before = await pageCount();
    const res = await call('POST', '/v1/pages', alice.cookie, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(await pageCount()).toBe(before);
  });

  it("another user's (or an unknown) number id in create or update is a 404 and writes nothing", async () => {
    const before = await pageCount();
    for (const foreign of [bobNumber, '00000000-0000-4000-8000-000000000000']) {
      const res = await call('POST', '/v1/pages', alice.cookie, {
        name: 'Sneaky',
        numberIds: [idOf(1), foreign],
      });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.message).toBe('Number not found');
    }
    expect(await pageCount()).toBe(before);

    const page = await createPage('Keep me', [idOf(1), idOf(2)]);
    const res = await call('PATCH', `/v1/pages/${page.id}`, alice.cookie, {
      name: 'Renamed',
      isActive: false,
      numberIds: [idOf(3), bobNumber],
    });
    expect(res.statusCode, res.body).toBe(404);
    expect((await call('GET', `/v1/pages/${page.id}`, alice.cookie)).json()).toEqual(page);
  });

  it('updates the name, the active flag and the numbers (replaced in the given order)', async () => {
    const page = await createPage('Before', [idOf(1), idOf(2)]);
    const res = await call('PATCH', `/v1/pages/${page.id}`, alice.cookie, {
      name: 'After',
      numberIds: [idOf(5), idOf(2), idOf(4)],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'After',
      isActive: true,
      hash: page.hash,
      numberIds: [idOf(5), idOf(2), idOf(4)],
      firstNumbers: [phone(5), phone(2), phone(4)],
      numberCount: 3,
    });
    const off = await call('PATCH', `/v1/pages/${page.id}`, alice.cookie, { isActive: false });
    expect(off.json()).toMatchObject({ name: 'After', isActive: false, numberCount: 3 });
    for (const [body, message] of [
      [{ name: '' }, 'Page name is required'],
      [{ numberIds: [] }, 'At least one number must be selected'],
    ] as const) {
      const bad = await call('PATCH', `/v1/pages/${page.id}`, alice.cookie, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe(message);
    }
  });

  it('regenerates the hash and deletes', async () => {
    const page = await createPage('Regen', [idOf(1)]);
    const res = await call('POST', `/v1/pages/${page.id}/regenerate`, alice.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const hash = res.json().hash as string;
    expect(hash).toMatch(HASH_RE);
    expect(hash).not.toBe(page.hash);
    expect(res.json()).toMatchObject({ id: page.id, name: 'Regen' });

    const del = await call('DELETE', `/v1/pages/${page.id}`, alice.cookie);
    expect(del.statusCode).toBe(204);
    expect((await call('GET', `/v1/pages/${page.id}`, alice.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/pages/${page.id}`, alice.cookie)).statusCode).toBe(404);
    const rows = await t.database.db
      .select()
      .from(publicPageNumbers)
      .where(eq(publicPageNumbers.pageId, page.id));
    expect(rows).toEqual([]);
  });

  it('lists newest first with cursor paging', async () => {
    const carol = await signIn(t, 'carol-pages@example.com');
    const [n] = await importNumbers(carol.cookie, ['5551230000']);
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1000);
      made.push((await createPage(`Page ${i}`, [n!.id], carol.cookie)).id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(
        'GET',
        `/v1/pages?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        carol.cookie,
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as {
        items: { id: string; numberCount: number }[];
        nextCursor: string | null;
      };
      expect(body.items.length).toBeLessThanOrEqual(2);
      seen.push(...body.items.map((p) => p.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...made].reverse());
    expect((await call('GET', '/v1/pages?limit=101', carol.cookie)).statusCode).toBe(400);
    expect((await call('GET', '/v1/pages?cursor=nonsense', carol.cookie)).statusCode).toBe(400);
  });
});

describe('/v1/single-endpoints', () => {
  it('creates an entry with the default name and remark, or the given ones', async () => {
    const plain = await createEndpoint({ numberId: idOf(2) });
    expect(plain).toMatchObject({
      name: 'API for (555) 000-0002',
      remark: 'none',
      numberId: idOf(2),
      phoneNumber: phone(2),
      isActive: true,
      views: 0,
      lastAccessed: null,
    });
    expect(plain.hash).toMatch(HASH_RE);
    const named = await createEndpoint({
      numberId: idOf(2),
      name: ' Signup ',
      remark: ' batch-1 ',
    });
    expect(named).toMatchObject({ name: 'Signup', remark: 'batch-1' });
    expect(named.hash).not.toBe(plain.hash);
    const blankRemark = await createEndpoint({ numberId: idOf(2), remark: '  ' });
    expect(blankRemark.remark).toBe('none');
  });

  it.each([
    [{}, 'Number ID is required'],
    [{ numberId: 'x' }, 'Number ID is required'],
    [{ numberId: '00000000-0000-4000-8000-000000000000', name: '' }, 'Entry name is required'],
    [{ numberId: '00000000-0000-4000-8000-000000000000', name: '  ' }, 'Entry name is required'],
  ])('refuses %j with 400 %s', async (body, message) => {
    const res = await call('POST', '/v1/single-endpoints', alice.cookie, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it("another user's number is a 404 and writes nothing", async () => {
    const before = await endpointCount();
    const res = await call('POST', '/v1/single-endpoints', alice.cookie, { numberId: bobNumber });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().error.message).toBe('Number not found');
    expect(await endpointCount()).toBe(before);
  });

  it('updates name, remark and active flag; regenerates; deletes', async () => {
    const e = await createEndpoint({ numberId: idOf(3) });
    const res = await call('PATCH', `/v1/single-endpoints/${e.id}`, alice.cookie, {
      name: 'Renamed',
      remark: 'vip',
      isActive: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Renamed',
      remark: 'vip',
      isActive: false,
      hash: e.hash,
    });
    const bad = await call('PATCH', `/v1/single-endpoints/${e.id}`, alice.cookie, { name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Entry name is required');

    const regen = await call('POST', `/v1/single-endpoints/${e.id}/regenerate`, alice.cookie);
    expect(regen.statusCode).toBe(200);
    expect(regen.json().hash).toMatch(HASH_RE);
    expect(regen.json().hash).not.toBe(e.hash);

    expect((await call('DELETE', `/v1/single-endpoints/${e.id}`, alice.cookie)).statusCode).toBe(
      204,
    );
    expect((await call('GET', `/v1/single-endpoints/${e.id}`, alice.cookie)).statusCode).toBe(404);
  });

  it('lists by remark with every remark counted, newest first, paged', async () => {
    const dave = await signIn(t, 'dave-entries@example.com');
    const [n] = await importNumbers(dave.cookie, ['5554440000']);
    const made: Endpoint[] = [];
    for (const remark of ['b', 'a', 'b', '', 'b']) {
      t.clock.advance(1000);
      made.push(await createEndpoint({ numberId: n!.id, remark }, dave.cookie));
    }
    const all = (await call('GET', '/v1/single-endpoints?limit=2', dave.cookie)).json();
    expect(all.items.map((e: Endpoint) => e.id)).toEqual([made[4]!.id, made[3]!.id]);
    expect(all.remarks).toEqual([
      { remark: 'a', count: 1 },
      { remark: 'b', count: 3 },
      { remark: 'none', count: 1 },
    ]);
    const next = (
      await call('GET', `/v1/single-endpoints?limit=2&cursor=${all.nextCursor}`, dave.cookie)
    ).json();
    expect(next.items.map((e: Endpoint) => e.id)).toEqual([made[2]!.id, made[1]!.id]);
    const onlyB = (await call('GET', '/v1/single-endpoints?remark=b', dave.cookie)).json();
    expect(onlyB.items.map((e: Endpoint) => e.id)).toEqual([made[4]!.id, made[2]!.id, made[0]!.id]);
    expect(onlyB.remarks).toEqual(all.remarks); // over all the user's entries
    const blank = (await call('GET', '/v1/single-endpoints?remark=', dave.cookie)).json();
    expect(blank.items).toHaveLength(5); // an empty filter is no filter
  });

  it('pages through entries created together (one statement) without skipping or repeating', async () => {
    const erin = await signIn(t, 'erin-entries@example.com');
    const phones = ['5554441001', '5554441002', '5554441003', '5554441004', '5554441005'];
    await importNumbers(erin.cookie, phones);
    const made = await call('POST', '/v1/single-endpoints/lines', erin.cookie, {
      lines: phones.map((p) => `${p}|https://provider.invalid/${p}`).join('\n'),
    });
    expect(made.statusCode, made.body).toBe(200);
    const seen: string[] = [];
    let cursor = '';
    for (let i = 0; i < 5; i++) {
      const page = (
        await call(
          'GET',
          `/v1/single-endpoints?limit=2${cursor && `&cursor=${cursor}`}`,
          erin.cookie,
        )
      ).json();
      seen.push(...page.items.map((e: Endpoint) => e.id));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen.sort()).toEqual(
      made
        .json()
        .created.map((e: Endpoint) => e.id)
        .sort(),
    );
  });

  it('bulk-deletes in one transaction: a foreign id is a 404 and deletes nothing', async () => {
    const a = await createEndpoint({ numberId: idOf(4) });
    const b = await createEndpoint({ numberId: idOf(4) });
    const bobs = await createEndpoint({ numberId: bobNumber }, bob.cookie);
    const refused = await call('POST', '/v1/single-endpoints/bulk-delete', alice.cookie, {
      ids: [a.id, b.id, bobs.id],
    });
    expect(refused.statusCode, refused.body).toBe(404);
    for (const [e, cookie] of [
      [a, alice.cookie],
      [b, alice.cookie],
      [bobs, bob.cookie],
    ] as const) {
      expect((await call('GET', `/v1/single-endpoints/${e.id}`, cookie)).statusCode).toBe(200);
    }
    const ok = await call('POST', '/v1/single-endpoints/bulk-delete', alice.cookie, {
      ids: [a.id, b.id, a.id],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ deleted: 2 });
    expect((await call('GET', `/v1/single-endpoints/${a.id}`, alice.cookie)).statusCode).toBe(404);
    const empty = await call('POST', '/v1/single-endpoints/bulk-delete', alice.cookie, { ids: [] });
    expect(empty.statusCode).toBe(400);
  });
});

describe('POST /v1/single-endpoints/lines', () => {
  it('takes every separator, strips +1 and formatting, and names each entry', async () => {
    const lines = [
      `${phone(1)}----https://p.invalid/a?key=1`,
      `https://p.invalid/b\t+1 (555) 000-0002`,
      `${phone(3)}\thttps://p.invalid/c`,
      `+1${phone(4)}|https://p.invalid/d`,
      `${phone(5)} https://p.invalid/e`,
    ].join('\n');
    const res = await call('POST', '/v1/single-endpoints/lines', alice.cookie, {
      lines,
      remark: 'pasted',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { created: Endpoint[]; errors: string[]; message: string };
    expect(body.errors).toEqual([]);
    expect(body.message).toBe('Created 5 entries');
    expect(body.created.map((e) => [e.phoneNumber, e.name, e.remark])).toEqual(
      [1, 2, 3, 4, 5].map((i) => [phone(i), `API for (555) 000-000${i}`, 'pasted']),
    );
    expect(new Set(body.created.map((e) => e.hash)).size).toBe(5);
  });

  it('1,000 lines with mixed errors: the good ones in one go, each error in its own words', async () => {
    const lines: string[] = [];
    for (let i = 0; i < 1000; i++) {
      if (i % 4 === 0) lines.push(`${phone((i % 5) + 1)}----https://p.invalid/${i}`);
      else if (i % 4 === 1) lines.push(`5557770${String(i).padStart(3, '0')}|https://p.invalid/x`);
      else if (i % 4 === 2) lines.push(`12345|https://p.invalid/x`);
      else lines.push(`${phone(1)}|ftp://p.invalid/x`);
    }
    lines.splice(10, 0, '', '   '); // blank lines are skipped but counted in line numbers
    const before = await endpointCount();
    const res = await call('POST', '/v1/single-endpoints/lines', alice.cookie, {
      lines: lines.join('\r\n'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { created: Endpoint[]; errors: string[]; message: string };
    expect(body.created).toHaveLength(250);
    expect(body.errors).toHaveLength(750);
    expect(body.message).toBe('Created 250 entries with 750 errors');
    expect(body.errors).toContain('5557770001: Number not found in your collection. Add it first.');
    expect(body.errors).toContain('Line 3: Invalid phone number. Must be exactly 10 digits.');
    expect(body.errors).toContain('Line 4: Invalid API link. Must start with http.');
    expect(body.errors).toContain('Line 14: Invalid API link. Must start with http.'); // after the blanks
    expect(body.created.every((e) => e.remark === 'none')).toBe(true);
    expect(await endpointCount()).toBe(before + 250);
    expect(JSON.stringify(body)).not.toContain('p.invalid');
  });

  it('no valid line is SINGLE_LINES_REQUIRED; over 1,000 lines is refused; unknown numbers only is 200', async () => {
    for (const lines of ['', '   \n\n', 'not a line', '5550000001', '12345|https://p.invalid/x']) {
      const res = await call('POST', '/v1/single-endpoints/lines', alice.cookie, { lines });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'SINGLE_LINES_REQUIRED',
        message: 'Please enter valid phone numbers with API links in the correct format',
      });
    }
    const tooMany = Array.from({ length: 1001 }, () => `${phone(1)}|https://p.invalid/x`).join(
      '\n',
    );
    const over = await call('POST', '/v1/single-endpoints/lines', alice.cookie, { lines: tooMany });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.code).toBe('TOO_MANY_LINES');

    const before = await endpointCount();
    const unknown = await call('POST', '/v1/single-endpoints/lines', alice.cookie, {
      lines: '5559990000|https://p.invalid/bobs-number',
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({
      created: [],
      errors: ['5559990000: Number not found in your collection. Add it first.'],
      message: 'Created 0 entries with 1 error',
    });
    expect(await endpointCount()).toBe(before);
  });
});

describe('deleting a number', () => {
  it('removes it from pages and deletes its single entries', async () => {
    const [n1, n2] = await importNumbers(alice.cookie, ['5558880001', '5558880002']).then((all) => [
      all.find((n) => n.phoneNumber === '5558880001')!,
      all.find((n) => n.phoneNumber === '5558880002')!,
    ]);
    const page = await createPage('Cascade', [n1!.id, n2!.id]);
    const endpoint = await createEndpoint({ numberId: n1!.id });
    const del = await call('DELETE', `/v1/numbers/${n1!.id}`, alice.cookie);
    expect(del.statusCode).toBe(204);
    expect((await call('GET', `/v1/pages/${page.id}`, alice.cookie)).json()).toMatchObject({
      numberIds: [n2!.id],
      numberCount: 1,
      firstNumbers: ['5558880002'],
    });
    expect(
      (await call('GET', `/v1/single-endpoints/${endpoint.id}`, alice.cookie)).statusCode,
    ).toBe(404);
    // All its numbers gone: the page stays, empty, and can still be renamed.
    await call('DELETE', `/v1/numbers/${n2!.id}`, alice.cookie);
    const renamed = await call('PATCH', `/v1/pages/${page.id}`, alice.cookie, { name: 'Empty' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Empty', numberCount: 0, numberIds: [] });
  });
});

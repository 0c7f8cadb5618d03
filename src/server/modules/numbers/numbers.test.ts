import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  numberDto,
  numberListResponse,
  recentMessageDto,
  tagDto,
} from '../../../shared/numbers.ts';
import { messages, users, voipNumbers } from '../../db/schema.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';

let t: TestApp;
let alice: { cookie: string };
let bob: { cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  alice = await signIn(t, 'alice@example.com');
  bob = await signIn(t, 'bob@example.com');
});
afterAll(() => t.close());

type Who = { cookie: string } | null;
const req = (
  who: Who,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const link = (n: string | number) => `https://sms.example.com/api/${n}?token=secret-${n}`;
let seq = 1000;
const nextPhone = () => `555${String(++seq).padStart(7, '0')}`;
const create = async (who: Who, body: Record<string, unknown> = {}) => {
  const phone = nextPhone();
  const res = await req(who, 'POST', '/v1/numbers', {
    phoneNumber: phone,
    apiLink: link(phone),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const tag = async (who: Who, name: string) => (await req(who, 'POST', '/v1/tags', { name })).json();

describe('POST /v1/numbers', () => {
  it('stores a number with its link encrypted and the host in clear, and returns the link to the owner', async () => {
    const res = await req(alice, 'POST', '/v1/numbers', {
      phoneNumber: '+1 (212) 555-0100',
      apiLink: 'https://Provider.Example.com:8443/get?key=TOPSECRET',
      notes: 'work',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      phoneNumber: '2125550100',
      apiLink: 'https://Provider.Example.com:8443/get?key=TOPSECRET',
      apiHost: 'provider.example.com:8443',
      isActive: true,
      isFavorite: false,
      notes: 'work',
      tags: [],
    });
    const [row] = await t.database.db.select().from(voipNumbers).limit(1);
    expect(row!.apiLinkEnc).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain('TOPSECRET');
    expect(t.logs()).not.toContain('TOPSECRET');
  });

  it.each([
    [
      '9 digits',
      { phoneNumber: '555123456' },
      'phoneNumber',
      'Phone number must be exactly 10 digits',
    ],
    [
      '11 digits',
      { phoneNumber: '55512345678' },
      'phoneNumber',
      'Phone number must be exactly 10 digits',
    ],
    [
      'letters',
      { phoneNumber: '555abc4567' },
      'phoneNumber',
      'Phone number must be exactly 10 digits',
    ],
    [
      'an ftp link',
      { apiLink: 'ftp://files.example.com/x' },
      'apiLink',
      'API link must be a valid URL starting with http',
    ],
    [
      'a javascript: link',
      { apiLink: 'javascript:alert(1)' },
      'apiLink',
      'API link must be a valid URL starting with http',
    ],
    [
      'a link over 2,048 characters',
      { apiLink: `https://a.example.com/${'x'.repeat(2048)}` },
      'apiLink',
      'API link must be a valid URL starting with http',
    ],
    [
      '6 tags',
      { tagIds: Array.from({ length: 6 }, () => randomUUID()) },
      'tagIds',
      'Maximum 5 tags allowed',
    ],
  ])('refuses %s with 400 and stores nothing', async (_n, override, field, message) => {
    const before = (await req(alice, 'GET', '/v1/numbers')).json().total;
    const res = await req(alice, 'POST', '/v1/numbers', {
      phoneNumber: nextPhone(),
      apiLink: link(1),
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toContain(message);
    expect((await req(alice, 'GET', '/v1/numbers')).json().total).toBe(before);
  });

  it('refuses a duplicate with 409 and its message; another user may hold the same number', async () => {
    const n = await create(alice);
    const dup = await req(alice, 'POST', '/v1/numbers', {
      phoneNumber: n.phoneNumber,
      apiLink: link(2),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toEqual({
      code: 'NUMBER_ALREADY_EXISTS',
      message: `Number ${n.phoneNumber} already exists`,
    });
    const other = await req(bob, 'POST', '/v1/numbers', {
      phoneNumber: n.phoneNumber,
      apiLink: link(3),
    });
    expect(other.statusCode).toBe(201);
  });

  it('needs a session', async () => {
    expect(
      (await req(null, 'POST', '/v1/numbers', { phoneNumber: nextPhone(), apiLink: link(1) }))
        .statusCode,
    ).toBe(401);
  });
});

describe('another user’s ids and malformed ids answer 404 on every route', () => {
  it('for numbers', async () => {
    const mine = await create(alice);
    const cases: [Parameters<typeof req>[1], string, unknown?][] = [
      ['GET', `/v1/numbers/${mine.id}`],
      ['PATCH', `/v1/numbers/${mine.id}`, { notes: 'hacked' }],
      ['DELETE', `/v1/numbers/${mine.id}`],
    ];
    for (const [method, url, body] of cases) {
      const foreign = await req(bob, method, url, body);
      const missing = await req(bob, method, url.replace(mine.id, randomUUID()), body);
      const malformed = await req(bob, method, url.replace(mine.id, 'not-a-uuid'), body);
      for (const res of [foreign, missing, malformed]) {
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      // Another user's number is exactly a missing one; a malformed id names nothing at all.
      expect(foreign.json()).toEqual(missing.json());
      expect(missing.json().error.code).toBe('NUMBER_NOT_FOUND');
      expect(malformed.json().error.code).toBe('NOT_FOUND');
      expect(foreign.json()).toEqual(missing.json());
    }
    const bulk = await req(bob, 'POST', '/v1/numbers/bulk-delete', { ids: [mine.id] });
    expect(bulk.json()).toEqual({ deleted: 0 });
    const still = await req(alice, 'GET', `/v1/numbers/${mine.id}`);
    expect(still.json().notes).toBe('');
  });

  it('for tags (create, update and import)', async () => {
    const alicesTag = await tag(alice, 'Private');
    const create = await req(bob, 'POST', '/v1/numbers', {
      phoneNumber: nextPhone(),
      apiLink: link(1),
      tagIds: [alicesTag.id],
    });
    expect(create.statusCode).toBe(404);
    expect(create.json().error.message).toBe('Tag not found');
    const bobs = await (async () => {
      const r = await req(bob, 'POST', '/v1/numbers', {
        phoneNumber: nextPhone(),
        apiLink: link(1),
      });
      return r.json();
    })();
    expect(
      (await req(bob, 'PATCH', `/v1/numbers/${bobs.id}`, { tagIds: [alicesTag.id] })).statusCode,
    ).toBe(404);
    const imp = await req(bob, 'POST', '/v1/numbers/import', {
      text: `${nextPhone()}|${link(1)}`,
      tagIds: [alicesTag.id],
    });
    expect(imp.statusCode).toBe(404);
    expect((await req(bob, 'GET', '/v1/numbers?tag=' + alicesTag.id)).json().total).toBe(0);
  });

  it('every numbers and tags route needs a session', async () => {
    const id = randomUUID();
    const routes: [Parameters<typeof req>[1], string, unknown?][] = [
      ['GET', '/v1/numbers'],
      ['GET', `/v1/numbers/${id}`],
      ['PATCH', `/v1/numbers/${id}`, { notes: 'x' }],
      ['DELETE', `/v1/numbers/${id}`],
      ['POST', '/v1/numbers/bulk-delete', { ids: [id] }],
      ['POST', '/v1/numbers/import', { text: 'x' }],
      ['GET', '/v1/numbers/export'],
      ['POST', '/v1/numbers/clear'],
      ['GET', '/v1/tags'],
      ['POST', '/v1/tags', { name: 'x' }],
    ];
    for (const [method, url, body] of routes) {
      expect((await req(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('GET /v1/numbers', () => {
  let u: { cookie: string };
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    u = await signIn(t, 'lister@example.com');
    const tg = await tag(u, 'Telegram');
    const wa = await tag(u, 'WhatsApp');
    ids.a = (
      await req(u, 'POST', '/v1/numbers', {
        phoneNumber: '2125550001',
        apiLink: 'https://alpha.example.com/x',
        tagIds: [tg.id],
      })
    ).json().id;
    ids.b = (
      await req(u, 'POST', '/v1/numbers', {
        phoneNumber: '3125550002',
        apiLink: 'https://beta.example.net/y',
        isFavorite: true,
        tagIds: [wa.id, tg.id],
      })
    ).json().id;
    ids.c = (
      await req(u, 'POST', '/v1/numbers', {
        phoneNumber: '4155550003',
        apiLink: 'https://beta.example.net/z',
        isActive: false,
      })
    ).json().id;
    ids.tg = tg.id;
  });
  const list = async (qs: string) => (await req(u, 'GET', `/v1/numbers${qs}`)).json();
  const phones = (body: { items: { phoneNumber: string }[] }) =>
    body.items.map((i) => i.phoneNumber);

  it('lists newest first with tags (sorted by name) and the total', async () => {
    const body = await list('');
    expect(phones(body)).toEqual(['4155550003', '3125550002', '2125550001']);
    expect(body.total).toBe(3);
    expect(body.items[1].tags.map((x: { name: string }) => x.name)).toEqual([
      'Telegram',
      'WhatsApp',
    ]);
  });

  it.each([
    ['?q=312', ['3125550002']],
    ['?q=(212) 555', ['2125550001']],
    ['?q=whatsapp', ['3125550002']],
    ['?q=beta.example', ['4155550003', '3125550002']],
    ['?q=BETA.Example.NET', ['4155550003', '3125550002']],
    ['?q=beta_example', []],
    ['?q=alpha2', []],
    ['?q=%2B1 412', []],
    ['?q=%2B1 415', ['4155550003']],
    ['?q=%2B1 (412', []],
    ['?q=555-0003', ['4155550003']],
    ['?q=100%25', []],
    ['?active=false', ['4155550003']],
    ['?active=true', ['3125550002', '2125550001']],
    ['?favorite=true', ['3125550002']],
    ['?tag=TG', ['3125550002', '2125550001']],
    ['?tag=TG&q=212', ['2125550001']],
  ])('filters %s on the server', async (qs, expected) => {
    const body = await list(qs.replace('TG', ids.tg!));
    expect(phones(body)).toEqual(expected);
    expect(body.total).toBe(expected.length);
  });

  it('answers exactly the documented shape, no extra field at any depth', async () => {
    await t.database.db.insert(messages).values({
      voipNumberId: ids.b!,
      sender: '12345',
      content: 'Your code is 123456',
      code: '123456',
      receivedAt: new Date(),
      dedupeKey: 'shape',
    });
    const strict = numberListResponse
      .extend({
        items: z.array(
          numberDto
            .extend({
              tags: z.array(tagDto.strict()),
              recentMessages: z.array(recentMessageDto.strict()),
            })
            .strict(),
        ),
      })
      .strict();
    for (const qs of ['', '?limit=1', '?q=beta']) {
      const body = strict.parse(await list(qs));
      expect(body.items.length).toBeGreaterThan(0);
    }
    const withMessage = strict.parse(await list('')).items.find((i) => i.id === ids.b)!;
    expect(withMessage.messageCount).toBe(1);
    expect(withMessage.recentMessages[0]).toMatchObject({ code: '123456', sender: '12345' });
  });

  it('lists active numbers whose last poll failed with ?failing=true', async () => {
    await t.database.db
      .update(voipNumbers)
      .set({ lastError: 'HTTP error! status: 500' })
      .where(inArray(voipNumbers.id, [ids.a!, ids.c!]));
    try {
      const body = await list('?failing=true');
      expect(phones(body)).toEqual(['2125550001']); // c failed too, but is inactive
      expect(body.total).toBe(1);
      expect(body.items[0].lastError).toBe('HTTP error! status: 500');
    } finally {
      await t.database.db.update(voipNumbers).set({ lastError: null });
    }
  });

  it('pages with a cursor, and the total counts every match', async () => {
    const first = await list('?limit=2');
    expect(phones(first)).toEqual(['4155550003', '3125550002']);
    expect(first.total).toBe(3);
    const second = await list(`?limit=2&cursor=${first.nextCursor}`);
    expect(phones(second)).toEqual(['2125550001']);
    expect(second.nextCursor).toBeNull();
  });

  it('pages filtered matches with a cursor', async () => {
    const first = await list('?active=true&limit=1');
    expect(phones(first)).toEqual(['3125550002']);
    expect(first.total).toBe(2);
    const second = await list(`?active=true&limit=1&cursor=${first.nextCursor}`);
    expect(phones(second)).toEqual(['2125550001']);
    expect(second.total).toBeNull();
    expect(second.nextCursor).toBeNull();
  });

  it('pages through numbers imported together (one creation time), filtered or searched', async () => {
    const who = await signIn(t, 'pager@example.com', '192.0.2.11');
    const lines = Array.from(
      { length: 7 },
      (_, i) => `${7185550100 + i}|https://pager.example.org/${i}`,
    );
    const imp = await req(who, 'POST', '/v1/numbers/import', { text: lines.join('\n') });
    expect(imp.json()).toMatchObject({ imported: 7 });
    for (const qs of ['', '&active=true', '&q=pager', '&q=718555']) {
      const seen: string[] = [];
      let cursor = '';
      do {
        const page = (await req(who, 'GET', `/v1/numbers?limit=3${qs}${cursor}`)).json();
        seen.push(...phones(page));
        cursor = page.nextCursor ? `&cursor=${page.nextCursor}` : '';
      } while (cursor);
      expect(seen.length, qs).toBe(7);
      expect(new Set(seen).size, qs).toBe(7);
    }
  });

  it.each([
    ['?limit=101', 400],
    ['?limit=0', 400],
    ['?active=maybe', 400],
    ['?failing=yes', 400],
    ['?failing=false', 400],
    ['?tag=nope', 400],
    ['?cursor=garbage', 400],
  ])('refuses %s', async (qs, status) => {
    expect((await req(u, 'GET', `/v1/numbers${qs}`)).statusCode).toBe(status);
  });
});

describe('GET/PATCH/DELETE /v1/numbers/:id', () => {
  it('updates fields and replaces the tag set atomically', async () => {
    const a = await tag(alice, 'Alpha');
    const b = await tag(alice, 'Beta');
    const n = await create(alice, { tagIds: [a.id] });
    const res = await req(alice, 'PATCH', `/v1/numbers/${n.id}`, {
      notes: 'updated',
      isActive: false,
      isFavorite: true,
      apiLink: 'http://other.example.org/q',
      tagIds: [b.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      notes: 'updated',
      isActive: false,
      isFavorite: true,
      apiLink: 'http://other.example.org/q',
      apiHost: 'other.example.org',
      tags: [{ id: b.id, name: 'Beta' }],
    });
    expect((await req(alice, 'GET', `/v1/numbers/${n.id}`)).json()).toEqual(res.json());
  });

  it('keeps a failing number’s poll state on a save that changes neither link nor activity', async () => {
    const n = await create(alice);
    const failing = {
      failures: 4,
      lastError: 'HTTP error! status: 500',
      nextPollAt: new Date(Date.now() + 600_000),
    };
    const state = async () => {
      const [row] = await t.database.db.select().from(voipNumbers).where(eq(voipNumbers.id, n.id));
      return { failures: row!.failures, lastError: row!.lastError, nextPollAt: row!.nextPollAt };
    };
    await t.database.db.update(voipNumbers).set(failing).where(eq(voipNumbers.id, n.id));
    // What the edit form sends: every field, the link and the active flag unchanged.
    const same = await req(alice, 'PATCH', `/v1/numbers/${n.id}`, {
      notes: 'just a note',
      apiLink: n.apiLink,
      isActive: true,
    });
    expect(same.statusCode).toBe(200);
    expect(await state()).toEqual(failing);
    // A different link is polled at once with a clean state.
    await req(alice, 'PATCH', `/v1/numbers/${n.id}`, { apiLink: 'http://fixed.example.org/q' });
    const fixed = await state();
    expect([fixed.failures, fixed.lastError]).toEqual([0, null]);
    expect(fixed.nextPollAt.getTime()).toBeLessThanOrEqual(Date.now());
    // So is an inactive number turned back on.
    await t.database.db
      .update(voipNumbers)
      .set({ ...failing, isActive: false })
      .where(eq(voipNumbers.id, n.id));
    await req(alice, 'PATCH', `/v1/numbers/${n.id}`, { isActive: true });
    expect((await state()).failures).toBe(0);
  });

  it('refuses an empty patch, bad fields, and a phone number already in use (409)', async () => {
    const n = await create(alice);
    const other = await create(alice);
    expect((await req(alice, 'PATCH', `/v1/numbers/${n.id}`, {})).statusCode).toBe(400);
    expect(
      (await req(alice, 'PATCH', `/v1/numbers/${n.id}`, { phoneNumber: '123' })).statusCode,
    ).toBe(400);
    const clash = await req(alice, 'PATCH', `/v1/numbers/${n.id}`, {
      phoneNumber: other.phoneNumber,
      notes: 'x',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe(`Number ${other.phoneNumber} already exists`);
    expect((await req(alice, 'GET', `/v1/numbers/${n.id}`)).json()).toMatchObject({
      phoneNumber: n.phoneNumber,
      notes: '',
    });
  });

  it('deletes one number (204), then it is gone', async () => {
    const n = await create(alice);
    expect((await req(alice, 'DELETE', `/v1/numbers/${n.id}`)).statusCode).toBe(204);
    expect((await req(alice, 'GET', `/v1/numbers/${n.id}`)).statusCode).toBe(404);
    expect((await req(alice, 'DELETE', `/v1/numbers/${n.id}`)).statusCode).toBe(404);
  });

  it('bulk-deletes only the caller’s numbers', async () => {
    const a = await create(alice);
    const b = await create(alice);
    const bobs = await create(bob);
    const res = await req(alice, 'POST', '/v1/numbers/bulk-delete', {
      ids: [a.id, b.id, bobs.id, a.id],
    });
    expect(res.json()).toEqual({ deleted: 2 });
    expect((await req(bob, 'GET', `/v1/numbers/${bobs.id}`)).statusCode).toBe(200);
    expect((await req(alice, 'POST', '/v1/numbers/bulk-delete', { ids: [] })).statusCode).toBe(400);
    expect((await req(alice, 'POST', '/v1/numbers/bulk-delete', { ids: ['x'] })).statusCode).toBe(
      400,
    );
  });
});

describe('tags', () => {
  it('creates trimmed tags, returns the existing one for the same name in any case, lists by name', async () => {
    const u = await signIn(t, 'tagger@example.com');
    const z = await req(u, 'POST', '/v1/tags', { name: '  zeta  ' });
    expect(z.statusCode).toBe(201);
    expect(z.json().name).toBe('zeta');
    const again = await req(u, 'POST', '/v1/tags', { name: 'ZETA' });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(z.json().id);
    await req(u, 'POST', '/v1/tags', { name: 'Alpha' });
    expect(
      (await req(u, 'GET', '/v1/tags')).json().items.map((x: { name: string }) => x.name),
    ).toEqual(['Alpha', 'zeta']);
    expect((await req(u, 'POST', '/v1/tags', { name: '   ' })).statusCode).toBe(400);
    expect((await req(u, 'POST', '/v1/tags', { name: 'x'.repeat(41) })).statusCode).toBe(400);
    // Tags are per user.
    expect(
      (await req(bob, 'GET', '/v1/tags')).json().items.map((x: { name: string }) => x.name),
    ).not.toContain('zeta');
  });
});

describe('POST /v1/numbers/import', () => {
  const imp = (who: Who, text: string, extra: Record<string, unknown> = {}) =>
    req(who, 'POST', '/v1/numbers/import', { text, ...extra });

  it('reads the six line formats, skips blank lines, applies tags named on lines', async () => {
    const u = await signIn(t, 'importer@example.com');
    await tag(u, 'Telegram');
    await tag(u, 'google');
    const text = [
      `2015550001----${link(1)}`,
      '',
      `+12015550002|${link(2)}|Telegram, google`,
      `2015550003\t${link(3)}`,
      `${link(4)}\t2015550004`,
      `${link(5)}\t+12015550005`,
      '   ',
      `2015550006 ${link(6)}`,
    ].join('\n');
    const res = await imp(u, text);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      imported: 6,
      duplicates: 0,
      input: 'lines',
      errors: [],
      unknownTags: [],
    });
    const list = (await req(u, 'GET', '/v1/numbers?q=2015550002')).json();
    expect(list.items[0].tags.map((x: { name: string }) => x.name)).toEqual(['google', 'Telegram']);
    expect(list.items[0].apiLink).toBe(link(2));
  });

  it('reports every kind of bad line with its message and stores the valid ones', async () => {
    const u = await signIn(t, 'errors@example.com');
    const res = await imp(
      u,
      [
        `2025550001|${link(1)}`,
        'just-text',
        `202555000|${link(2)}`,
        `20255500011|${link(3)}`,
        '2025550004|ftp://x.example.com',
        `2025550001----${link(5)}`,
      ].join('\r\n'),
    );
    expect(res.json()).toEqual({
      imported: 1,
      duplicates: 1,
      input: 'lines',
      unknownTags: [],
      errors: [
        {
          line: 2,
          message: expect.stringMatching(/^Line 2: Invalid format\. Expected format: /),
          duplicate: false,
        },
        {
          line: 3,
          message: 'Line 3: Invalid phone number. Must be exactly 10 digits.',
          duplicate: false,
        },
        {
          line: 4,
          message: 'Line 4: Invalid phone number. Must be exactly 10 digits.',
          duplicate: false,
        },
        { line: 5, message: 'Line 5: Invalid API link. Must start with http.', duplicate: false },
        { line: 6, message: 'Line 6: Number 2025550001 already exists', duplicate: true },
      ],
    });
    const again = await imp(u, `2025550001|${link(1)}\n2025550009|${link(9)}`);
    expect(again.json()).toEqual({
      imported: 1,
      duplicates: 1,
      input: 'lines',
      unknownTags: [],
      errors: [{ line: 1, message: 'Line 1: Number 2025550001 already exists', duplicate: true }],
    });
  });

  it('matches tag names on bulk lines to existing tags, case-insensitively, and creates none', async () => {
    // From another address: this file's sign-ins from 127.0.0.1 are at the hourly limit.
    const u = await signIn(t, 'line-tags@example.com', '192.0.2.10');
    await tag(u, 'Telegram');
    await tag(u, 'Work');
    const res = await imp(
      u,
      `2035550101|${link(1)}|telegram,WORK,Nope\n2035550102|${link(2)}|NOPE,Other`,
    );
    // The names matching no tag are told, each once, as first written.
    expect(res.json()).toMatchObject({ imported: 2, errors: [], unknownTags: ['Nope', 'Other'] });
    const items = (await req(u, 'GET', '/v1/numbers')).json().items;
    const first = items.find((n: { phoneNumber: string }) => n.phoneNumber === '2035550101');
    expect(first.tags.map((x: { name: string }) => x.name)).toEqual(['Telegram', 'Work']);
    expect(
      (await req(u, 'GET', '/v1/tags')).json().items.map((x: { name: string }) => x.name),
    ).toEqual(['Telegram', 'Work']);
  });

  it('override tags apply to every line and replace tags named on lines', async () => {
    const u = await signIn(t, 'override@example.com');
    const vip = await tag(u, 'VIP');
    const res = await imp(u, `2035550001|${link(1)}|Telegram\n2035550002 ${link(2)}`, {
      tagIds: [vip.id],
    });
    expect(res.json().unknownTags).toEqual([]);
    const items = (await req(u, 'GET', '/v1/numbers')).json().items;
    for (const n of items) expect(n.tags.map((x: { name: string }) => x.name)).toEqual(['VIP']);
    expect(
      (await req(u, 'GET', '/v1/tags')).json().items.map((x: { name: string }) => x.name),
    ).toEqual(['VIP']);
  });

  it.each([
    ['an empty import', '', 'Nothing to import'],
    ['only blank lines', '\n   \n\t\n', 'Nothing to import'],
    [
      'malformed JSON',
      '[{"phoneNumber": "2045550001",',
      'Invalid format. Please use either JSON or number|API link format.',
    ],
    [
      'JSON that is not an array',
      '{"phoneNumber": "2045550001"}',
      'Invalid format. Please use either JSON or number|API link format.',
    ],
    ['an empty JSON array', '[]', 'Nothing to import'],
    [
      'a binary file',
      '\u0000\u0001PNG\u0002\u0003\u0000\u0000IHDR\u0000',
      'Text must not contain NUL or invalid Unicode characters.', // the input guard, first
    ],
  ])('refuses %s with 400', async (_n, text, message) => {
    const u = await signIn(t);
    const res = await imp(u, text);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect((await req(u, 'GET', '/v1/numbers')).json().total).toBe(0);
  });

  it('refuses a file of control characters without NUL as not text', async () => {
    const res = await imp(
      alice,
      '\u0001\u0002PNG\u0003\u0004\u0005\u0006IHDR\u0007\u0008\u000e\u000f',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The file is not text. Import a .json or .txt file.');
  });

  it('refuses more than 10,000 lines and a missing text', async () => {
    const lines = Array.from({ length: 10_001 }, (_, i) => `${2050000000 + i}|${link(i)}`).join(
      '\n',
    );
    const res = await imp(alice, lines);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Import at most 10,000 lines at a time.');
    expect((await req(alice, 'POST', '/v1/numbers/import', {})).statusCode).toBe(400);
  });

  it('imports the settings JSON with its flags and per-item errors', async () => {
    const u = await signIn(t, 'json@example.com');
    const res = await imp(
      u,
      JSON.stringify([
        {
          phoneNumber: '2065550001',
          apiLink: link(1),
          isActive: false,
          isFavorite: true,
          notes: 'n1',
          tags: ['Work'],
        },
        { phoneNumber: '2065550002', apiLink: link(2) },
        { phoneNumber: '206555', apiLink: link(3) },
        { phoneNumber: '2065550004', apiLink: 'mailto:x@y.z' },
        'nonsense',
      ]),
    );
    expect(res.json()).toEqual({
      imported: 2,
      duplicates: 0,
      input: 'json',
      unknownTags: [],
      errors: [
        {
          line: 3,
          message: 'Entry 3: Invalid phone number. Must be exactly 10 digits.',
          duplicate: false,
        },
        { line: 4, message: 'Entry 4: Invalid API link. Must start with http.', duplicate: false },
        {
          line: 5,
          message: 'Entry 5: Invalid format. Expected an object with phoneNumber and apiLink.',
          duplicate: false,
        },
      ],
    });
    const first = (await req(u, 'GET', '/v1/numbers?q=2065550001')).json().items[0];
    expect(first).toMatchObject({
      isActive: false,
      isFavorite: true,
      notes: 'n1',
      tags: [{ name: 'Work' }],
    });
    const second = (await req(u, 'GET', '/v1/numbers?q=2065550002')).json().items[0];
    expect(second).toMatchObject({ isActive: true, isFavorite: false, notes: '' });
  });

  it('stores a number once when two imports of it race', async () => {
    const u = await signIn(t, 'racer@example.com');
    const text = Array.from({ length: 50 }, (_, i) => `${2070000000 + i}|${link(i)}`).join('\n');
    const [a, b] = await Promise.all([imp(u, text), imp(u, text)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().imported + b.json().imported).toBe(50);
    expect(a.json().duplicates + b.json().duplicates).toBe(50);
    expect((await req(u, 'GET', '/v1/numbers')).json().total).toBe(50);
  });

  it('handles a 10,000-line import mixing every format and every error', async () => {
    const u = await signIn(t, 'big@example.com');
    const lines: string[] = [];
    const formats = [
      (p: string, l: string) => `${p}----${l}`,
      (p: string, l: string) => `+1${p}|${l}|Bulk`,
      (p: string, l: string) => `${p}\t${l}`,
      (p: string, l: string) => `${l}\t${p}`,
      (p: string, l: string) => `${l}\t+1${p}`,
      (p: string, l: string) => `${p} ${l}`,
    ];
    let valid = 0;
    let bad = 0;
    let dups = 0;
    for (let i = 0; i < 10_000; i++) {
      const p = String(3000000000 + i);
      const kind = i % 10;
      if (kind === 7) {
        lines.push(`${p.slice(1)}|${link(i)}`); // 9 digits
        bad++;
      } else if (kind === 8) {
        lines.push(`${p}|ftp://x.example.com/${i}`);
        bad++;
      } else if (kind === 9) {
        lines.push(`${3000000000 + i - 1}|${link(i)}`); // duplicate of the previous line's number
        dups++;
      } else if (i % 25 === 0) {
        lines.push('garbage');
        bad++;
      } else {
        lines.push(formats[i % formats.length]!(p, link(i)));
        valid++;
      }
    }
    const res = await imp(u, lines.join('\n'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // kind 9 duplicates the number on line kind 8, which is itself invalid (ftp) — so it is stored.
    expect(body.imported).toBe(valid + dups);
    expect(body.duplicates).toBe(0);
    expect(body.errors).toHaveLength(bad);
    expect((await req(u, 'GET', '/v1/numbers?limit=1')).json().total).toBe(valid + dups);
  }, 60_000);
});

describe('the total of an unfiltered list', () => {
  const counts = async (userId: string) => {
    const rows = (await t.database.db.execute(sql`
      select (select total from number_counts where user_id = ${userId}) as kept,
             (select count(*)::int from voip_numbers where user_id = ${userId}) as actual`)) as unknown as
      | { rows: { kept: number | null; actual: number }[] }
      | { kept: number | null; actual: number }[];
    return Array.isArray(rows) ? rows[0]! : rows.rows[0]!;
  };
  const total = async (who: Who) => (await req(who, 'GET', '/v1/numbers?limit=1')).json().total;

  it('is kept exact through create, import, delete, bulk delete and clear', async () => {
    const u = await signIn(t);
    expect(await total(u)).toBe(0);
    const a = await create(u);
    await create(u);
    expect(await total(u)).toBe(2);
    const text = [`${a.phoneNumber}|${link(1)}`, `2085550001|${link(2)}`, `2085550002|${link(3)}`];
    const imported = await req(u, 'POST', '/v1/numbers/import', { text: text.join('\n') });
    expect(imported.json()).toMatchObject({ imported: 2, duplicates: 1 });
    expect(await total(u)).toBe(4);
    // A refused create (duplicate) changes nothing.
    const dup = await req(u, 'POST', '/v1/numbers', {
      phoneNumber: a.phoneNumber,
      apiLink: link(9),
    });
    expect(dup.statusCode).toBe(409);
    expect(await total(u)).toBe(4);
    expect((await req(u, 'DELETE', `/v1/numbers/${a.id}`)).statusCode).toBe(204);
    expect(await total(u)).toBe(3);
    const all = (await req(u, 'GET', '/v1/numbers')).json().items.map((i: { id: string }) => i.id);
    await req(u, 'POST', '/v1/numbers/bulk-delete', { ids: [all[0], all[0], randomUUID()] });
    expect(await total(u)).toBe(2);
    await req(u, 'POST', '/v1/numbers/clear');
    expect(await total(u)).toBe(0);
    expect(await counts(u.user.id)).toEqual({ kept: 0, actual: 0 });
  });

  it('stays exact when a user’s imports, creates and deletes race', async () => {
    const u = await signIn(t);
    const lines = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => `${2090000000 + from + i}|${link(i)}`).join('\n');
    const seeded = await req(u, 'POST', '/v1/numbers/import', { text: lines(0, 1500) });
    expect(seeded.json().imported).toBe(1500);
    const firstIds = (await req(u, 'GET', '/v1/numbers?limit=100'))
      .json()
      .items.map((i: { id: string }) => i.id);
    // Overlapping multi-chunk imports (1,000 rows per insert), a create of a number both import,
    // and deletes, all at once: nothing may deadlock or fail.
    const results = await Promise.all([
      req(u, 'POST', '/v1/numbers/import', { text: lines(1500, 2500) }),
      req(u, 'POST', '/v1/numbers/import', { text: lines(2500, 2500) }),
      req(u, 'POST', '/v1/numbers', { phoneNumber: '2090003000', apiLink: link(1) }),
      req(u, 'POST', '/v1/numbers/bulk-delete', { ids: firstIds.slice(0, 50) }),
      req(u, 'DELETE', `/v1/numbers/${firstIds[60]}`),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, expect.any(Number), 200, 204]);
    expect([201, 409]).toContain(results[2]!.statusCode);
    const { kept, actual } = await counts(u.user.id);
    expect(actual).toBe(5000 - 51);
    expect(kept).toBe(actual);
    expect(await total(u)).toBe(actual);
  }, 60_000);

  it('goes with its user', async () => {
    const u = await signIn(t);
    await create(u);
    await t.database.db.delete(users).where(eq(users.id, u.user.id));
    expect(await counts(u.user.id)).toEqual({ kept: null, actual: 0 });
  });
});

describe('export, clear and import round trip', () => {
  it('exports voip_numbers.json, clears everything (with messages) in one go, and imports it back', async () => {
    const u = await signIn(t, 'roundtrip@example.com');
    const tg = await tag(u, 'Telegram');
    const a = await create(u, { tagIds: [tg.id], notes: 'note a', isFavorite: true });
    await create(u, { isActive: false });
    await t.database.db.insert(messages).values({
      voipNumberId: a.id,
      sender: '12345',
      content: 'Your code is 123456',
      code: '123456',
      receivedAt: new Date(),
      dedupeKey: 'k1',
    });

    const exp = await req(u, 'GET', '/v1/numbers/export');
    expect(exp.statusCode).toBe(200);
    expect(exp.headers['content-disposition']).toBe('attachment; filename="voip_numbers.json"');
    const exported = exp.json();
    expect(exported).toHaveLength(2);

    const cleared = await req(u, 'POST', '/v1/numbers/clear');
    expect(cleared.json()).toEqual({ deleted: 2 });
    expect((await req(u, 'GET', '/v1/numbers')).json().total).toBe(0);
    expect(
      await t.database.db.select().from(messages).where(eq(messages.voipNumberId, a.id)),
    ).toHaveLength(0);
    expect((await req(alice, 'GET', '/v1/numbers')).json().total).toBeGreaterThan(0);

    const back = await req(u, 'POST', '/v1/numbers/import', { text: exp.body });
    expect(back.json()).toEqual({
      imported: 2,
      duplicates: 0,
      input: 'json',
      errors: [],
      unknownTags: [],
    });
    const byPhone = (a: { phoneNumber: string }, b: { phoneNumber: string }) =>
      a.phoneNumber.localeCompare(b.phoneNumber);
    expect((await req(u, 'GET', '/v1/numbers/export')).json().sort(byPhone)).toEqual(
      exported.sort(byPhone),
    );
    const again = await req(u, 'POST', '/v1/numbers/import', { text: exp.body });
    expect(again.json()).toMatchObject({ imported: 0, duplicates: 2 });
  });
});

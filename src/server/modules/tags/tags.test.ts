import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voipNumberTags, webhooks } from '../../db/schema.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { tagDeletedReason } from './tags.repository.ts';

let t: TestApp;
type Who = Awaited<ReturnType<typeof signIn>> | null;
let alice: NonNullable<Who>;
let bob: NonNullable<Who>;
beforeAll(async () => {
  t = await createTestApp();
  alice = await signIn(t, 'alice-tags@example.com');
  bob = await signIn(t, 'bob-tags@example.com');
  // The database refuses to delete a tag named 'Refused', as it would any statement failing in
  // the middle of a merge: its links were moved already, and must come back.
  await t.database.db.execute(sql`
    create function refuse_test_tag() returns trigger language plpgsql as $$
    begin
      if old.name = 'Refused' then raise exception 'test: tag delete refused'; end if;
      return old;
    end $$`);
  await t.database.db.execute(sql`
    create trigger refuse_test_tag before delete on tags
    for each row execute function refuse_test_tag()`);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const req = (who: Who, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload === undefined ? {} : { payload }),
  });
const tag = async (who: Who, name: string): Promise<{ id: string; name: string }> => {
  const res = await req(who, 'POST', '/v1/tags', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
let seq = 2000;
const number = async (who: Who, body: Record<string, unknown> = {}) => {
  const phone = `313555${String(++seq).padStart(4, '0')}`;
  const res = await req(who, 'POST', '/v1/numbers', {
    phoneNumber: phone,
    apiLink: `https://sms.example.com/api/${phone}`,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; tags: { id: string; name: string }[] };
};
const list = async (who: Who) =>
  (await req(who, 'GET', '/v1/tags')).json().items as {
    id: string;
    name: string;
    numberCount: number;
  }[];
const tagsOf = async (who: Who, id: string) =>
  ((await req(who, 'GET', `/v1/numbers/${id}`)).json().tags as { name: string }[]).map(
    (x) => x.name,
  );
const links = async (tagId: string) =>
  t.database.db.$count(voipNumberTags, eq(voipNumberTags.tagId, tagId));
const error = (res: { json: () => unknown }) => (res.json() as { error: { code: string } }).error;

describe('GET /v1/tags', () => {
  it("lists the user's tags by name, each with how many of their numbers carry it", async () => {
    const u = await signIn(t);
    const work = await tag(u, 'work');
    const alpha = await tag(u, 'Alpha');
    await tag(u, 'zero');
    await number(u, { tagIds: [work.id, alpha.id] });
    await number(u, { tagIds: [work.id] });
    // Another user's numbers with a tag of the same name count for them only.
    const bobsWork = await tag(bob, 'work');
    await number(bob, { tagIds: [bobsWork.id] });
    expect(await list(u)).toEqual([
      { id: alpha.id, name: 'Alpha', numberCount: 1 },
      { id: work.id, name: 'work', numberCount: 2 },
      { id: expect.any(String), name: 'zero', numberCount: 0 },
    ]);
  });
});

describe('PATCH /v1/tags/:id', () => {
  it('renames (trimmed), also to another case of the same name; cards show the new name', async () => {
    const tg = await tag(alice, 'telegram');
    const n = await number(alice, { tagIds: [tg.id] });
    const res = await req(alice, 'PATCH', `/v1/tags/${tg.id}`, { name: '  Telegram  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: tg.id, name: 'Telegram', numberCount: 1 });
    expect(await tagsOf(alice, n.id)).toEqual(['Telegram']);
    const again = await req(alice, 'PATCH', `/v1/tags/${tg.id}`, { name: 'Telegram Work' });
    expect(again.json()).toMatchObject({ name: 'Telegram Work' });
  });

  it("refuses the name of another of the user's tags in any case (409: merge instead)", async () => {
    const a = await tag(alice, 'Shopping');
    const b = await tag(alice, 'groceries');
    const res = await req(alice, 'PATCH', `/v1/tags/${b.id}`, { name: ' SHOPPING ' });
    expect(res.statusCode).toBe(409);
    expect(error(res)).toMatchObject({
      code: 'TAG_NAME_TAKEN',
      message:
        'You already have a tag named “Shopping”. To combine the two, merge this tag into it.',
      fields: { name: [expect.stringContaining('merge')] },
    });
    expect((await list(alice)).find((x) => x.id === b.id)?.name).toBe('groceries');
    expect((await list(alice)).find((x) => x.id === a.id)?.name).toBe('Shopping');
    // Another user's tag of that name is no conflict.
    const bobs = await tag(bob, 'Errands');
    expect((await req(bob, 'PATCH', `/v1/tags/${bobs.id}`, { name: 'Shopping' })).statusCode).toBe(
      200,
    );
  });

  it('validates the name as creation does', async () => {
    const x = await tag(alice, 'valid');
    for (const name of ['   ', 'x'.repeat(41), 42]) {
      const res = await req(alice, 'PATCH', `/v1/tags/${x.id}`, { name });
      expect(res.statusCode, String(name)).toBe(400);
      expect(error(res).code).toBe('VALIDATION_ERROR');
    }
    expect((await req(alice, 'PATCH', `/v1/tags/${x.id}`, {})).statusCode).toBe(400);
    const longest = await req(alice, 'PATCH', `/v1/tags/${x.id}`, { name: 'y'.repeat(40) });
    expect(longest.statusCode).toBe(200);
  });
});

describe('POST /v1/tags/:id/merge', () => {
  it('moves every link to the other tag without duplicates, deletes the tag, in one go', async () => {
    const from = await tag(alice, 'WA');
    const into = await tag(alice, 'WhatsApp');
    const other = await tag(alice, 'Other');
    const onlyFrom = await number(alice, { tagIds: [from.id, other.id] });
    const both = await number(alice, { tagIds: [from.id, into.id] });
    const onlyInto = await number(alice, { tagIds: [into.id] });
    const res = await req(alice, 'POST', `/v1/tags/${from.id}/merge`, { intoId: into.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: into.id, name: 'WhatsApp', numberCount: 3 });
    expect(await tagsOf(alice, onlyFrom.id)).toEqual(['Other', 'WhatsApp']);
    expect(await tagsOf(alice, both.id)).toEqual(['WhatsApp']);
    expect(await tagsOf(alice, onlyInto.id)).toEqual(['WhatsApp']);
    expect(await links(from.id)).toBe(0);
    expect(await links(into.id)).toBe(3);
    expect((await list(alice)).some((x) => x.id === from.id)).toBe(false);
    // The dashboard filter by the merged tag now finds its numbers.
    const filtered = (await req(alice, 'GET', `/v1/numbers?tag=${into.id}`)).json();
    expect(filtered.total).toBe(3);
  });

  it('keeps webhook and channel tag filters pointing at the tag merged into', async () => {
    const from = await tag(alice, 'Merge me');
    const into = await tag(alice, 'Keep me');
    const other = await tag(alice, 'Bystander');
    const rows = await t.database.db
      .insert(webhooks)
      .values(
        [
          { userId: alice.user.id, url: 'https://a.example/1', events: [], tagIds: [from.id] },
          {
            userId: alice.user.id,
            url: 'https://a.example/2',
            events: [],
            tagIds: [into.id, from.id, other.id],
          },
          {
            userId: alice.user.id,
            url: 'mailto:a@example.com',
            kind: 'email' as const,
            events: [],
          },
        ].map((w) => ({ ...w, secretEnc: '' })),
      )
      .returning({ id: webhooks.id });
    const res = await req(alice, 'POST', `/v1/tags/${from.id}/merge`, { intoId: into.id });
    expect(res.statusCode, res.body).toBe(200);
    const after = await t.database.db
      .select({ tagIds: webhooks.tagIds, enabled: webhooks.enabled })
      .from(webhooks)
      .where(
        inArray(
          webhooks.id,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(webhooks.url);
    expect(after).toEqual([
      { tagIds: [into.id], enabled: true },
      { tagIds: [into.id, other.id], enabled: true },
      { tagIds: [], enabled: true },
    ]);
    await t.database.db.delete(webhooks).where(
      inArray(
        webhooks.id,
        rows.map((r) => r.id),
      ),
    );
  });

  it('refuses merging a tag into itself (400)', async () => {
    const x = await tag(alice, 'Self');
    await number(alice, { tagIds: [x.id] });
    const res = await req(alice, 'POST', `/v1/tags/${x.id}/merge`, { intoId: x.id });
    expect(res.statusCode).toBe(400);
    expect(error(res)).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'A tag cannot be merged into itself.',
      fields: { intoId: ['Choose another tag to merge into.'] },
    });
    expect(await links(x.id)).toBe(1);
    for (const body of [{}, { intoId: 'nope' }]) {
      const bad = await req(alice, 'POST', `/v1/tags/${x.id}/merge`, body);
      expect(bad.statusCode).toBe(400);
      expect(error(bad).code).toBe('VALIDATION_ERROR');
    }
  });

  it('is atomic: a failure after the links moved leaves both tags as they were', async () => {
    const from = await tag(alice, 'Refused');
    const into = await tag(alice, 'Target');
    const a = await number(alice, { tagIds: [from.id] });
    const b = await number(alice, { tagIds: [from.id, into.id] });
    // The 500 (and its error log) is what a database refusal looks like.
    t.allowErrorLogs(/tag delete refused/);
    const res = await req(alice, 'POST', `/v1/tags/${from.id}/merge`, { intoId: into.id });
    expect(res.statusCode).toBe(500);
    expect(await tagsOf(alice, a.id)).toEqual(['Refused']);
    expect(await tagsOf(alice, b.id)).toEqual(['Refused', 'Target']);
    expect(await links(into.id)).toBe(1);
    expect(await links(from.id)).toBe(2);
  });
});

describe('DELETE /v1/tags/:id', () => {
  it('deletes the tag and its links (204); the numbers stay', async () => {
    const x = await tag(alice, 'Doomed');
    const keep = await tag(alice, 'Kept');
    const n = await number(alice, { tagIds: [x.id, keep.id] });
    const res = await req(alice, 'DELETE', `/v1/tags/${x.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await tagsOf(alice, n.id)).toEqual(['Kept']);
    expect(await links(x.id)).toBe(0);
    expect((await list(alice)).some((t) => t.id === x.id)).toBe(false);
    expect((await req(alice, 'DELETE', `/v1/tags/${x.id}`)).statusCode).toBe(404);
  });

  it('takes the tag out of endpoint filters; one filtered by it alone is turned off, saying why', async () => {
    const x = await tag(alice, 'Filtered');
    const y = await tag(alice, 'Still here');
    const rows = await t.database.db
      .insert(webhooks)
      .values(
        [
          { url: 'https://d.example/1', tagIds: [x.id] },
          { url: 'https://d.example/2', tagIds: [x.id, y.id] },
          { url: 'https://d.example/3', tagIds: [x.id], enabled: false },
          { url: 'https://d.example/4', tagIds: [y.id] },
        ].map((w) => ({ ...w, userId: alice.user.id, events: [], secretEnc: '' })),
      )
      .returning({ id: webhooks.id });
    expect((await req(alice, 'DELETE', `/v1/tags/${x.id}`)).statusCode).toBe(204);
    const after = await t.database.db
      .select({
        tagIds: webhooks.tagIds,
        enabled: webhooks.enabled,
        disabledReason: webhooks.disabledReason,
      })
      .from(webhooks)
      .where(
        inArray(
          webhooks.id,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(webhooks.url);
    expect(after).toEqual([
      { tagIds: [], enabled: false, disabledReason: tagDeletedReason('Filtered') },
      { tagIds: [y.id], enabled: true, disabledReason: null },
      // Turned off by its owner already: no reason of ours is put on it.
      { tagIds: [], enabled: false, disabledReason: null },
      { tagIds: [y.id], enabled: true, disabledReason: null },
    ]);
    await t.database.db.delete(webhooks).where(
      inArray(
        webhooks.id,
        rows.map((r) => r.id),
      ),
    );
  });
});

describe("another user's tags, missing and malformed ids, signed out", () => {
  it("answers 404 TAG_NOT_FOUND for another user's tag, as for a missing one, and changes nothing", async () => {
    const bobs = await tag(bob, 'Private');
    await number(bob, { tagIds: [bobs.id] });
    const mine = await tag(alice, 'Mine');
    for (const id of [bobs.id, randomUUID()]) {
      const calls = [
        req(alice, 'PATCH', `/v1/tags/${id}`, { name: 'Stolen' }),
        req(alice, 'DELETE', `/v1/tags/${id}`),
        req(alice, 'POST', `/v1/tags/${id}/merge`, { intoId: mine.id }),
        req(alice, 'POST', `/v1/tags/${mine.id}/merge`, { intoId: id }),
        req(alice, 'POST', `/v1/tags/${id}/merge`, { intoId: id }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode, res.body).toBe(404);
        expect(error(res).code).toBe('TAG_NOT_FOUND');
      }
    }
    expect(await list(bob)).toContainEqual({ id: bobs.id, name: 'Private', numberCount: 1 });
    expect(await list(alice)).toContainEqual({ id: mine.id, name: 'Mine', numberCount: 0 });
  });

  it('answers a malformed id as a route that does not exist (404 NOT_FOUND)', async () => {
    const mine = await tag(alice, 'Shaped');
    const calls = [
      req(alice, 'PATCH', '/v1/tags/not-a-uuid', { name: 'x' }),
      req(alice, 'DELETE', '/v1/tags/not-a-uuid'),
      req(alice, 'POST', '/v1/tags/not-a-uuid/merge', { intoId: mine.id }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(error(res).code).toBe('NOT_FOUND');
    }
  });

  it('needs a session (401) for every tags route', async () => {
    const id = randomUUID();
    const calls: [Method, string, object?][] = [
      ['GET', '/v1/tags'],
      ['POST', '/v1/tags', { name: 'x' }],
      ['PATCH', `/v1/tags/${id}`, { name: 'x' }],
      ['POST', `/v1/tags/${id}/merge`, { intoId: randomUUID() }],
      ['DELETE', `/v1/tags/${id}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await req(null, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(error(res).code).toBe('UNAUTHORIZED');
    }
  });
});

describe('new tags named with a number write (tagNames)', () => {
  it('refuses a bad name with 400 and stores neither the number nor a tag', async () => {
    const u = await signIn(t);
    for (const tagNames of [['   '], ['x'.repeat(41)], [42], 'Work', null]) {
      const res = await req(u, 'POST', '/v1/numbers', {
        phoneNumber: '3135550001',
        apiLink: 'https://sms.example.com/api/x',
        tagNames,
      });
      expect(res.statusCode, JSON.stringify(tagNames)).toBe(400);
      expect(error(res).code).toBe('VALIDATION_ERROR');
    }
    const n = await number(u);
    const edit = await req(u, 'PATCH', `/v1/numbers/${n.id}`, { tagNames: ['ok', '   '] });
    expect(edit.statusCode).toBe(400);
    expect(await list(u)).toEqual([]);
    const numbers = await req(u, 'GET', '/v1/numbers');
    expect((numbers.json() as { items: { id: string }[] }).items.map((i) => i.id)).toEqual([n.id]);
  });

  it('creates them with the number, finds existing ones in any case, and counts both against 5', async () => {
    const u = await signIn(t);
    const old = await tag(u, 'Existing');
    const n = await number(u, { tagIds: [old.id], tagNames: [' Fresh ', 'existing', 'fresh'] });
    expect(n.tags.map((x) => x.name)).toEqual(['Existing', 'Fresh']);
    expect((await list(u)).map((x) => x.name)).toEqual(['Existing', 'Fresh']);

    const tooMany = await req(u, 'POST', '/v1/numbers', {
      phoneNumber: '3135559999',
      apiLink: 'https://sms.example.com/api/x',
      tagIds: [old.id],
      tagNames: ['a', 'b', 'c', 'd', 'e'],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(error(tooMany)).toMatchObject({ fields: { tagIds: ['Maximum 5 tags allowed'] } });

    // An edit: either field replaces the tag set by both together.
    const edited = await req(u, 'PATCH', `/v1/numbers/${n.id}`, { tagNames: ['Later'] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await tagsOf(u, n.id)).toEqual(['Later']);
    await req(u, 'PATCH', `/v1/numbers/${n.id}`, { tagIds: [old.id], tagNames: ['Later', 'New'] });
    expect(await tagsOf(u, n.id)).toEqual(['Existing', 'Later', 'New']);
  });

  it('leaves no new tag behind when the write fails', async () => {
    const u = await signIn(t);
    const n = await number(u);
    const phone = (await req(u, 'GET', `/v1/numbers/${n.id}`)).json().phoneNumber as string;
    // A duplicate number: 409, and 'Orphan' is not created.
    const dup = await req(u, 'POST', '/v1/numbers', {
      phoneNumber: phone,
      apiLink: 'https://sms.example.com/api/dup',
      tagNames: ['Orphan'],
    });
    expect(dup.statusCode).toBe(409);
    // An edit of a number that is not theirs: 404, and nothing created either.
    const foreign = await number(bob);
    const edit = await req(u, 'PATCH', `/v1/numbers/${foreign.id}`, { tagNames: ['Orphan'] });
    expect(edit.statusCode).toBe(404);
    // An import whose numbers are all held already.
    const imp = await req(u, 'POST', '/v1/numbers/import', {
      text: `${phone}----https://sms.example.com/api/again`,
      tagNames: ['Orphan'],
    });
    expect(imp.json()).toMatchObject({ imported: 0, duplicates: 1 });
    expect(await list(u)).toEqual([]);
    expect(await tagsOf(bob, foreign.id)).toEqual([]);
  });

  it('applies import override tags by name to every imported line', async () => {
    const u = await signIn(t);
    const vip = await tag(u, 'VIP');
    const res = await req(u, 'POST', '/v1/numbers/import', {
      text: '3135551111----https://sms.example.com/api/1\n3135551112----https://sms.example.com/api/2',
      tagIds: [vip.id],
      tagNames: ['Batch'],
    });
    expect(res.json()).toMatchObject({ imported: 2 });
    expect(await list(u)).toEqual([
      { id: expect.any(String), name: 'Batch', numberCount: 2 },
      { id: vip.id, name: 'VIP', numberCount: 2 },
    ]);
  });

  it('refuses a tag deleted since the save was checked as a missing tag (404), not a 500', async () => {
    const u = await signIn(t);
    const gone = await tag(u, 'Gone');
    const n = await number(u);
    // The tag is checked as the user's, then deleted before the links are written.
    await t.database.db.execute(sql`
      create or replace function drop_gone_tag() returns trigger language plpgsql as $$
      begin delete from tags where id = ${sql.raw(`'${gone.id}'`)}; return new; end $$`);
    await t.database.db.execute(sql`
      create trigger drop_gone_tag before update on voip_numbers
      for each row execute function drop_gone_tag()`);
    try {
      const res = await req(u, 'PATCH', `/v1/numbers/${n.id}`, { notes: 'x', tagIds: [gone.id] });
      expect(res.statusCode, res.body).toBe(404);
      expect(error(res).code).toBe('TAG_NOT_FOUND');
    } finally {
      await t.database.db.execute(sql`drop trigger drop_gone_tag on voip_numbers`);
    }
    expect(await list(u)).toEqual([{ id: gone.id, name: 'Gone', numberCount: 0 }]);
    expect(await tagsOf(u, n.id)).toEqual([]);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BLOG_LIMITS, type AdminPostDto } from '../../../shared/blog.ts';
import { adminAuditLog, analyticsEvents, blogPosts, siteSettings } from '../../db/schema.ts';
import { only, signInAdmin } from '../../test/admin.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

/** Blog Management's API (/v1/admin/posts): CRUD, filters, paging, bad input, audit and events. */

let t: TestApp;
let cookie: string;
let adminEmail: string;
let adminUserId: string;

beforeAll(async () => {
  t = await createTestApp();
  const a = await signInAdmin(t, { role: 'editor', permissions: only('blog') });
  cookie = a.cookie;
  adminEmail = a.email;
  adminUserId = a.userId;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.app.analytics.flush();
  await t.database.db.delete(blogPosts);
  await t.database.db.delete(analyticsEvents);
  await t.database.db.delete(siteSettings);
  t.app.settings.invalidate();
});

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let n = 0;
const postBody = (over: Record<string, unknown> = {}) => {
  n++;
  return {
    title: `Post ${n}`,
    slug: `post-${n}-${Math.random().toString(36).slice(2, 7)}`,
    excerpt: `Excerpt ${n}`,
    content: `Content **${n}**`,
    ...over,
  };
};
async function create(over: Record<string, unknown> = {}): Promise<AdminPostDto> {
  const res = await api('POST', '/v1/admin/posts', postBody(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function events() {
  await t.app.analytics.flush();
  return t.database.db
    .select()
    .from(analyticsEvents)
    .orderBy(analyticsEvents.createdAt, analyticsEvents.eventType);
}
const auditOf = (target: string) =>
  t.database.db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.target, target))
    .orderBy(adminAuditLog.createdAt);
const stored = async (id: string) =>
  (await t.database.db.select().from(blogPosts).where(eq(blogPosts.id, id)))[0];

describe('create, read, update, delete', () => {
  it('creates with the default fields, renders the Markdown, audits and records the event', async () => {
    const body = postBody({ content: '# Hello\nline\n\n<script>alert(1)</script>' });
    const res = await api('POST', '/v1/admin/posts', body);
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json<AdminPostDto>();
    expect(post).toMatchObject({
      title: body.title,
      slug: body.slug,
      excerpt: body.excerpt,
      content: body.content,
      author: 'VOIP Manager Team',
      category: 'General',
      readTime: '5 min read',
      published: true,
      featured: false,
      metaDescription: null,
      metaKeywords: null,
      viewCount: 0,
      likeCount: 0,
      createdAt: t.clock.now().toISOString(),
      updatedAt: t.clock.now().toISOString(),
    });
    const row = await stored(post.id);
    expect(row!.contentHtml).toBe('<h2>Hello</h2>\n<p>line</p>');

    const got = await api('GET', `/v1/admin/posts/${post.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(post);

    const audit = await auditOf(post.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'blog_post_created',
      actor: adminEmail,
      actorId: adminUserId,
      details: { title: body.title, slug: body.slug },
    });
    const ev = await events();
    expect(ev).toHaveLength(1);
    expect(ev[0]).toMatchObject({
      eventType: 'blog_post_created',
      eventData: { postId: post.id, title: body.title },
      userId: adminUserId,
      pageUrl: '/admin/blog',
    });
  });

  it('stores every field sent, and blank meta fields as null', async () => {
    const post = await create({
      author: 'Ann',
      category: 'Security',
      readTime: '3 min read',
      published: false,
      featured: true,
      metaDescription: 'Meta d',
      metaKeywords: 'a, b',
    });
    expect(post).toMatchObject({
      author: 'Ann',
      category: 'Security',
      readTime: '3 min read',
      published: false,
      featured: true,
      metaDescription: 'Meta d',
      metaKeywords: 'a, b',
    });
    const blank = await create({ metaDescription: '  ', metaKeywords: '' });
    expect(blank.metaDescription).toBeNull();
    expect(blank.metaKeywords).toBeNull();
  });

  it('updates the fields sent, re-renders content, sets updated_at, audits, records blog_post_updated', async () => {
    const post = await create();
    t.clock.advance(60_000);
    const res = await api('PATCH', `/v1/admin/posts/${post.id}`, {
      title: 'New title',
      content: 'New *content*',
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<AdminPostDto>();
    expect(updated).toMatchObject({
      title: 'New title',
      content: 'New *content*',
      slug: post.slug,
      excerpt: post.excerpt,
      createdAt: post.createdAt,
      updatedAt: t.clock.now().toISOString(),
    });
    expect((await stored(post.id))!.contentHtml).toBe('<p>New <em>content</em></p>');
    const audit = await auditOf(post.id);
    expect(audit.map((a) => a.action)).toEqual(['blog_post_created', 'blog_post_updated']);
    expect(audit[1]!.details).toEqual({ title: 'New title', fields: ['title', 'content'] });
    const ev = await events();
    expect(ev.map((e) => e.eventType)).toEqual(['blog_post_created', 'blog_post_updated']);
    expect(ev[1]!.eventData).toEqual({ postId: post.id, title: 'New title' });
  });

  it('a PATCH of only published or featured records only the status or featured event', async () => {
    const post = await create();
    t.clock.advance(1000);
    const unpublished = await api('PATCH', `/v1/admin/posts/${post.id}`, { published: false });
    expect(unpublished.statusCode).toBe(200);
    expect(unpublished.json()).toMatchObject({ published: false, featured: false });
    t.clock.advance(1000);
    const featured = await api('PATCH', `/v1/admin/posts/${post.id}`, { featured: true });
    expect(featured.json()).toMatchObject({ published: false, featured: true });
    // No change: nothing to record.
    await api('PATCH', `/v1/admin/posts/${post.id}`, { featured: true });
    const ev = await events();
    expect(ev.map((e) => [e.eventType, e.eventData])).toEqual([
      ['blog_post_created', { postId: post.id, title: post.title }],
      ['blog_post_status_changed', { postId: post.id, title: post.title, published: false }],
      ['blog_post_featured_changed', { postId: post.id, title: post.title, featured: true }],
    ]);
  });

  it('a full edit that also flips published records both events', async () => {
    const post = await create();
    await api('PATCH', `/v1/admin/posts/${post.id}`, {
      title: 'T2',
      published: false,
      featured: false,
    });
    const ev = await events();
    expect(ev.map((e) => e.eventType).sort()).toEqual([
      'blog_post_created',
      'blog_post_status_changed',
      'blog_post_updated',
    ]);
  });

  it('deletes, audits and records blog_post_deleted; the post is gone', async () => {
    const post = await create();
    const res = await api('DELETE', `/v1/admin/posts/${post.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await stored(post.id)).toBeUndefined();
    expect((await api('GET', `/v1/admin/posts/${post.id}`)).statusCode).toBe(404);
    expect((await auditOf(post.id)).map((a) => a.action)).toEqual([
      'blog_post_created',
      'blog_post_deleted',
    ]);
    const ev = await events();
    expect(ev.at(-1)).toMatchObject({
      eventType: 'blog_post_deleted',
      eventData: { postId: post.id, title: post.title },
    });
  });

  it('records nothing while analytics are off (the writes still work)', async () => {
    await t.database.db.insert(siteSettings).values({ key: 'analytics_enabled', value: false });
    t.app.settings.invalidate();
    const post = await create();
    await api('PATCH', `/v1/admin/posts/${post.id}`, { published: false });
    await api('DELETE', `/v1/admin/posts/${post.id}`);
    expect(await events()).toEqual([]);
    expect(await auditOf(post.id)).toHaveLength(3);
  });

  it('a failure to record an event is logged and never fails the write', async () => {
    const record = t.app.analytics.record;
    t.app.analytics.record = () => Promise.reject(new Error('recorder down'));
    try {
      const res = await api('POST', '/v1/admin/posts', postBody());
      expect(res.statusCode, res.body).toBe(201);
      expect(await stored(res.json<AdminPostDto>().id)).toBeDefined();
      expect(t.logs()).toContain('analytics: recording an event failed');
    } finally {
      t.app.analytics.record = record;
    }
  });

  it('previews Markdown exactly as saving renders it', async () => {
    const content = '# T\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>\nnext';
    const res = await api('POST', '/v1/admin/posts/preview', { content });
    expect(res.statusCode).toBe(200);
    const post = await create({ content });
    expect(res.json()).toEqual({ html: (await stored(post.id))!.contentHtml });
    expect(res.json<{ html: string }>().html).toBe(
      '<h2>T</h2>\n<p><a>x</a> <img src="x" /><br />\nnext</p>',
    );
  });

  it('takes Markdown that defeats other renderers: deep nesting capped, unmatched emphasis in linear time', async () => {
    // 20,000 nested quotes: the renderer stops nesting at 100 levels (the rest is text).
    const deep = await api('POST', '/v1/admin/posts', postBody({ content: '>'.repeat(20_000) }));
    expect(deep.statusCode, deep.body).toBe(201);
    const html = (await stored(deep.json<AdminPostDto>().id))!.contentHtml;
    expect(html.match(/<blockquote>/g)?.length).toBe(100);
    // 200 KB of unmatched emphasis delimiters (quadratic in marked: minutes for this size).
    const content = '*a _b **c ~~d '.repeat(15_000).slice(0, 200_000);
    const preview = await api('POST', '/v1/admin/posts/preview', { content });
    expect(preview.statusCode).toBe(200);
    const created = await api('POST', '/v1/admin/posts', postBody({ content }));
    expect(created.statusCode, created.body).toBe(201);
    expect(preview.json()).toEqual({
      html: (await stored(created.json<AdminPostDto>().id))!.contentHtml,
    });
  });
});

describe('not found', () => {
  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['not a uuid', 'not-a-uuid'],
  ])('%s → 404 POST_NOT_FOUND for GET, PATCH and DELETE', async (_name, id) => {
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { title: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await api(method, `/v1/admin/posts/${id}`, payload);
      expect(res.statusCode, `${method} ${res.body}`).toBe(404);
      expect(res.json().error.code).toBe('POST_NOT_FOUND');
    }
  });
});

describe('slugs', () => {
  it('a duplicate slug on create or update → 409 SLUG_TAKEN with a field error; nothing changes', async () => {
    const a = await create();
    const b = await create();
    const dup = await api('POST', '/v1/admin/posts', postBody({ slug: a.slug }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      error: {
        code: 'SLUG_TAKEN',
        message: 'A post with this slug already exists',
        fields: { slug: ['A post with this slug already exists'] },
      },
    });
    const upd = await api('PATCH', `/v1/admin/posts/${b.id}`, { slug: a.slug, title: 'Changed' });
    expect(upd.statusCode).toBe(409);
    expect(upd.json().error.code).toBe('SLUG_TAKEN');
    expect((await stored(b.id))!.title).toBe(b.title);
    expect((await auditOf(b.id)).map((x) => x.action)).toEqual(['blog_post_created']);
    // Keeping its own slug is fine.
    expect((await api('PATCH', `/v1/admin/posts/${b.id}`, { slug: b.slug })).statusCode).toBe(200);
  });

  it('concurrent creates with one slug: exactly one wins, the others get 409', async () => {
    const slug = `race-${Math.random().toString(36).slice(2, 8)}`;
    const results = await Promise.all(
      Array.from({ length: 6 }, () => api('POST', '/v1/admin/posts', postBody({ slug }))),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
    const rows = await t.database.db.select().from(blogPosts).where(eq(blogPosts.slug, slug));
    expect(rows).toHaveLength(1);
    const audits = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(
        and(eq(adminAuditLog.action, 'blog_post_created'), eq(adminAuditLog.target, rows[0]!.id)),
      );
    expect(audits).toHaveLength(1);
  });

  it.each(['Has Space', 'UPPER', 'trailing-', '-leading', 'double--hyphen', 'ünï', 'a/b', ''])(
    'a bad slug %j → 400 with fields.slug',
    async (slug) => {
      const res = await api('POST', '/v1/admin/posts', postBody({ slug }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(res.json().error.fields.slug).toBeDefined();
    },
  );
});

describe('bad input', () => {
  it.each([
    ['empty title', { title: '' }, 'title'],
    ['blank title', { title: '   ' }, 'title'],
    ['empty excerpt', { excerpt: '' }, 'excerpt'],
    ['blank content', { content: ' \n ' }, 'content'],
    ['unknown category', { category: 'Gossip' }, 'category'],
    ['title too long', { title: 'x'.repeat(BLOG_LIMITS.title + 1) }, 'title'],
    ['featured not a boolean', { featured: 'yes' }, 'featured'],
  ])('%s → 400 VALIDATION_ERROR on that field', async (_name, over, field) => {
    const res = await api('POST', '/v1/admin/posts', postBody(over));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(res.json().error.fields)).toContain(field);
  });

  it('a missing title → 400, "Title is required"', async () => {
    const { title: _t, ...body } = postBody();
    const res = await api('POST', '/v1/admin/posts', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.title).toEqual(['Title is required']);
  });

  it('unknown fields and an empty PATCH → 400', async () => {
    expect((await api('POST', '/v1/admin/posts', postBody({ viewCount: 5 }))).statusCode).toBe(400);
    const post = await create();
    expect((await api('PATCH', `/v1/admin/posts/${post.id}`, {})).statusCode).toBe(400);
    expect((await api('PATCH', `/v1/admin/posts/${post.id}`, { title: '' })).statusCode).toBe(400);
    expect((await stored(post.id))!.title).toBe(post.title);
  });

  it('a 200 KB post is saved and rendered; one over the limit → 400', async () => {
    const para = 'A paragraph with **bold** text and a [link](https://example.com/page).\n\n';
    const content = para.repeat(Math.ceil(200_000 / para.length));
    expect(content.length).toBeGreaterThanOrEqual(200_000);
    const post = await create({ content });
    expect(post.content).toBe(content);
    const row = await stored(post.id);
    expect(row!.contentHtml.match(/<strong>bold<\/strong>/g)).toHaveLength(
      Math.ceil(200_000 / para.length),
    );

    const over = await api(
      'POST',
      '/v1/admin/posts',
      postBody({ content: 'x'.repeat(BLOG_LIMITS.content + 1) }),
    );
    expect(over.statusCode).toBe(400);
    expect(over.json().error.fields.content).toEqual([
      `Content must be at most ${BLOG_LIMITS.content} characters`,
    ]);
    const preview = await api('POST', '/v1/admin/posts/preview', {
      content: 'x'.repeat(BLOG_LIMITS.content + 1),
    });
    expect(preview.statusCode).toBe(400);
  });

  it('script tags and javascript: links in content are stored inert', async () => {
    const post = await create({
      content:
        '<script>alert(1)</script>\n\n[click](javascript:alert(2)) [c2](JaVaScRiPt:alert(3))\n<img src=x onerror="alert(4)">',
    });
    const html = (await stored(post.id))!.contentHtml;
    expect(html).not.toMatch(/<script|javascript:|onerror|alert/i);
    expect(html).toBe('<p><a>click</a> <a>c2</a><br />\n<img src="x" /></p>');
  });

  it('bad list filters → 400; a bad cursor → 400 INVALID_CURSOR', async () => {
    expect((await api('GET', '/v1/admin/posts?status=archived')).statusCode).toBe(400);
    expect((await api('GET', '/v1/admin/posts?category=Gossip')).statusCode).toBe(400);
    expect((await api('GET', '/v1/admin/posts?limit=0')).statusCode).toBe(400);
    const cur = await api('GET', '/v1/admin/posts?cursor=nonsense');
    expect(cur.statusCode).toBe(400);
    expect(cur.json().error.code).toBe('INVALID_CURSOR');
  });
});

describe('list: filters and paging', () => {
  it('filters by text (title, excerpt, author; LIKE characters literal), category and status', async () => {
    const a = await create({ title: 'VoIP security basics', category: 'Security' });
    t.clock.advance(1000);
    const b = await create({ excerpt: 'All about SECURITY tokens', published: false });
    t.clock.advance(1000);
    const c = await create({ author: 'Security Team', featured: true, category: 'Technical' });
    t.clock.advance(1000);
    const d = await create({ title: '100% uptime_guide', category: 'Security' });
    const ids = async (qs: string) => {
      const res = await api('GET', `/v1/admin/posts?${qs}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ items: { id: string }[]; total: number }>();
      expect(body.total).toBe(body.items.length);
      return body.items.map((p) => p.id);
    };
    expect(await ids('')).toEqual([d.id, c.id, b.id, a.id]);
    expect(await ids('q=security')).toEqual([c.id, b.id, a.id]);
    expect(await ids('q=%25')).toEqual([d.id]);
    expect(await ids('q=_')).toEqual([d.id]);
    expect(await ids('q=nothing-matches')).toEqual([]);
    expect(await ids('category=Security')).toEqual([d.id, a.id]);
    expect(await ids('category=all')).toHaveLength(4);
    expect(await ids('status=published')).toEqual([d.id, c.id, a.id]);
    expect(await ids('status=drafts')).toEqual([b.id]);
    expect(await ids('status=featured')).toEqual([c.id]);
    expect(await ids('q=security&category=Security&status=published')).toEqual([a.id]);
  });

  it('pages newest first with a cursor; total counts every match; no content in the list', async () => {
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      made.push((await create({ category: i % 2 ? 'Business' : 'General' })).id);
      if (i !== 3) t.clock.advance(1000); // two posts share a created_at: the id breaks the tie
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await api(
        'GET',
        `/v1/admin/posts?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{
        items: Record<string, unknown>[];
        total: number;
        nextCursor: string | null;
      }>();
      expect(body.total).toBe(7);
      for (const item of body.items) {
        expect(item).not.toHaveProperty('content');
        seen.push(item.id as string);
      }
      cursor = body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(7);
    // Newest first; the two made at the same time (3 and 4) in descending id order.
    const tie = [made[3]!, made[4]!].sort().reverse();
    expect(seen).toEqual([made[6], made[5], ...tie, made[2], made[1], made[0]]);
  });
});

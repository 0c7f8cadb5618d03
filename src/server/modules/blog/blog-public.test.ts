import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PublicPostDto } from '../../../shared/blog.ts';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';
import { analyticsEvents, blogPosts, blogPostViews, siteSettings } from '../../db/schema.ts';
import { signInAdmin } from '../../test/admin.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { blogRepository } from './blog.repository.ts';
import { blogService } from './blog.service.ts';
import { createMarkdownRenderer } from './markdown-renderer.ts';
import { renderMarkdown } from './markdown.ts';

/**
 * The public blog: /v1/blog (published only, 404 while blog_enabled is off), views once per
 * visitor per day, the /blog pages' server-rendered head, /sitemap.xml and /rss.xml.
 */

const PUBLIC_URL = 'https://voip.example';
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="${DEFAULT_SETTINGS.site_description}"
    />
    <title>VOIP Manager</title>
    <script type="module" crossorigin src="/assets/app.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let t: TestApp;
let clientDir: string;
let admin: { cookie: string };

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voip-blog-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(clientDir, 'assets/app.js'), 'console.log(1)\n');
  t = await createTestApp({ clientDir, env: { PUBLIC_URL } });
  admin = await signInAdmin(t, { role: 'super_admin' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.app.analytics.flush();
  await t.database.db.delete(blogPosts);
  await t.database.db.delete(analyticsEvents);
  await t.database.db.delete(siteSettings);
  t.app.settings.invalidate();
});

async function setSetting(key: string, value: string | number | boolean) {
  await t.database.db
    .insert(siteSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value } });
  t.app.settings.invalidate();
}

let n = 0;
type Made = { id: string; slug: string; title: string };
/** A post written straight to the table (created `ageMs` before the clock's now). */
async function put(over: Partial<typeof blogPosts.$inferInsert> = {}, ageMs = 0): Promise<Made> {
  n++;
  const at = new Date(t.clock.now().getTime() - ageMs);
  const content = over.content ?? `Body of post ${n}\nsecond line`;
  const [row] = await t.database.db
    .insert(blogPosts)
    .values({
      title: `Post ${n}`,
      slug: `post-${n}`,
      excerpt: `Excerpt ${n}`,
      content,
      contentHtml: renderMarkdown(content),
      createdAt: at,
      updatedAt: at,
      ...over,
    })
    .returning({ id: blogPosts.id, slug: blogPosts.slug, title: blogPosts.title });
  return row!;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const view = (slug: string, opts: { ua?: string; ip?: string; sessionId?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/blog/posts/${slug}/views`,
    remoteAddress: opts.ip ?? '203.0.113.7',
    headers: { 'user-agent': opts.ua ?? 'Reader/1.0' },
    payload: opts.sessionId ? { sessionId: opts.sessionId } : {},
  });

describe('public API', () => {
  it('lists published posts only, newest first, with category and featured filters and paging', async () => {
    const a = await put({ category: 'Security' }, 5000);
    const b = await put({ category: 'Security', featured: true }, 4000);
    await put({ category: 'Security', published: false }, 3000);
    const d = await put({ category: 'Business' }, 2000);
    const e = await put({ featured: true }, 1000);
    const slugs = async (qs: string) => {
      const res = await get(`/v1/blog/posts${qs}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: { slug: string }[] }>().items.map((p) => p.slug);
    };
    expect(await slugs('')).toEqual([e.slug, d.slug, b.slug, a.slug]);
    expect(await slugs('?category=Security')).toEqual([b.slug, a.slug]);
    expect(await slugs('?featured=true')).toEqual([e.slug, b.slug]);
    expect(await slugs('?featured=false')).toEqual([d.slug, a.slug]);

    const first = (await get('/v1/blog/posts?limit=3')).json<{
      items: Record<string, unknown>[];
      nextCursor: string;
    }>();
    expect(first.items.map((p) => p.slug)).toEqual([e.slug, d.slug, b.slug]);
    expect(Object.keys(first.items[0]!).sort()).toEqual(
      [
        'author',
        'category',
        'createdAt',
        'excerpt',
        'featured',
        'readTime',
        'slug',
        'title',
      ].sort(),
    );
    const second = (
      await get(`/v1/blog/posts?limit=3&cursor=${encodeURIComponent(first.nextCursor)}`)
    ).json<{ items: { slug: string }[]; nextCursor: string | null }>();
    expect(second).toEqual({
      items: [expect.objectContaining({ slug: a.slug })],
      nextCursor: null,
    });

    expect((await get('/v1/blog/posts?category=General2')).statusCode).toBe(400);
    expect((await get('/v1/blog/posts?limit=500')).statusCode).toBe(400);
  });

  it('a post by slug: its HTML and up to 2 related published posts of its category, newest first', async () => {
    const old = await put({ category: 'Technical' }, 9000);
    const r1 = await put({ category: 'Technical' }, 8000);
    await put({ category: 'Technical', published: false }, 7000);
    const r2 = await put({ category: 'Technical' }, 6000);
    await put({ category: 'Business' }, 5000);
    const post = await put(
      { category: 'Technical', metaDescription: 'MD', metaKeywords: 'k1, k2' },
      1000,
    );
    const res = await get(`/v1/blog/posts/${post.slug}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<PublicPostDto>();
    expect(body).toMatchObject({
      slug: post.slug,
      title: post.title,
      category: 'Technical',
      contentHtml: `<p>Body of post ${n}<br />\nsecond line</p>`,
      metaDescription: 'MD',
      metaKeywords: 'k1, k2',
      viewCount: 0,
    });
    expect(body).not.toHaveProperty('content');
    expect(body.related.map((r) => r.slug)).toEqual([r2.slug, r1.slug]);
    expect(body.related[0]).toEqual({
      slug: r2.slug,
      title: r2.title,
      excerpt: expect.any(String),
      author: 'VOIP Manager Team',
      category: 'Technical',
      featured: false,
      readTime: '5 min read',
      createdAt: new Date(t.clock.now().getTime() - 6000).toISOString(),
    });
    // The oldest one's only related posts are the two newest others.
    const o = (await get(`/v1/blog/posts/${old.slug}`)).json<PublicPostDto>();
    expect(o.related.map((r) => r.slug)).toEqual([post.slug, r2.slug]);
  });

  it('a draft, an unknown or a malformed slug → 404 POST_NOT_FOUND', async () => {
    const draft = await put({ published: false });
    for (const slug of [draft.slug, 'no-such-post', 'Bad%20Slug', 'x'.repeat(99)]) {
      const res = await get(`/v1/blog/posts/${slug}`);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json().error.code).toBe('POST_NOT_FOUND');
    }
    // Past the router's parameter length: Fastify's own 404.
    expect((await get(`/v1/blog/posts/${'x'.repeat(150)}`)).statusCode).toBe(404);
    expect((await view(draft.slug)).statusCode).toBe(404);
  });

  it('blog_enabled off → every public blog route answers 404 NOT_FOUND', async () => {
    const post = await put();
    await setSetting('blog_enabled', false);
    for (const res of [
      await get('/v1/blog/posts'),
      await get(`/v1/blog/posts/${post.slug}`),
      await view(post.slug),
      await get('/v1/blog/posts?limit=999'), // before validation: nothing to learn
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('BLOG_DISABLED');
    }
    expect(
      (await t.database.db.select().from(blogPosts).where(eq(blogPosts.id, post.id)))[0]!.viewCount,
    ).toBe(0);
    // The admin API keeps working.
    const adminList = await get('/v1/admin/posts', { cookie: admin.cookie });
    expect(adminList.statusCode).toBe(200);
  });
});

describe('views', () => {
  const viewCount = async (id: string) =>
    (await t.database.db.select().from(blogPosts).where(eq(blogPosts.id, id)))[0]!.viewCount;

  it('count once per visitor (address + user agent) per UTC day; records blog_post_viewed', async () => {
    t.clock.set(new Date('2026-03-10T23:59:00Z'));
    const post = await put();
    const first = await view(post.slug, { sessionId: 'session-abc-123' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ counted: true });
    expect((await view(post.slug)).json()).toEqual({ counted: false });
    // Another browser at the same address is another visitor; another address too.
    expect((await view(post.slug, { ua: 'Other/2.0' })).json()).toEqual({ counted: true });
    expect((await view(post.slug, { ip: '203.0.113.8' })).json()).toEqual({ counted: true });
    expect(await viewCount(post.id)).toBe(3);

    // The next UTC day counts again.
    t.clock.advance(2 * 60_000);
    expect((await view(post.slug)).json()).toEqual({ counted: true });
    expect((await view(post.slug)).json()).toEqual({ counted: false });
    expect(await viewCount(post.id)).toBe(4);

    const rows = await t.database.db
      .select()
      .from(blogPostViews)
      .where(eq(blogPostViews.postId, post.id));
    expect(rows.map((r) => r.day).sort()).toEqual([
      '2026-03-10',
      '2026-03-10',
      '2026-03-10',
      '2026-03-11',
    ]);
    // Nothing reversible is stored about the visitor.
    for (const r of rows) {
      expect(r.visitor).not.toContain('203.0.113');
      expect(r.visitor).not.toContain('Reader');
    }

    await t.app.analytics.flush();
    const ev = await t.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.eventType, 'blog_post_viewed'));
    expect(ev).toHaveLength(4);
    const withSession = ev.find((e) => e.sessionId === 'session-abc-123');
    expect(withSession).toMatchObject({
      eventData: { postId: post.id, slug: post.slug, title: post.title },
      pageUrl: `/blog/${post.slug}`,
      ipAddress: '203.0.113.0',
      userAgent: 'Reader/1.0',
    });
    // The public API shows the count.
    expect((await get(`/v1/blog/posts/${post.slug}`)).json().viewCount).toBe(4);
  });

  it('concurrent views of one visitor count once', async () => {
    const post = await put();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => view(post.slug, { ua: 'Burst/1' })),
    );
    expect(results.filter((r) => r.json().counted === true)).toHaveLength(1);
    expect(await viewCount(post.id)).toBe(1);
  });

  it('a bad session id → 400; unknown fields → 400', async () => {
    const post = await put();
    const bad = await t.app.inject({
      method: 'POST',
      url: `/v1/blog/posts/${post.slug}/views`,
      payload: { sessionId: '<script>' },
    });
    expect(bad.statusCode).toBe(400);
    const extra = await t.app.inject({
      method: 'POST',
      url: `/v1/blog/posts/${post.slug}/views`,
      payload: { count: 100 },
    });
    expect(extra.statusCode).toBe(400);
    expect(await viewCount(post.id)).toBe(0);
  });

  it('is rate-limited per address (60 a minute)', async () => {
    const post = await put();
    const ip = '198.18.0.44';
    for (let i = 0; i < 60; i++) {
      const res = await view(post.slug, { ip, ua: `UA ${i}` });
      expect(res.statusCode).toBe(200);
    }
    const limited = await view(post.slug, { ip, ua: 'UA last' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    // Another address is not affected.
    expect((await view(post.slug, { ip: '198.18.0.45' })).statusCode).toBe(200);
  });

  it('pruneViews deletes the rows of days before the one given, keeping the counts', async () => {
    const post = await put();
    await t.database.db.insert(blogPostViews).values([
      { postId: post.id, visitor: 'a', day: '2026-01-01' },
      { postId: post.id, visitor: 'b', day: '2026-01-02' },
      { postId: post.id, visitor: 'c', day: '2026-01-03' },
    ]);
    expect(await blogRepository(t.database.db).pruneViews('2026-01-03')).toBe(2);
    const left = await t.database.db
      .select()
      .from(blogPostViews)
      .where(eq(blogPostViews.postId, post.id));
    expect(left.map((r) => r.visitor)).toEqual(['c']);
  });

  it('a post deleted between its lookup and the view insert is 404 POST_NOT_FOUND, not a 500', async () => {
    const repo = blogRepository(t.database.db);
    const post = await put();
    const service = blogService({
      // The lookup saw the post; an admin deletes it before the view row goes in.
      repo: {
        ...repo,
        publishedIdBySlug: async (slug) => {
          const found = await repo.publishedIdBySlug(slug);
          await t.database.db.delete(blogPosts).where(eq(blogPosts.id, post.id));
          return found;
        },
      },
      secret: 'x'.repeat(32),
      now: () => t.clock.now(),
      siteOrigin: PUBLIC_URL,
      renderer: createMarkdownRenderer(), // not used here: started only on a first render
      track: async () => true,
      log: t.app.log,
    });
    await expect(
      service.countView(post.slug, { rawIp: '203.0.113.9', userAgent: 'A/1', ip: null }),
    ).rejects.toMatchObject({ status: 404, code: 'POST_NOT_FOUND' });
  });
});

describe('pages', () => {
  const page = (url: string, headers: Record<string, string> = {}) => get(url, headers);
  const jsonOf = (html: string) =>
    JSON.parse(
      /<script type="application\/json" id="blog-post">([^]*?)<\/script>/.exec(html)![1]!,
    ) as PublicPostDto;

  it('/blog/{slug}: title, description, keywords, canonical, Open Graph, the JSON and the text', async () => {
    const post = await put({
      slug: 'hello-world',
      title: 'Hello "World" <b>&</b>',
      excerpt: 'An excerpt',
      metaDescription: 'Meta "desc" <x>',
      metaKeywords: 'voip, sms',
      category: 'Security',
      content: 'Para **one**\n\n</script><script>alert(1)</script>',
    });
    const res = await page('/blog/hello-world');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain(
      '<title>Hello &quot;World&quot; &lt;b&gt;&amp;&lt;/b&gt; · VOIP Manager</title>',
    );
    expect(html).toContain('<meta name="description" content="Meta &quot;desc&quot; &lt;x&gt;" />');
    expect(html.match(/<meta\s+name="description"/g)).toHaveLength(1);
    expect(html).toContain('<meta name="keywords" content="voip, sms" />');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/blog/hello-world" />`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain(
      '<meta property="og:title" content="Hello &quot;World&quot; &lt;b&gt;&amp;&lt;/b&gt;" />',
    );
    expect(html).toContain(`<meta property="og:url" content="${PUBLIC_URL}/blog/hello-world" />`);
    expect(html).toContain('<meta property="og:site_name" content="VOIP Manager" />');
    expect(html).toContain(
      `<meta property="article:published_time" content="${t.clock.now().toISOString()}" />`,
    );
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    // The post as JSON for the client: no way out of its script element.
    const json = /id="blog-post">([^]*?)<\/script>/.exec(html)![1]!;
    expect(json).not.toContain('<');
    expect(jsonOf(html)).toEqual((await get('/v1/blog/posts/hello-world')).json());
    // The article's text for crawlers, inside #root, sanitised.
    const root = /<div id="root">([^]*?)<\/div>\s*<\/body>/.exec(html)![1]!;
    expect(root).toContain('<h1>Hello &quot;World&quot; &lt;b&gt;&amp;&lt;/b&gt;</h1>');
    expect(root).toContain('<p>Para <strong>one</strong></p>');
    expect(html).not.toContain('alert(1)');
    // Only our scripts: the app and the two JSON blocks.
    expect(html.match(/<script/g)).toHaveLength(3);
    expect(post.id).toBeTruthy();
  });

  it('/blog/{slug} falls back to the excerpt for the description; a $ in a post is literal', async () => {
    await put({ slug: 'dollars', title: "Costs $& $1 $' tips", excerpt: 'Save $$ now' });
    const html = (await page('/blog/dollars')).body;
    expect(html).toContain('<title>Costs $&amp; $1 $&#39; tips · VOIP Manager</title>');
    expect(html).toContain('<meta name="description" content="Save $$ now" />');
    expect(html).not.toContain('name="keywords"');
  });

  it('/blog: list page title and canonical; site name from the settings', async () => {
    await setSetting('site_name', 'My <Site>');
    const res = await page('/blog');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Blog · My &lt;Site&gt;</title>');
    expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/blog" />`);
    expect(res.body).toContain('<meta property="og:site_name" content="My &lt;Site&gt;" />');
    expect(res.body).toContain('<div id="root"><h1>Blog</h1></div>');
    expect((await page('/blog/')).statusCode).toBe(200);

    // The newest published posts, linked and escaped, for crawlers; no drafts.
    await put({ slug: 'older', title: 'Older' }, 2000);
    await put({ slug: 'newer', title: 'A <i>new</i> one', excerpt: 'E & E' }, 1000);
    await put({ slug: 'secret-draft', published: false });
    const html = (await page('/blog')).body;
    const root = /<div id="root">([^]*?)<\/div>/.exec(html)![1]!;
    expect(root).toBe(
      '<h1>Blog</h1><ul><li><a href="/blog/newer">A &lt;i&gt;new&lt;/i&gt; one</a><p>E &amp; E</p></li><li><a href="/blog/older">Older</a><p>Excerpt ' +
        String(n - 2) +
        '</p></li></ul>',
    );
    expect(html).not.toContain('secret-draft');
  });

  it('an unknown or draft slug, or a deeper path → 404 with the shell (noindex)', async () => {
    await put({ slug: 'a-draft', published: false });
    for (const url of ['/blog/a-draft', '/blog/nope', '/blog/a/b', '/blog/BAD']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(res.body).toContain('<title>Post Not Found · VOIP Manager</title>');
      expect(res.body).not.toContain('id="blog-post"');
    }
  });

  it('blog_enabled off → /blog and /blog/{slug} answer 404 (shell); other pages are unaffected', async () => {
    await put({ slug: 'visible' });
    await setSetting('blog_enabled', false);
    for (const url of ['/blog', '/blog/visible']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('id="blog-post"');
      expect(res.body).toContain('<div id="root"></div>');
    }
    expect((await page('/dashboard')).statusCode).toBe(200);
  });

  it('is sent gzipped when asked', async () => {
    await put({ slug: 'zipped' });
    const res = await page('/blog/zipped', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toContain('id="blog-post"');
  });

  it('a 200 KB post page carries the whole article', async () => {
    const content = 'Some words in a paragraph.\n\n'.repeat(8000);
    await put({ slug: 'big-one', content });
    const res = await page('/blog/big-one');
    expect(res.statusCode).toBe(200);
    expect(jsonOf(res.body).contentHtml.length).toBeGreaterThan(200_000);
  });
});

describe('sitemap and feed', () => {
  it('/sitemap.xml lists the public pages, /blog and every published post with lastmod', async () => {
    t.clock.set(new Date('2026-05-01T12:00:00Z'));
    const a = await put({ slug: 'first-post' }, 86_400_000 * 3);
    await t.database.db
      .update(blogPosts)
      .set({ updatedAt: new Date('2026-04-30T08:00:00Z') })
      .where(eq(blogPosts.id, a.id));
    await put({ slug: 'draft-post', published: false });
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/about`,
      `${PUBLIC_URL}/contact`,
      `${PUBLIC_URL}/privacy`,
      `${PUBLIC_URL}/terms`,
      `${PUBLIC_URL}/date-checker`,
      `${PUBLIC_URL}/blog`,
      `${PUBLIC_URL}/blog/first-post`,
    ]);
    expect(res.body).toContain(
      `<url><loc>${PUBLIC_URL}/blog/first-post</loc><lastmod>2026-04-30</lastmod></url>`,
    );
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);

    await setSetting('blog_enabled', false);
    const off = await get('/sitemap.xml');
    expect(off.statusCode).toBe(200);
    expect(off.body).not.toContain('/blog');
  });

  it('/rss.xml: RSS 2.0 of the newest 20 published posts, escaped; 404 when the blog is off', async () => {
    await setSetting('site_name', 'Tom & Jerry <News>');
    t.clock.set(new Date('2026-05-01T12:00:00Z'));
    for (let i = 0; i < 22; i++) await put({ slug: `p-${i}` }, (22 - i) * 60_000);
    await put({ slug: 'hidden', published: false });
    await put({ slug: 'tricky', title: 'A <b> & "c"', excerpt: "It's </description> ]]>" });
    const res = await get('/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const xml = res.body;
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain('<title>Tom &amp; Jerry &lt;News&gt;</title>');
    expect(xml).toContain(`<link>${PUBLIC_URL}/blog</link>`);
    expect(xml).toContain(
      `<description>${DEFAULT_SETTINGS.site_description.replace(/'/g, '&apos;')}</description>`,
    );
    const items = [...xml.matchAll(/<item>([^]*?)<\/item>/g)].map((m) => m[1]!);
    expect(items).toHaveLength(20);
    expect(items[0]).toContain('<title>A &lt;b&gt; &amp; &quot;c&quot;</title>');
    expect(items[0]).toContain('<description>It&apos;s &lt;/description&gt; ]]&gt;</description>');
    expect(items[0]).toContain(`<guid isPermaLink="true">${PUBLIC_URL}/blog/tricky</guid>`);
    expect(items[0]).toContain('<pubDate>Fri, 01 May 2026 12:00:00 GMT</pubDate>');
    expect(items[1]).toContain(`<link>${PUBLIC_URL}/blog/p-21</link>`);
    expect(xml).not.toContain('/blog/hidden');
    expect(xml).not.toContain('/blog/p-0<');

    await setSetting('blog_enabled', false);
    expect((await get('/rss.xml')).statusCode).toBe(404);
  });

  it('/robots.txt names the sitemap and keeps crawlers out of the signed-in areas, maintenance or not', async () => {
    for (const maintenance of [false, true]) {
      await setSetting('maintenance_mode', maintenance);
      const res = await get('/robots.txt');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      const lines = res.body.split('\n');
      expect(lines[0]).toBe('User-agent: *');
      for (const p of ['/dashboard', '/admin', '/edit/']) expect(lines).toContain(`Disallow: ${p}`);
      expect(lines).not.toContain('Disallow: /');
      // The shared pages answer noindex: a crawler must be allowed to fetch them to see it.
      for (const p of ['/api/', '/single/', '/v1/']) expect(lines).not.toContain(`Disallow: ${p}`);
      expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    }
  });

  it('both answer 503 in maintenance', async () => {
    await setSetting('maintenance_mode', true);
    for (const url of ['/sitemap.xml', '/rss.xml']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
    }
  });
});

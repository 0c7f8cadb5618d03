import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts } from '../../db/schema.ts';
import { only, signInAdmin } from '../../test/admin.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createMarkdownRenderer, RenderTimeoutError } from './markdown-renderer.ts';
import { renderMarkdown } from './markdown.ts';

/** The blog renderer's worker thread: same HTML as renderMarkdown, off the request thread. */

const SITE = 'https://voip.example';
/** 250 KB of the slowest shape bench/markdown knows for emphasis (`*]`). */
const heavy = '*]'.repeat(125_000);

describe('createMarkdownRenderer', () => {
  const renderer = createMarkdownRenderer();
  afterAll(() => renderer.close());

  it('renders exactly as renderMarkdown, each concurrent render with its own answer', async () => {
    const sources = [
      '# T\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>\nnext',
      '[ext](https://other.example/a) www.other.example ~~d~~',
      '| a | b |\n|:-|-:|\n| 1 | 2 |',
      '',
    ];
    const html = await Promise.all(sources.map((s) => renderer.render(s, SITE)));
    expect(html).toEqual(sources.map((s) => renderMarkdown(s, SITE)));
  });

  it('leaves the calling thread free while it renders a long post', async () => {
    let ticks = 0;
    let rendering = true;
    const tick = () => {
      ticks++;
      if (rendering) setImmediate(tick);
    };
    setImmediate(tick);
    const html = await renderer.render(heavy, SITE);
    rendering = false;
    expect(html.startsWith('<p>')).toBe(true);
    // Rendered on this thread, not one tick could run until it was done.
    expect(ticks).toBeGreaterThan(10);
  });

  it('a render past the time limit fails with RenderTimeoutError; the renderer then starts a new worker', async () => {
    let timeoutMs = 1;
    const r = createMarkdownRenderer({
      get timeoutMs() {
        return timeoutMs;
      },
    });
    try {
      await expect(r.render(heavy, SITE)).rejects.toBeInstanceOf(RenderTimeoutError);
      timeoutMs = 60_000;
      expect(await r.render('_i_', SITE)).toBe('<p><em>i</em></p>');
    } finally {
      await r.close();
    }
  });

  it('refuses to render once closed', async () => {
    const r = createMarkdownRenderer();
    expect(await r.render('x')).toBe('<p>x</p>');
    await r.close();
    await expect(r.render('x')).rejects.toThrow('closed');
  });
});

describe('a post whose Markdown takes too long to render', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ markdownTimeoutMs: 1 });
    cookie = (await signInAdmin(t, { role: 'editor', permissions: only('blog') })).cookie;
  });
  afterAll(() => t.close());

  it('is a 400 on content for preview and create, and nothing is stored', async () => {
    const expected = {
      error: {
        code: 'CONTENT_TOO_COMPLEX',
        message: 'Content is too complex to render',
        fields: { content: ['Content is too complex to render'] },
      },
    };
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    const preview = await post('/v1/admin/posts/preview', { content: heavy });
    expect(preview.statusCode, preview.body).toBe(400);
    expect(preview.json()).toEqual(expected);
    const created = await post('/v1/admin/posts', {
      title: 'Heavy',
      slug: 'heavy',
      excerpt: 'x',
      content: heavy,
    });
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json()).toEqual(expected);
    expect(await t.database.db.select().from(blogPosts)).toEqual([]);
  });
});

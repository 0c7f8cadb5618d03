import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { BlogListState, PublicPostCard, PublicPostDto } from '../../../shared/blog.ts';
import { DEFAULT_SETTINGS } from '../../../shared/setting-definitions.ts';
import type { SiteInfo } from '../../../shared/settings.ts';
import { i18nFor } from '../../i18n.ts';
import { blogPages, FRAME_SLOT, type BlogIsland } from './blog-pages.ts';
import type { BlogService } from './blog.service.ts';

/**
 * /blog and /blog/{slug} rendered into the pre-rendered frames (ADR 0019), against a stand-in
 * service and renderer; the SPA shell path (no renderer in the build) is covered by
 * blog-public.test.ts.
 */
const card = (slug: string, category = 'Security'): PublicPostCard =>
  ({ slug, title: `Title ${slug}`, excerpt: 'x', category }) as PublicPostCard;
const post = {
  ...card('a-post'),
  title: 'A </script> post',
  author: 'Team',
  contentHtml: '<p>Body</p>',
  related: [],
  metaDescription: null,
  metaKeywords: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
} as unknown as PublicPostDto;

const SHELL =
  '<html><head><title>VOIP Manager</title></head><body><div id="root"></div></body></html>';
const frame = (name: string) =>
  `<html><head><title>Blog · VOIP Manager</title><meta name="description" content="d" /></head><body><div id="root" data-prerendered="${name}"><header></header><main>${FRAME_SLOT}</main></div></body></html>`;
const site = { siteName: 'VOIP Manager' } as SiteInfo;

function setup(opts: { throws?: boolean } = {}) {
  const publicList = vi.fn(async (q: { featured?: string; category?: string }) => ({
    items: q.featured ? [card('featured')] : [card(`in-${q.category ?? 'all'}`)],
    nextCursor: q.featured ? null : 'next',
  }));
  const service = {
    publicList,
    recentCards: vi.fn(async () => [card('recent')]),
    findPublished: vi.fn(async (slug: string) => (slug === post.slug ? post : undefined)),
  } as unknown as BlogService;
  const error = vi.fn();
  const render = {
    renderBlogList: vi.fn((state: BlogListState, s: SiteInfo) => {
      if (opts.throws) throw new Error('render failed');
      return `<h1>${s.siteName} Blog</h1><p>${state.posts.items.map((p) => p.slug).join(',')}</p>`;
    }),
    renderBlogPost: vi.fn((p: PublicPostDto) => {
      if (opts.throws) throw new Error('render failed');
      return `<article>${p.contentHtml}</article>`;
    }),
  };
  const island: BlogIsland = {
    list: frame('/blog'),
    post: frame('/blog/*'),
    render,
    site,
    i18n: i18nFor('en'),
  };
  const pages = blogPages({
    service,
    publicUrl: 'http://localhost:3000',
    log: { error } as unknown as FastifyBaseLogger,
  });
  return { pages, island, publicList, render, error };
}

describe('blogPages with the renderer: the page in its frame', () => {
  it('/blog: the featured and the category’s first pages, rendered and written for the island', async () => {
    const { pages, island, publicList } = setup();
    const answer = await pages(
      '/blog',
      '?category=Technical',
      SHELL,
      DEFAULT_SETTINGS,
      'en',
      island,
    );
    expect(answer?.status).toBe(200);
    expect(publicList).toHaveBeenCalledWith({ featured: 'true', limit: 3 });
    expect(publicList).toHaveBeenCalledWith({ category: 'Technical', limit: 12 });
    const html = answer!.html;
    expect(html).toContain(
      '<main><div data-island-root=""><h1>VOIP Manager Blog</h1><p>in-Technical</p></div></main>',
    );
    expect(html).toContain('<div id="root" data-prerendered="/blog">');
    expect(html).toContain('<title>Technical Articles · VOIP Manager</title>');
    const json = /<script type="application\/json" id="blog-list">(.*?)<\/script>/s.exec(html)![1]!;
    expect(JSON.parse(json)).toEqual({
      category: 'Technical',
      featured: { items: [card('featured')], nextCursor: null },
      posts: { items: [card('in-Technical')], nextCursor: 'next' },
    });
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/blog" />');
  });

  it("titles and the crawlers' heading in the visitor's language", async () => {
    const { pages, island } = setup();
    const zh = await pages('/blog', '?category=Technical', SHELL, DEFAULT_SETTINGS, 'zh', island);
    expect(zh!.html).toContain('<title>技术文章 · VOIP Manager</title>');
    const missing = await pages('/blog/no-such-post', '', SHELL, DEFAULT_SETTINGS, 'ru', island);
    expect(missing!.html).toContain('<title>Статья не найдена · VOIP Manager</title>');
    const off = { ...DEFAULT_SETTINGS, blog_enabled: false };
    const closed = await pages('/blog', '', SHELL, off, 'es', island);
    expect(closed!.html).toContain('<title>Página no encontrada · VOIP Manager</title>');
    // Without the renderer: the plain list for crawlers, headed in the language too.
    const plain = await pages('/blog', '', SHELL, DEFAULT_SETTINGS, 'zh');
    expect(plain!.html).toContain('<h1>博客</h1>');
    expect(plain!.html).toContain('<title>博客 · VOIP Manager</title>');
  });

  it('/blog with no or an unknown category: every post', async () => {
    const { pages, island, publicList } = setup();
    for (const search of ['', '?category=General', '?category=%3Cx%3E', '?x=1']) {
      publicList.mockClear();
      const answer = await pages('/blog/', search, SHELL, DEFAULT_SETTINGS, 'en', island);
      expect(publicList, search).toHaveBeenCalledWith({ limit: 12 });
      expect(answer!.html, search).toContain('<title>Blog · VOIP Manager</title>');
      expect(answer!.html, search).toContain('"category":null');
    }
  });

  it('/blog/{slug}: the article in the post frame, the post as JSON that cannot end its script', async () => {
    const { pages, island } = setup();
    const answer = await pages('/blog/a-post', '', SHELL, DEFAULT_SETTINGS, 'en', island);
    expect(answer?.status).toBe(200);
    const html = answer!.html;
    expect(html).toContain('data-prerendered="/blog/*"');
    expect(html).toContain('<div data-island-root=""><article><p>Body</p></article></div>');
    expect(html).toContain('<title>A &lt;/script&gt; post · VOIP Manager</title>');
    const json = /<script type="application\/json" id="blog-post">(.*?)<\/script>/s.exec(html)![1]!;
    expect(json).not.toContain('<');
    expect((JSON.parse(json) as PublicPostDto).title).toBe('A </script> post');
  });

  it('a missing post or the blog off: 404 with the SPA shell, not a frame', async () => {
    const { pages, island, render } = setup();
    const missing = await pages('/blog/no-such-post', '', SHELL, DEFAULT_SETTINGS, 'en', island);
    expect(missing?.status).toBe(404);
    expect(missing!.html).toContain('<div id="root"></div>');
    const off = await pages(
      '/blog',
      '',
      SHELL,
      { ...DEFAULT_SETTINGS, blog_enabled: false },
      'en',
      island,
    );
    expect(off?.status).toBe(404);
    expect(off!.html).not.toContain('data-island-root');
    expect(render.renderBlogList).not.toHaveBeenCalled();
  });

  it('a renderer that throws: logged, and the page served as without one (the SPA shell)', async () => {
    const { pages, island, error } = setup({ throws: true });
    const list = await pages('/blog', '', SHELL, DEFAULT_SETTINGS, 'en', island);
    expect(list?.status).toBe(200);
    expect(list!.html).toContain('<div id="root"><h1>Blog</h1><ul><li><a href="/blog/recent">');
    const one = await pages('/blog/a-post', '', SHELL, DEFAULT_SETTINGS, 'en', island);
    expect(one!.html).toContain('<div id="root"><article><h1>A &lt;/script&gt; post</h1>');
    expect(error).toHaveBeenCalledTimes(2);
  });
});

import type { I18n } from '@lingui/core';
import type { FastifyBaseLogger } from 'fastify';
import {
  BLOG_FEATURED_LIMIT,
  CATEGORY_NAMES,
  BLOG_PAGE_SIZE,
  publicCategoryOf,
  SLUG_PATTERN,
  type BlogListState,
  type PublicPostCard,
  type PublicPostDto,
} from '../../../shared/blog.ts';
import type { Locale } from '../../../shared/i18n/locales.ts';
import type { SiteInfo, SiteSettings } from '../../../shared/settings.ts';
import { translator } from '../../i18n.ts';

type Translate = ReturnType<typeof translator>;
import type { BlogService } from './blog.service.ts';
import { escapeHtml } from '../../html.ts';

/** What the server answers for a page of the blog: the status and the HTML. */
export type BlogPageAnswer = { status: number; html: string };

/** The build's renderer of the blog's content (src/client/islands/pages.server.tsx). */
export type BlogRenderer = {
  renderBlogList: (state: BlogListState, site: SiteInfo, i18n: I18n) => string;
  renderBlogPost: (post: PublicPostDto, site: SiteInfo, i18n: I18n) => string;
};
/**
 * The server-rendered blog (ADR 0019): the pre-rendered frames of /blog and /blog/{slug} (the
 * public header and footer around `FRAME_SLOT`, with their island's script; already carrying the
 * site settings) and the renderer of what goes in the slot.
 */
export type BlogIsland = {
  list: string;
  post: string;
  render: BlogRenderer;
  site: SiteInfo;
  /** The catalogue in the visitor's language. */
  i18n: I18n;
};
/** A frame's empty element that the page's content goes in (scripts/prerender.tsx writes it). */
export const FRAME_SLOT = '<div data-island-root=""></div>';

/**
 * The blog's pages for `plugins/client.ts`: given the path, its query string, the SPA shell
 * (already carrying the site settings) and, in a build that has them, the server-rendered frames,
 * the page to send, or undefined when the path is not the blog's.
 */
export type BlogPages = (
  pathname: string,
  search: string,
  shell: string,
  s: SiteSettings,
  /** The visitor's language (the page's title and its text for crawlers). */
  locale: Locale,
  island?: BlogIsland,
) => Promise<BlogPageAnswer | undefined>;

/** JSON safe inside a <script> element: no `<` (so no `</script>` or `<!--`), no line separators. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const meta = (attr: 'name' | 'property', key: string, content: string) =>
  `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;

/**
 * The shell with this page's <title>, meta description, more head tags, and what goes inside
 * `<div id="root">` (the client's createRoot replaces it; it does not hydrate a shell without
 * `data-prerendered`). Replacements are functions, so no `$` in a post is read as a pattern.
 */
function withPage(
  shell: string,
  page: { title: string; description: string; head: string[]; root?: string; slot?: string },
): string {
  let html = shell
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/?>/, () =>
      meta('name', 'description', page.description),
    );
  if (page.head.length)
    html = html.replace('</head>', () => `  ${page.head.join('\n    ')}\n  </head>`);
  if (page.root !== undefined)
    html = html.replace(/<div id="root"><\/div>/, () => `<div id="root">${page.root}</div>`);
  if (page.slot !== undefined)
    html = html.replace(FRAME_SLOT, () => `<div data-island-root="">${page.slot}</div>`);
  return html;
}

const notFoundPage = (shell: string, s: SiteSettings, what: string): BlogPageAnswer => ({
  status: 404,
  html: withPage(shell, {
    title: `${what} · ${s.site_name}`,
    description: s.site_description,
    head: [meta('name', 'robots', 'noindex')],
  }),
});

function postPage(
  shell: string,
  s: SiteSettings,
  base: string,
  post: PublicPostDto,
  content?: string,
): string {
  const url = `${base}/blog/${post.slug}`;
  const description = post.metaDescription || post.excerpt;
  const head = [
    ...(post.metaKeywords ? [meta('name', 'keywords', post.metaKeywords)] : []),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(s.site_name)}" href="/rss.xml" />`,
    meta('property', 'og:type', 'article'),
    meta('property', 'og:title', post.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:site_name', s.site_name),
    meta('property', 'article:published_time', post.createdAt),
    meta('property', 'article:modified_time', post.updatedAt),
    meta('property', 'article:section', post.category),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', post.title),
    meta('name', 'twitter:description', description),
    `<script type="application/json" id="blog-post">${scriptJson(post)}</script>`,
  ];
  const title = `${post.title} · ${s.site_name}`;
  // The article rendered by the app's component (ADR 0019), in the frame.
  if (content !== undefined) return withPage(shell, { title, description, head, slot: content });
  // Without the renderer, for crawlers without JavaScript: the article as plain HTML
  // (content_html is sanitised); the app renders the page over it.
  const root = `<article><h1>${escapeHtml(post.title)}</h1><p>${escapeHtml(post.author)}</p>${post.contentHtml}</article>`;
  return withPage(shell, { title, description, head, root });
}

/** Posts linked from the /blog page's server-rendered copy (for crawlers). */
export const LIST_PAGE_POSTS = 24;

function listPage(
  shell: string,
  s: SiteSettings,
  base: string,
  tr: Translate,
  page: { posts: PublicPostCard[] } | { state: BlogListState; content: string },
): string {
  const url = `${base}/blog`;
  const category = 'state' in page ? page.state.category : null;
  // As the page's own title (BlogListPage).
  const heading = category
    ? tr('public.blog.categoryArticles', { category: tr(CATEGORY_NAMES[category]) })
    : tr('public.blog.title');
  const title = `${heading} · ${s.site_name}`;
  // The page rendered by the app's component (ADR 0019), in the frame, with its data for the
  // island; without the renderer, for crawlers without JavaScript: links to the newest posts (the
  // client replaces it).
  const items =
    'posts' in page
      ? page.posts.map(
          (p) =>
            `<li><a href="/blog/${escapeHtml(p.slug)}">${escapeHtml(p.title)}</a><p>${escapeHtml(p.excerpt)}</p></li>`,
        )
      : [];
  const content =
    'posts' in page
      ? {
          root: `<h1>${escapeHtml(heading)}</h1>${items.length ? `<ul>${items.join('')}</ul>` : ''}`,
        }
      : { slot: page.content };
  return withPage(shell, {
    ...content,
    title,
    description: s.site_description,
    head: [
      ...('state' in page
        ? [`<script type="application/json" id="blog-list">${scriptJson(page.state)}</script>`]
        : []),
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
      `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(s.site_name)}" href="/rss.xml" />`,
      meta('property', 'og:type', 'website'),
      meta('property', 'og:title', title),
      meta('property', 'og:description', s.site_description),
      meta('property', 'og:url', url),
      meta('property', 'og:site_name', s.site_name),
      meta('name', 'twitter:card', 'summary'),
    ],
  });
}

/**
 * /blog and /blog/{slug} with their head tags filled in on the server (a crawler without JavaScript
 * sees the title, description, keywords, canonical and Open Graph tags, and the article's text).
 * With `island` (a build with the renderer, ADR 0019): the page's content rendered by the app's
 * components into its frame, and its data as JSON (`#blog-list`: the featured and the category's
 * first pages; `#blog-post`: the post) for its island, which hydrates it without a fetch. Without:
 * the SPA shell with plain HTML for crawlers, which the app renders over (the post from
 * `#blog-post`). An unknown or draft slug, a deeper path, or any blog path while `blog_enabled` is
 * off: 404 with the shell. Indexed queries: a post and its related posts in one statement; the
 * list's featured and first pages (the list's newest without the renderer).
 */
export function blogPages(deps: {
  service: BlogService;
  publicUrl: string;
  log?: FastifyBaseLogger;
}): BlogPages {
  const base = deps.publicUrl.replace(/\/+$/, '');
  /** `render()`, or undefined (logged) when it throws: the page is then served without it. */
  const rendered = (render: () => string) => {
    try {
      return render();
    } catch (err) {
      deps.log?.error({ err }, 'rendering a blog page failed');
      return undefined;
    }
  };
  return async (pathname, search, shell, s, locale, island) => {
    const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    if (p !== '/blog' && !p.startsWith('/blog/')) return undefined;
    const tr = translator(locale);
    if (!s.blog_enabled) return notFoundPage(shell, s, tr('common.notFound.title'));
    if (p === '/blog') {
      if (island) {
        const category = publicCategoryOf(new URLSearchParams(search).get('category'));
        const [featured, posts] = await Promise.all([
          deps.service.publicList({ featured: 'true', limit: BLOG_FEATURED_LIMIT }),
          deps.service.publicList({ ...(category ? { category } : {}), limit: BLOG_PAGE_SIZE }),
        ]);
        const state: BlogListState = { category, featured, posts };
        const content = rendered(() =>
          island.render.renderBlogList(state, island.site, island.i18n),
        );
        if (content !== undefined) {
          return { status: 200, html: listPage(island.list, s, base, tr, { state, content }) };
        }
      }
      const posts = await deps.service.recentCards(LIST_PAGE_POSTS);
      return { status: 200, html: listPage(shell, s, base, tr, { posts }) };
    }
    const slug = p.slice('/blog/'.length);
    const post = SLUG_PATTERN.test(slug) ? await deps.service.findPublished(slug) : undefined;
    if (!post) return notFoundPage(shell, s, tr('public.blog.notFound'));
    const content =
      island && rendered(() => island.render.renderBlogPost(post, island.site, island.i18n));
    return {
      status: 200,
      html:
        island && content !== undefined
          ? postPage(island.post, s, base, post, content)
          : postPage(shell, s, base, post),
    };
  };
}

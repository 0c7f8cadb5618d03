import { SLUG_PATTERN, type PublicPostCard, type PublicPostDto } from '../../../shared/blog.ts';
import type { SiteSettings } from '../../../shared/settings.ts';
import type { BlogService } from './blog.service.ts';
import { escapeHtml } from '../../html.ts';

/** What the server answers for a page of the blog: the status and the HTML. */
export type BlogPageAnswer = { status: number; html: string };
/**
 * The blog's pages for `plugins/client.ts`: given the path and the SPA shell (already carrying the
 * site settings), the page to send, or undefined when the path is not the blog's.
 */
export type BlogPages = (
  pathname: string,
  shell: string,
  s: SiteSettings,
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
  page: { title: string; description: string; head: string[]; root?: string },
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

function postPage(shell: string, s: SiteSettings, base: string, post: PublicPostDto): string {
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
  // For crawlers without JavaScript: the article as plain HTML (content_html is sanitised).
  const root = `<article><h1>${escapeHtml(post.title)}</h1><p>${escapeHtml(post.author)}</p>${post.contentHtml}</article>`;
  return withPage(shell, { title: `${post.title} · ${s.site_name}`, description, head, root });
}

/** Posts linked from the /blog page's server-rendered copy (for crawlers). */
export const LIST_PAGE_POSTS = 24;

function listPage(shell: string, s: SiteSettings, base: string, posts: PublicPostCard[]): string {
  const url = `${base}/blog`;
  const title = `Blog · ${s.site_name}`;
  // For crawlers without JavaScript: links to the newest posts (the client replaces it).
  const items = posts.map(
    (p) =>
      `<li><a href="/blog/${escapeHtml(p.slug)}">${escapeHtml(p.title)}</a><p>${escapeHtml(p.excerpt)}</p></li>`,
  );
  const root = `<h1>Blog</h1>${items.length ? `<ul>${items.join('')}</ul>` : ''}`;
  return withPage(shell, {
    root,
    title,
    description: s.site_description,
    head: [
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
 * sees the title, description, keywords, canonical and Open Graph tags, and the article's text),
 * and the post as JSON (`#blog-post`) so the client renders it without a fetch. An unknown or
 * draft slug, a deeper path, or any blog path while `blog_enabled` is off: 404 with the shell.
 * One indexed query per page (a post and its related posts in one statement; the list's newest).
 */
export function blogPages(deps: { service: BlogService; publicUrl: string }): BlogPages {
  const base = deps.publicUrl.replace(/\/+$/, '');
  return async (pathname, shell, s) => {
    const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    if (p !== '/blog' && !p.startsWith('/blog/')) return undefined;
    if (!s.blog_enabled) return notFoundPage(shell, s, 'Not Found');
    if (p === '/blog') {
      const posts = await deps.service.recentCards(LIST_PAGE_POSTS);
      return { status: 200, html: listPage(shell, s, base, posts) };
    }
    const slug = p.slice('/blog/'.length);
    const post = SLUG_PATTERN.test(slug) ? await deps.service.findPublished(slug) : undefined;
    if (!post) return notFoundPage(shell, s, 'Post Not Found');
    return { status: 200, html: postPage(shell, s, base, post) };
  };
}

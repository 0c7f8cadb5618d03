import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  postViewBody,
  postViewResponse,
  publicPostDto,
  publicPostListQuery,
  publicPostListResponse,
} from '../../../shared/blog.ts';
import type { SiteSettings } from '../../../shared/settings.ts';
import type { App } from '../../app.ts';
import { fromRequest } from '../analytics/recorder.ts';
import { blogErrors } from './blog.errors.ts';
import type { BlogService } from './blog.service.ts';
import { errorResponses } from '../../error-responses.ts';

/** Views one address may report a minute (a reader opens a few posts; a script is cut off). */
export const VIEWS_PER_IP_PER_MINUTE = 60;
/** Posts in the RSS feed. */
export const RSS_ITEMS = 20;
/** The public pages listed in the sitemap, before the blog's. */
export const SITEMAP_PAGES = ['/', '/about', '/contact', '/privacy', '/terms', '/date-checker'];
const FEED_CACHE = 'public, max-age=300';

const slugParams = z.object({ slug: z.string().max(200) });

export const escapeXml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    // Characters XML 1.0 cannot carry at all.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');

/** `/sitemap.xml`: the public pages, and while the blog is on, /blog and every published post. */
export function sitemapXml(
  base: string,
  blogEnabled: boolean,
  posts: { slug: string; updatedAt: Date }[],
): string {
  const url = (loc: string, lastmod?: Date) =>
    `  <url><loc>${escapeXml(base + loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
  const lines = SITEMAP_PAGES.map((p) => url(p));
  if (blogEnabled) {
    lines.push(url('/blog', posts[0]?.updatedAt));
    for (const p of posts) lines.push(url(`/blog/${p.slug}`, p.updatedAt));
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${lines.join('\n')}
</urlset>
`;
}

/**
 * `/robots.txt`: crawlers may read the public pages, not the signed-in areas; the sitemap is
 * named. The shared numbers' pages (`/api/…`, `/single/…`) and the API are left out on purpose:
 * they answer `noindex`, which a crawler only sees if it may fetch them (a Disallow would let a
 * secret URL linked from elsewhere be listed without its page ever being read).
 */
export function robotsTxt(base: string): string {
  const off = ['/dashboard', '/admin', '/edit/', '/verify-email'];
  return `User-agent: *\n${off.map((p) => `Disallow: ${p}`).join('\n')}\n\nSitemap: ${base}/sitemap.xml\n`;
}

/** `/rss.xml`: RSS 2.0 of the newest published posts. */
export function rssXml(
  base: string,
  s: Pick<SiteSettings, 'site_name' | 'site_description'>,
  posts: { slug: string; title: string; excerpt: string; category: string; createdAt: Date }[],
): string {
  const items = posts.map((p) => {
    const link = escapeXml(`${base}/blog/${p.slug}`);
    return `    <item>
      <title>${escapeXml(p.title)}</title>
      <link>${link}</link>
      <guid isPermaLink="true">${link}</guid>
      <pubDate>${p.createdAt.toUTCString()}</pubDate>
      <category>${escapeXml(p.category)}</category>
      <description>${escapeXml(p.excerpt)}</description>
    </item>`;
  });
  const newest = posts[0]?.createdAt;
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(s.site_name)}</title>
    <link>${escapeXml(`${base}/blog`)}</link>
    <description>${escapeXml(s.site_description)}</description>
    <language>en-us</language>
    <atom:link href="${escapeXml(`${base}/rss.xml`)}" rel="self" type="application/rss+xml" />${newest ? `\n    <lastBuildDate>${newest.toUTCString()}</lastBuildDate>` : ''}
${items.join('\n')}
  </channel>
</rss>
`;
}

/**
 * The public blog API (`/v1/blog/…`: published posts only; 404 NOT_FOUND while the `blog_enabled`
 * setting is off, checked before anything else), `/sitemap.xml` and `/rss.xml` (cached 5 minutes;
 * 503 while in maintenance, see settings/maintenance.ts; the feed is 404 while the blog is off), and
 * `/robots.txt`.
 */
export function blogPublicRoutes(app: App, deps: { service: BlogService; publicUrl: string }) {
  const { service } = deps;
  const base = deps.publicUrl.replace(/\/+$/, '');
  const doc = { tags: ['public'] };
  const blogOn = async () => {
    if (!(await app.settings.get('blog_enabled'))) throw blogErrors.blogDisabled();
  };

  app.get(
    '/v1/blog/posts',
    {
      config: { scope: 'public' },
      onRequest: blogOn,
      schema: {
        ...doc,
        description: 'Published posts, newest first.',
        querystring: publicPostListQuery,
        response: {
          200: publicPostListResponse,
          ...errorResponses('BLOG_DISABLED', 'INVALID_CURSOR'),
        },
      },
    },
    async (req) => service.publicList(req.query),
  );

  app.get(
    '/v1/blog/posts/:slug',
    {
      config: { scope: 'public' },
      onRequest: blogOn,
      schema: {
        ...doc,
        description: 'A published post with its sanitised HTML and up to 2 related posts.',
        params: slugParams,
        response: { 200: publicPostDto, ...errorResponses('BLOG_DISABLED', 'POST_NOT_FOUND') },
      },
    },
    async (req) => service.publicPost(req.params.slug),
  );

  app.post(
    '/v1/blog/posts/:slug/views',
    {
      onRequest: blogOn,
      config: {
        scope: 'public',
        rateLimit: {
          max: VIEWS_PER_IP_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (req: FastifyRequest) => `blog-views:${req.ip}`,
        },
      },
      schema: {
        ...doc,
        description: 'Counts a view of a published post, once per visitor per day.',
        params: slugParams,
        body: postViewBody,
        response: { 200: postViewResponse, ...errorResponses('BLOG_DISABLED', 'POST_NOT_FOUND') },
      },
    },
    async (req) =>
      service.countView(req.params.slug, {
        ...fromRequest(req),
        rawIp: req.ip,
        sessionId: req.body.sessionId,
      }),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) => {
    const s = await app.settings.current();
    const posts = s.blog_enabled ? await service.sitemapEntries() : [];
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', FEED_CACHE)
      .send(sitemapXml(base, s.blog_enabled, posts));
  });

  const robots = robotsTxt(base);
  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(robots),
  );

  app.get('/rss.xml', { schema: { hide: true } }, async (_req, reply) => {
    const s = await app.settings.current();
    if (!s.blog_enabled) throw blogErrors.blogDisabled();
    const posts = await service.latestPublished(RSS_ITEMS);
    return reply
      .type('application/rss+xml; charset=utf-8')
      .header('cache-control', FEED_CACHE)
      .send(rssXml(base, s, posts));
  });
}

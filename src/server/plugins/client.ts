import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_SETTINGS, type SiteInfo, type SiteSettings } from '../../shared/settings.ts';
import { notFound } from '../errors.ts';
import type { BlogPages } from '../modules/blog/blog-pages.ts';
import { isApiPath } from '../modules/settings/maintenance.ts';
import type { SettingsService } from '../modules/settings/settings.service.ts';
import { escapeHtml } from '../html.ts';

export type ClientOptions = {
  settings: SettingsService;
  /** /blog and /blog/{slug}: head tags, the post's JSON and text filled in per request. */
  blogPages?: BlogPages;
};

/**
 * Serves the built client: hashed /assets/* with a year of caching; for every other GET that is not
 * an API path, the public page pre-rendered for that path at build time (dist/client/pages.json,
 * written by scripts/prerender.tsx) or else index.html, the SPA shell, which renders its own pages
 * (the dashboard, its 404 page). HTML is always revalidated (no-cache). Each HTML file is served
 * with the current site settings (`withSiteInfo`). Maintenance mode is answered before this
 * (settings/maintenance.ts).
 */
export async function registerClient(
  app: FastifyInstance,
  clientDir: string | undefined,
  opts: ClientOptions,
) {
  const { settings } = opts;
  const indexPath = clientDir && path.join(clientDir, 'index.html');
  const hasClient = !!indexPath && fs.existsSync(indexPath);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : /\.(html|json|webmanifest)$|[/\\]sw\.js$/.test(filePath)
              ? 'no-cache'
              : 'public, max-age=3600',
        );
      },
    });
  }
  const indexHtml = hasClient ? fs.readFileSync(indexPath) : undefined;
  const pages = hasClient ? readPrerendered(clientDir) : new Map<string, Buffer>();

  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0]!;
    if (isApiPath(pathname) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      throw notFound(`No route for ${req.method} ${pathname}`);
    }
    if (!indexHtml || /\.[a-z0-9]{1,12}$/i.test(pathname)) {
      // A missing file (or no client build) is a real 404, not the app shell.
      throw notFound(`Not found: ${pathname}`);
    }
    const page = pages.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
    await settings.current();
    const snap = settings.snapshot();
    const html = served(page ?? indexHtml, snap);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    // The blog's pages are built per request (a post's tags and text); the rest as cached.
    const blog = opts.blogPages && /^\/blog(?:\/|$)/.test(pathname);
    const answer = blog
      ? await opts.blogPages!(pathname, html.toString('utf8'), snap.values)
      : undefined;
    if (answer) {
      reply.status(answer.status).header('vary', 'accept-encoding');
      if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
        return reply.header('content-encoding', 'gzip').send(await gzipAsync(answer.html));
      }
      return reply.send(answer.html);
    }
    // Shared pages (/api/{hash}, /single/{hash}): never indexed, their links never sent on.
    if (/^\/(?:api|single)\//.test(pathname)) {
      reply.header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'no-referrer');
    }
    // @fastify/compress hooks routes only and this handler is none: send the HTML gzipped here.
    reply.header('vary', 'accept-encoding');
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(gzipped(html));
    }
    return reply.send(html);
  });
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const DEFAULT_EMAIL = new RegExp(escapeRegExp(escapeHtml(DEFAULT_SETTINGS.contact_email)), 'g');

/**
 * A built HTML file with the current settings: the site name in <title> (for 'VOIP Manager'), the
 * site description as the meta description, the contact email in place of the default one (the
 * contact page is rendered at build time with it), the public site info as JSON for the app
 * (lib/site.ts), so a hydrated page renders what the server sent, and, with the blog off, a style
 * rule hiding the blog links.
 */
export function withSiteInfo(html: string, s: SiteSettings): string {
  const info: SiteInfo = {
    siteName: s.site_name,
    siteDescription: s.site_description,
    contactEmail: s.contact_email,
    maintenance: s.maintenance_mode,
    blogEnabled: s.blog_enabled,
  };
  const json = JSON.stringify(info).replace(/</g, '\\u003c');
  // With the blog off, its links (`data-blog-link`, public header and footer) are hidden in every
  // served page: pre-rendered pages are built once, so the rule follows the setting here.
  const hideBlogLinks = s.blog_enabled ? '' : '  <style>[data-blog-link]{display:none}</style>\n';
  return html
    .replace(
      /<title>([^<]*)<\/title>/,
      (_m, title: string) =>
        `<title>${title.split(escapeHtml(DEFAULT_SETTINGS.site_name)).join(escapeHtml(s.site_name))}</title>`,
    )
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(s.site_description)}" />`,
    )
    .replace(DEFAULT_EMAIL, () => escapeHtml(s.contact_email))
    .replace(
      '</head>',
      () =>
        `  <script type="application/json" id="site-info">${json}</script>\n${hideBlogLinks}  </head>`,
    );
}

/** Each file rewritten once per settings version. */
const rewritten = new WeakMap<Buffer, { version: number; html: Buffer }>();
function served(file: Buffer, snap: ReturnType<SettingsService['snapshot']>): Buffer {
  let r = rewritten.get(file);
  if (!r || r.version !== snap.version) {
    r = {
      version: snap.version,
      html: Buffer.from(withSiteInfo(file.toString('utf8'), snap.values)),
    };
    rewritten.set(file, r);
  }
  return r.html;
}

const gzipAsync = promisify(zlib.gzip);

const gzipCache = new WeakMap<Buffer, Buffer>();
/** The HTML gzipped, once per served version (a new version is a new buffer). */
function gzipped(html: Buffer): Buffer {
  let gz = gzipCache.get(html);
  if (!gz) gzipCache.set(html, (gz = zlib.gzipSync(html)));
  return gz;
}

/** path → pre-rendered HTML, from dist/client/pages.json (absent in a build without it). */
function readPrerendered(clientDir: string): Map<string, Buffer> {
  const listPath = path.join(clientDir, 'pages.json');
  if (!fs.existsSync(listPath)) return new Map();
  const list = JSON.parse(fs.readFileSync(listPath, 'utf8')) as Record<string, string>;
  return new Map(
    Object.entries(list).map(([route, file]) => [
      route,
      fs.readFileSync(path.join(clientDir, file)),
    ]),
  );
}

import type { I18n } from '@lingui/core';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_SETTINGS, type SiteInfo, type SiteSettings } from '../../shared/settings.ts';
import type { PublicShareState } from '../../shared/sharing.ts';
import { msg, notFound } from '../errors.ts';
import { scriptJson, type BlogPages, type BlogRenderer } from '../modules/blog/blog-pages.ts';
import type { SharePageReader } from '../modules/sharing/share-pages.ts';
import { isApiPath } from '../modules/settings/maintenance.ts';
import type { SettingsService } from '../modules/settings/settings.service.ts';
import { escapeHtml } from '../html.ts';
import { i18nFor, pageLocale } from '../i18n.ts';
import { offlinePage } from '../offline-page.ts';
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_TAGS,
  localeCookie,
  type Locale,
} from '../../shared/i18n/locales.ts';

export type ClientOptions = {
  settings: SettingsService;
  /** /blog and /blog/{slug}: head tags, the post's JSON and text filled in per request. */
  blogPages?: BlogPages;
  /** /api/{hash} and /single/{hash}: the share's data, rendered into the page (ADR 0019). */
  sharePages?: SharePageReader;
};

/** The renderer scripts/prerender.tsx bundles (src/client/islands/pages.server.tsx). */
type PageRenderer = BlogRenderer & {
  renderSharePage: (hash: string, state: PublicShareState, site: SiteInfo, i18n: I18n) => string;
};
/** Where the build puts it, in a dot folder of the client build (never served). */
export const PAGE_RENDERER = '.ssr/pages.js';
const SHARE_PATH = /^\/(api|single)\/([^/]+)\/?$/;

/**
 * Serves the built client: hashed /assets/* with a year of caching; for every other GET that is not
 * an API path, the public page pre-rendered for that path at build time (dist/client/pages.json,
 * written by scripts/prerender.tsx; `/api/*` and `/single/*` stand for every shared page's hash)
 * or else index.html, the SPA shell, which renders its own pages
 * (the dashboard, its 404 page). HTML is always revalidated (no-cache). Each HTML file is served
 * with the current site settings (`withSiteInfo`). A shared page is served with its data: the
 * view rendered on the server (the build's renderer, `PAGE_RENDERER`) and the data as JSON for
 * its island to hydrate (`#share-state`), 404 for a missing or inactive one; without the renderer
 * or the data (over the rate limit, a failed read), the pre-rendered loading state (ADR 0019).
 * The blog's pages are built by `blogPages`, in their pre-rendered frame with the renderer.
 * Maintenance mode is answered before this (settings/maintenance.ts).
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
    // The service worker's offline page, in the language of the visitor who installs it.
    app.get('/offline.html', { schema: { hide: true } }, (req, reply) => {
      const locale = pageLocale(req);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', VARY)
        .header('content-language', LOCALE_TAGS[locale])
        .send(offlinePage(locale));
    });
    // Browsers ask for /favicon.ico by themselves on pages without an icon link (e.g. JSON).
    app.get('/favicon.ico', { schema: { hide: true } }, (_req, reply) =>
      reply.header('cache-control', 'public, max-age=86400').redirect('/favicon.svg', 301),
    );
  }
  const indexHtml = hasClient ? fs.readFileSync(indexPath) : undefined;
  const pages = hasClient ? readPrerendered(clientDir) : new Map<string, PageFiles>();
  const rendererPath = clientDir && path.join(clientDir, PAGE_RENDERER);
  const renderer =
    hasClient && rendererPath && fs.existsSync(rendererPath)
      ? ((await import(pathToFileURL(rendererPath).href)) as PageRenderer)
      : undefined;
  // The blog's frames (scripts/prerender.tsx): used with the renderer only.
  const blogFrames =
    renderer && pages.has('/blog') && pages.has('/blog/*')
      ? { list: pages.get('/blog')!, post: pages.get('/blog/*')! }
      : undefined;
  const secureCookie = (req: { protocol: string }) => req.protocol === 'https';

  /**
   * The pre-rendered shared page with the view rendered from `state` in #root, the state as JSON
   * for the island, and the page's name in <title>; undefined if rendering failed (logged).
   */
  function withShare(
    html: string,
    hash: string,
    state: PublicShareState,
    s: SiteSettings,
    locale: Locale,
  ) {
    let body: string;
    try {
      body = renderer!.renderSharePage(hash, state, siteInfoOf(s), i18nFor(locale));
    } catch (err) {
      app.log.error({ err }, 'rendering a shared page failed');
      return undefined;
    }
    const title =
      'data' in state
        ? `<title>${escapeHtml(`${state.data.name} · ${s.site_name}`)}</title>`
        : undefined;
    const withTitle = title ? html.replace(/<title>[^<]*<\/title>/, () => title) : html;
    return withTitle
      .replace(
        '</head>',
        () =>
          `  <script type="application/json" id="share-state">${scriptJson(state)}</script>\n  </head>`,
      )
      .replace(
        /(<div id="root"[^>]*>)[\s\S]*(<\/div>\s*<\/body>)/,
        (_m, open: string, close: string) => `${open}${body}${close}`,
      );
  }

  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0]!;
    if (isApiPath(pathname) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      throw notFound(msg('server.errors.noRoute', { method: req.method, path: pathname }));
    }
    if (!indexHtml || /\.[a-z0-9]{1,12}$/i.test(pathname)) {
      // A missing file (or no client build) is a real 404, not the app shell.
      throw notFound(msg('server.errors.fileNotFound', { path: pathname }));
    }
    // A language link (`?lang=zh`, the public footer's): keep the choice, show the page without it.
    const query = new URLSearchParams(req.url.slice(pathname.length));
    const chosen = query.get('lang');
    if (chosen !== null) {
      query.delete('lang');
      const rest = query.size ? `?${query}` : '';
      if (isLocale(chosen)) reply.header('set-cookie', localeCookie(chosen, secureCookie(req)));
      return reply.header('cache-control', 'no-store').redirect(`${pathname}${rest}`, 303);
    }
    const locale = pageLocale(req);
    const key = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    // A shared page's file serves every hash (/api/{hash}, /single/{hash}).
    // The blog's frames are served only filled in (below).
    const files = /^\/blog(?:\/|$)/.test(key)
      ? undefined
      : (pages.get(key) ?? pages.get(key.replace(/^\/(api|single)\/[^/]+$/, '/$1/*')));
    const page = files && inLocale(files, locale);
    await settings.current();
    const snap = settings.snapshot();
    const html = served(page ?? indexHtml, snap);
    // Pages come in the visitor's language: caches keep one copy per language choice.
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-language', LOCALE_TAGS[locale]);
    // The blog's pages are built per request (a post's tags and text); the rest as cached.
    const blog = opts.blogPages && /^\/blog(?:\/|$)/.test(pathname);
    const answer = blog
      ? await opts.blogPages!(
          pathname,
          req.url.slice(pathname.length),
          served(indexHtml, snap).toString('utf8'),
          snap.values,
          locale,
          blogFrames && {
            list: served(inLocale(blogFrames.list, locale), snap).toString('utf8'),
            post: served(inLocale(blogFrames.post, locale), snap).toString('utf8'),
            render: renderer!,
            site: siteInfoOf(snap.values),
            i18n: i18nFor(locale),
          },
        )
      : undefined;
    if (answer) {
      reply.status(answer.status).header('vary', VARY);
      if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
        return reply.header('content-encoding', 'gzip').send(await gzipAsync(answer.html));
      }
      return reply.send(answer.html);
    }
    // Shared pages (/api/{hash}, /single/{hash}): never indexed, their links never sent on.
    if (/^\/(?:api|single)\//.test(pathname)) {
      reply.header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'no-referrer');
    }
    const share =
      page && renderer && opts.sharePages && req.method === 'GET' && SHARE_PATH.exec(pathname);
    if (share) {
      const kind = share[1] === 'api' ? 'page' : 'single';
      let hash: string | undefined;
      try {
        hash = decodeURIComponent(share[2]!);
      } catch {
        // Not valid percent-encoding: no share has it (the page's script says not found).
      }
      const state = hash === undefined ? undefined : await opts.sharePages!(kind, hash, req);
      const answer = state && withShare(html.toString('utf8'), hash!, state, snap.values, locale);
      if (answer) {
        reply.status('notFound' in state ? 404 : 200).header('vary', VARY);
        if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
          return reply.header('content-encoding', 'gzip').send(await gzipAsync(answer));
        }
        return reply.send(answer);
      }
    }
    // @fastify/compress hooks routes only and this handler is none: send the HTML gzipped here.
    reply.header('vary', VARY);
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(gzipped(html));
    }
    return reply.send(html);
  });
}

/** What a page's HTML depends on: the encoding, and the language (the cookie, Accept-Language). */
const VARY = 'accept-encoding, accept-language, cookie';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const DEFAULT_EMAIL = new RegExp(escapeRegExp(escapeHtml(DEFAULT_SETTINGS.contact_email)), 'g');

/** The site name's elements in pre-rendered HTML (components/ui/site-name.tsx). */
const SITE_NAME_ELEMENT = /(<span\b[^>]*\sdata-site-name=""[^>]*>)[^<]*(<\/span>)/g;

/**
 * A built HTML file with the current settings: the site name in <title> (for 'VOIP Manager') and
 * in each `data-site-name` element (the header's brand, the footer, the sign-in heading), the
 * site description as the meta description, the contact email in place of the default one (the
 * contact page is rendered at build time with it), the public site info as JSON for the app
 * (lib/site.ts), so a hydrated page renders what the server sent, and, with the blog off, a style
 * rule hiding the blog links.
 */
export function withSiteInfo(html: string, s: SiteSettings): string {
  const json = JSON.stringify(siteInfoOf(s)).replace(/</g, '\\u003c');
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
    .replace(
      SITE_NAME_ELEMENT,
      (_m, open: string, close: string) => `${open}${escapeHtml(s.site_name)}${close}`,
    )
    .replace(DEFAULT_EMAIL, () => escapeHtml(s.contact_email))
    .replace(
      '</head>',
      () =>
        `  <script type="application/json" id="site-info">${json}</script>\n${hideBlogLinks}  </head>`,
    );
}

/** The public site info (GET /v1/site) of the settings. */
const siteInfoOf = (s: SiteSettings): SiteInfo => ({
  siteName: s.site_name,
  siteDescription: s.site_description,
  contactEmail: s.contact_email,
  maintenance: s.maintenance_mode,
  blogEnabled: s.blog_enabled,
});

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

/** A pre-rendered page's HTML per language. */
type PageFiles = Map<Locale, Buffer>;

/** The page in `locale`, else in English (a page built in one language serves them all). */
const inLocale = (files: PageFiles, locale: Locale): Buffer =>
  files.get(locale) ?? files.get(DEFAULT_LOCALE) ?? files.values().next().value!;

/**
 * path → pre-rendered HTML per language, from dist/client/pages.json (absent in a build without
 * it): `{ path: { locale: file } }`, or `{ path: file }` for one file in every language.
 */
function readPrerendered(clientDir: string): Map<string, PageFiles> {
  const listPath = path.join(clientDir, 'pages.json');
  if (!fs.existsSync(listPath)) return new Map();
  const list = JSON.parse(fs.readFileSync(listPath, 'utf8')) as Record<
    string,
    string | Record<string, string>
  >;
  const read = (file: string) => fs.readFileSync(path.join(clientDir, file));
  return new Map(
    Object.entries(list).map(([route, files]) => [
      route,
      typeof files === 'string'
        ? new Map([[DEFAULT_LOCALE, read(files)]])
        : new Map(
            Object.entries(files)
              .filter((entry): entry is [Locale, string] => isLocale(entry[0]))
              .map(([locale, file]) => [locale, read(file)]),
          ),
    ]),
  );
}

import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors.ts';

/**
 * Serves the built client: hashed /assets/* with a year of caching; for every other GET that is not
 * an API path, the public page pre-rendered for that path at build time (dist/client/pages.json,
 * written by scripts/prerender.tsx) or else index.html, the SPA shell, which renders its own pages
 * (the dashboard, its 404 page). HTML is always revalidated (no-cache).
 */
export async function registerClient(app: FastifyInstance, clientDir: string | undefined) {
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
            : /\.(html|json)$/.test(filePath)
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
    const isApi = pathname === '/v1' || pathname.startsWith('/v1/') || pathname === '/healthz';
    if (isApi || (req.method !== 'GET' && req.method !== 'HEAD')) {
      throw notFound(`No route for ${req.method} ${pathname}`);
    }
    if (!indexHtml || /\.[a-z0-9]{1,8}$/i.test(pathname)) {
      // A missing file (or no client build) is a real 404, not the app shell.
      throw notFound(`Not found: ${pathname}`);
    }
    const page = pages.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
    const html = page ?? indexHtml;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
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

const gzipCache = new WeakMap<Buffer, Buffer>();
/** The HTML gzipped, once per file (they do not change while the server runs). */
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

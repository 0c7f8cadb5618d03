import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors.ts';

/**
 * Serves the built client: hashed /assets/* with a year of caching, index.html (no-cache) for every
 * other GET that is not an API path, so the SPA renders its own pages, including its 404 page.
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
            : 'public, max-age=3600',
        );
      },
    });
  }
  const indexHtml = hasClient ? fs.readFileSync(indexPath) : undefined;

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
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);
  });
}

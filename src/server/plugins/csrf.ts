import type { FastifyInstance } from 'fastify';
import { crossOriginRefused } from '../errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser marks as coming from another site. Browsers send
 * Sec-Fetch-Site and/or Origin on every POST; clients without either (curl, server-to-server) carry
 * no ambient cookies of a victim, so they are not a CSRF vector.
 */
export function registerCsrfGuard(app: FastifyInstance, opts: { publicUrl: string }) {
  const allowed = new Set([new URL(opts.publicUrl).origin]);
  app.addHook('onRequest', async (req) => {
    // An API key request (Authorization header) carries no cookie, and no browser adds the header
    // by itself: not a CSRF vector, and scripts need no Origin.
    if (SAFE.has(req.method) || req.headers.authorization !== undefined) return;
    const site = req.headers['sec-fetch-site'];
    if (site && site !== 'same-origin' && site !== 'none') throw crossOriginRefused();
    const origin = req.headers.origin;
    if (origin && origin !== 'null') {
      const host = req.headers.host;
      const sameHost = host && (origin === `http://${host}` || origin === `https://${host}`);
      if (!sameHost && !allowed.has(origin)) throw crossOriginRefused();
    } else if (origin === 'null') {
      throw crossOriginRefused();
    }
  });
}

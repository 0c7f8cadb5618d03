import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Helmet's security headers (CSP, HSTS, frame and referrer policies…) on every answer. The
 * middleware is built once, at startup: `@fastify/helmet` rebuilt it and re-parsed the CSP on each
 * request, about a twelfth of the CPU of a small request such as an analytics beacon (ADR 0014).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const apply = helmet(options);
  app.addHook('onRequest', (req, reply, done) => {
    apply(req.raw, reply.raw, (err) => done(err as Error | undefined));
  });
}

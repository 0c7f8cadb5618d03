import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { PublicShareState } from '../../../shared/sharing.ts';
import { AppError } from '../../errors.ts';
import type { PublicSharingService } from './public.service.ts';

/**
 * What a shared page (/api/{hash}, /single/{hash}) is served with (plugins/client.ts renders it
 * into the page, ADR 0019): the public read's answer, or its not-found error; undefined when it
 * cannot be had now (the address is over the public routes' limit, or the read failed): the page
 * is then served in its loading state and its script reads the share, with the API's answer.
 */
export type SharePageReader = (
  kind: 'page' | 'single',
  hash: string,
  req: FastifyRequest,
) => Promise<PublicShareState | undefined>;

export function sharePageReader(deps: {
  service: Pick<PublicSharingService, 'page' | 'single'>;
  /** The public routes' limit per address: a page load counts as one read of the API. */
  allowed: (req: FastifyRequest) => Promise<boolean>;
  now: () => Date;
  log: FastifyBaseLogger;
}): SharePageReader {
  return async (kind, hash, req) => {
    if (!(await deps.allowed(req))) return undefined;
    const renderedAt = deps.now().getTime();
    try {
      // Counted as a view, as the API read the page's script made before was.
      return kind === 'page'
        ? { kind, renderedAt, data: await deps.service.page(hash) }
        : { kind, renderedAt, data: await deps.service.single(hash) };
    } catch (err) {
      if (err instanceof AppError && err.status === 404) {
        return { kind, renderedAt, notFound: { code: err.code, message: err.message } };
      }
      deps.log.warn({ err, kind }, 'reading a shared page for its HTML failed');
      return undefined;
    }
  };
}

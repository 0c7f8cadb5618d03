import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { PublicEndpoint, PublicPage } from '../../../shared/sharing.ts';
import { databaseUnavailable } from '../../errors.ts';
import { sharingErrors } from './sharing.errors.ts';
import { sharePageReader } from './share-pages.ts';

const at = new Date('2026-11-20T10:00:00Z');
const req = {} as FastifyRequest;
const page: PublicPage = { name: 'Team', numbers: [], numberCount: 0 };
const endpoint = { name: 'API', number: {} } as PublicEndpoint;

function reader(opts: {
  page?: () => Promise<PublicPage>;
  single?: () => Promise<PublicEndpoint>;
  allowed?: boolean;
}) {
  const warn = vi.fn();
  const service = {
    page: vi.fn(opts.page ?? (async () => page)),
    single: vi.fn(opts.single ?? (async () => endpoint)),
  };
  const read = sharePageReader({
    service,
    allowed: async () => opts.allowed ?? true,
    now: () => at,
    log: { warn } as unknown as FastifyBaseLogger,
  });
  return { read, service, warn };
}

describe('sharePageReader: what a shared page is served with', () => {
  it('reads a page or an endpoint, with the time it was read', async () => {
    const { read, service } = reader({});
    expect(await read('page', 'h1', req)).toEqual({
      kind: 'page',
      renderedAt: at.getTime(),
      data: page,
    });
    expect(await read('single', 'h2', req)).toEqual({
      kind: 'single',
      renderedAt: at.getTime(),
      data: endpoint,
    });
    expect(service.page).toHaveBeenCalledWith('h1');
    expect(service.single).toHaveBeenCalledWith('h2');
  });

  it('turns a missing or inactive share into its not-found state, with the API’s code and sentence', async () => {
    const { read } = reader({
      page: async () => Promise.reject(sharingErrors.publicPageNotFound()),
      single: async () => Promise.reject(sharingErrors.publicEndpointNotFound()),
    });
    const gone = await read('page', 'x', req);
    expect(gone).toMatchObject({ kind: 'page', notFound: { code: 'PAGE_NOT_FOUND' } });
    expect(gone && 'notFound' in gone && gone.notFound.message).toBe(
      sharingErrors.publicPageNotFound().message,
    );
    expect(await read('single', 'x', req)).toMatchObject({
      notFound: { code: 'ENDPOINT_NOT_FOUND' },
    });
  });

  it('gives nothing (the page loads its data itself) over the address’s limit, without reading', async () => {
    const { read, service } = reader({ allowed: false });
    expect(await read('page', 'h1', req)).toBeUndefined();
    expect(service.page).not.toHaveBeenCalled();
  });

  it('gives nothing, logged, when the read fails otherwise', async () => {
    const { read, warn } = reader({
      page: async () => Promise.reject(databaseUnavailable()),
      single: async () => Promise.reject(new Error('boom')),
    });
    expect(await read('page', 'h1', req)).toBeUndefined();
    expect(await read('single', 'h1', req)).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

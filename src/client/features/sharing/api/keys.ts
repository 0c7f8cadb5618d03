/**
 * The two kinds of shared links: a public page (several numbers, `/api/{hash}`) and a single
 * endpoint (one number, `/single/{hash}`; "Single API" in the UI). Query keys: the owner's pages
 * under ['pages'], endpoints under ['single-endpoints'] (the public views use no query client,
 * ADR 0019). No zod here: the public views' chunks load this file.
 */
export type ShareKind = 'page' | 'single';

export const pageKeys = {
  all: ['pages'] as const,
  lists: () => ['pages', 'list'] as const,
  detail: (id: string) => ['pages', 'detail', id] as const,
};

export const endpointKeys = {
  all: ['single-endpoints'] as const,
  lists: () => ['single-endpoints', 'list'] as const,
  /** The list filtered by a remark ('' = every endpoint). */
  list: (remark: string) => ['single-endpoints', 'list', remark] as const,
};

/** The page's public address: `{origin}/api/{hash}`. */
export const publicPageUrl = (hash: string, origin = window.location.origin) =>
  `${origin}/api/${encodeURIComponent(hash)}`;

/** The endpoint's public address: `{origin}/single/{hash}`. */
export const singleEndpointUrl = (hash: string, origin = window.location.origin) =>
  `${origin}/single/${encodeURIComponent(hash)}`;

/** Per kind: the owner's API, the public API, the query keys and the public address. */
export const shareApi = {
  page: {
    path: '/v1/pages',
    publicPath: '/v1/public/pages',
    keys: pageKeys,
    url: publicPageUrl,
  },
  single: {
    path: '/v1/single-endpoints',
    publicPath: '/v1/public/single',
    keys: endpointKeys,
    url: singleEndpointUrl,
  },
} as const;

export const itemPath = (kind: ShareKind, id: string) =>
  `${shareApi[kind].path}/${encodeURIComponent(id)}`;

export const publicPath = (kind: ShareKind, hash: string) =>
  `${shareApi[kind].publicPath}/${encodeURIComponent(hash)}`;

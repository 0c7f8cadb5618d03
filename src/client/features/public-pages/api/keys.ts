/** Query keys of the public-pages feature: the owner's pages under ['pages'], a public view apart. */
export const pageKeys = {
  all: ['pages'] as const,
  lists: () => ['pages', 'list'] as const,
  detail: (id: string) => ['pages', 'detail', id] as const,
  /** A page as its visitors see it (GET /v1/public/pages/:hash). */
  public: (hash: string) => ['public-page', hash] as const,
};

/** The page's public address: `{origin}/api/{hash}`. */
export const publicPageUrl = (hash: string, origin = window.location.origin) =>
  `${origin}/api/${encodeURIComponent(hash)}`;

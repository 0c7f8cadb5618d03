/** Query keys of the single-api feature: the owner's entries under ['single-endpoints']. */
export const entryKeys = {
  all: ['single-endpoints'] as const,
  lists: () => ['single-endpoints', 'list'] as const,
  /** The list filtered by a remark ('' = every entry). */
  list: (remark: string) => ['single-endpoints', 'list', remark] as const,
  /** An endpoint as its visitors see it (GET /v1/public/single/:hash). */
  public: (hash: string) => ['public-single', hash] as const,
};

/** The endpoint's public address: `{origin}/single/{hash}`. */
export const singleEndpointUrl = (hash: string, origin = window.location.origin) =>
  `${origin}/single/${encodeURIComponent(hash)}`;

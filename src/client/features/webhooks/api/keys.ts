/** Query keys of the webhooks feature. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: ['webhooks', 'list'] as const,
  /** The user's tags, read for the tag filter (the numbers feature keeps its own copy). */
  tags: ['webhooks', 'tags'] as const,
  deliveries: (webhookId: string) => ['webhooks', 'deliveries', webhookId] as const,
};

export const webhookPath = (id: string) => `/v1/webhooks/${encodeURIComponent(id)}`;

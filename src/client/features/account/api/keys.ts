/** Query keys of the account feature (the user itself lives under lib/me.ts's ME_QUERY_KEY). */
export const accountKeys = {
  sessions: ['account', 'sessions'] as const,
  apiKeys: ['account', 'api-keys'] as const,
};

import { z } from 'zod';

/**
 * API keys: `Authorization: Bearer <key>` on the /v1 routes a key's scopes allow (the route's
 * `config.scope`, server side). The scopes are the contract scripts are written against: add new
 * ones, never rename.
 */
export const API_KEY_SCOPES = [
  'numbers:read',
  'numbers:write',
  'messages:read',
  'sharing:read',
  'sharing:write',
  'webhooks:read',
  'webhooks:write',
  'channels:read',
  'channels:write',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'vmk_';
/** The visible part of a key: the prefix and the first 8 characters of its secret. */
export const API_KEY_VISIBLE_LENGTH = API_KEY_PREFIX.length + 8;
export const MAX_API_KEYS_PER_USER = 50;
export const MAX_API_KEY_NAME_LENGTH = 100;

export const createApiKeyBody = z.object({
  name: z
    .string({ error: 'validation.apiKeys.nameRequired' })
    .trim()
    .min(1, 'validation.apiKeys.nameRequired')
    .max(MAX_API_KEY_NAME_LENGTH, 'validation.apiKeys.nameTooLong'),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: 'validation.apiKeys.unknownScope' }), {
      error: 'validation.apiKeys.scopeRequired',
    })
    .min(1, 'validation.apiKeys.scopeRequired')
    .transform((s) => API_KEY_SCOPES.filter((x) => s.includes(x))),
  expiresAt: z.iso.datetime({ offset: true, error: 'validation.apiKeys.expiry' }).optional(),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBody>;

export const apiKeyDto = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The key's visible start (`vmk_` + 8 characters); the rest is never shown again. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type ApiKeyDto = z.infer<typeof apiKeyDto>;

/** The create answer: the only one that carries the key. */
export const createdApiKeyDto = apiKeyDto.extend({ key: z.string() });
export type CreatedApiKeyDto = z.infer<typeof createdApiKeyDto>;

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

/** What each scope allows, for the create form and the OpenAPI document. */
export const SCOPE_DESCRIPTIONS: Record<ApiKeyScope, string> = {
  'numbers:read': 'List and look up numbers and tags, export numbers',
  'numbers:write': 'Add, edit, import and delete numbers and tags; refresh, test, date checks',
  'messages:read': 'Read and export messages, wait for a code, live events',
  'sharing:read': 'List shared pages and single endpoints',
  'sharing:write': 'Create, edit, regenerate and delete shared pages and single endpoints',
  'webhooks:read': 'List webhooks and their delivery logs',
  'webhooks:write': 'Create, edit, test and delete webhooks; redeliver',
  'channels:read': 'List notification channels and their delivery logs',
  'channels:write': 'Create, edit, test and delete notification channels; redeliver',
};

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'vmk_';
/** The visible part of a key: the prefix and the first 8 characters of its secret. */
export const API_KEY_VISIBLE_LENGTH = API_KEY_PREFIX.length + 8;
export const MAX_API_KEYS_PER_USER = 50;
export const MAX_API_KEY_NAME_LENGTH = 100;

export const createApiKeyBody = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(MAX_API_KEY_NAME_LENGTH, `Name must be at most ${MAX_API_KEY_NAME_LENGTH} characters`),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: 'Unknown scope' }), {
      error: 'Choose at least one scope',
    })
    .min(1, 'Choose at least one scope')
    .transform((s) => API_KEY_SCOPES.filter((x) => s.includes(x))),
  expiresAt: z.iso.datetime({ offset: true, error: 'Expiry must be a date and time' }).optional(),
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

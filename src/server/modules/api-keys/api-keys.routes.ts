import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  API_KEY_PREFIX,
  API_KEY_VISIBLE_LENGTH,
  apiKeyDto,
  createApiKeyBody,
  createdApiKeyDto,
  MAX_API_KEYS_PER_USER,
} from '../../../shared/api-keys.ts';
import type { App } from '../../app.ts';
import { errorResponses } from '../../error-responses.ts';
import { requireUser, userOrIp } from '../../plugins/session.ts';
import { randomToken, sha256 } from '../../secrets.ts';
import { apiKeyErrors } from './api-keys.errors.ts';
import type { ApiKeysRepository } from './api-keys.repository.ts';

const signedIn = async (req: FastifyRequest) => {
  requireUser(req);
};
const perUser = (max: number) => ({
  rateLimit: { max, timeWindow: 60_000, keyGenerator: userOrIp },
});
const keyParams = z.object({ id: z.uuid() });

/**
 * Settings → API keys. Session only (no `config.scope`): a key cannot make, list or revoke keys,
 * so a leaked key cannot outlive its revocation by minting another.
 */
export function apiKeysRoutes(app: App, repo: ApiKeysRepository, now: () => Date) {
  app.get(
    '/v1/api-keys',
    {
      preValidation: signedIn,
      schema: {
        tags: ['api-keys'],
        description: "The user's API keys, oldest first, with their last use (never the key).",
        response: {
          200: z.object({ items: z.array(apiKeyDto) }),
          ...errorResponses('UNAUTHORIZED'),
        },
      },
    },
    async (req) => ({ items: await repo.list(requireUser(req).id) }),
  );

  app.post(
    '/v1/api-keys',
    {
      config: perUser(20),
      preValidation: signedIn,
      schema: {
        tags: ['api-keys'],
        description:
          'Creates an API key. The answer is the only one that carries `key`: it is stored as a hash and cannot be shown again.',
        body: createApiKeyBody,
        response: {
          201: createdApiKeyDto,
          ...errorResponses('UNAUTHORIZED', 'API_KEY_LIMIT_REACHED'),
        },
      },
    },
    async (req, reply) => {
      const at = now();
      const expiresAt = req.body.expiresAt ? new Date(req.body.expiresAt) : null;
      if (expiresAt && expiresAt <= at) throw apiKeyErrors.expiryInPast();
      const key = API_KEY_PREFIX + randomToken(32);
      const created = await repo.create(
        requireUser(req).id,
        {
          name: req.body.name,
          prefix: key.slice(0, API_KEY_VISIBLE_LENGTH),
          keyHash: sha256(key),
          scopes: req.body.scopes,
          expiresAt,
          now: at,
        },
        MAX_API_KEYS_PER_USER,
      );
      if (!created) throw apiKeyErrors.limitReached();
      return reply.status(201).send({ ...created, key });
    },
  );

  app.delete(
    '/v1/api-keys/:id',
    {
      config: perUser(60),
      preValidation: signedIn,
      schema: {
        tags: ['api-keys'],
        description: 'Revokes the key at once: its next request is refused (401).',
        params: keyParams,
        response: { ...errorResponses('UNAUTHORIZED', 'API_KEY_NOT_FOUND') },
      },
    },
    async (req, reply) => {
      if (!(await repo.delete(requireUser(req).id, req.params.id))) throw apiKeyErrors.notFound();
      return reply.status(204).send();
    },
  );
}

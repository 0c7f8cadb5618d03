import { defineModule } from '../module.ts';
import { API_KEY_RATE_LIMIT, registerApiKeyAuth } from './api-key-auth.ts';
import { apiKeysRepository } from './api-keys.repository.ts';
import { apiKeysRoutes } from './api-keys.routes.ts';

/** API keys: their routes, and the hook that signs a request in with one (`req.apiKey`). */
export const apiKeysModule = defineModule('api-keys', ['auth'], (app, ctx) => {
  const repo = apiKeysRepository(ctx.database.db);
  registerApiKeyAuth(app, repo, {
    now: ctx.now,
    rateLimit: { ...API_KEY_RATE_LIMIT, ...ctx.tuning.apiKeyRateLimit },
  });
  apiKeysRoutes(app, repo, ctx.now);
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from './app.ts';
import { createTestApp, type TestApp } from './test/app.ts';

/*
 * `@fastify/rate-limit` applies a route's `config.rateLimit` only to routes added after the plugin.
 * A route with a limit is added where the first module's routes (auth) are: it must be limited.
 */
vi.mock('./modules/auth/auth.routes.ts', async (importOriginal) => {
  const mod = await importOriginal<typeof import('./modules/auth/auth.routes.ts')>();
  return {
    ...mod,
    authRoutes: (
      app: App,
      ...rest: Parameters<typeof mod.authRoutes> extends [App, ...infer R] ? R : never
    ) => {
      app.get(
        '/v1/test/limited',
        { config: { rateLimit: { max: 2, timeWindow: 60_000 } } },
        async () => ({ ok: true }),
      );
      mod.authRoutes(app, ...rest);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('rate limiting', () => {
  it('holds for a route registered with the first module, before the others', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await t.app.inject({ url: '/v1/test/limited' })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
  });
});

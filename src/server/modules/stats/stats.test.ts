import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /v1/public/stats', () => {
  it('reports real counts from the database, cached for a few seconds', async () => {
    const first = await t.app.inject({ url: '/v1/public/stats' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ users: 0, numbers: 0, messages: 0 });

    await signIn(t, 'stats-a@example.com');
    await signIn(t, 'stats-b@example.com');
    const cached = await t.app.inject({ url: '/v1/public/stats' });
    expect(cached.json().users).toBe(0);

    t.clock.advance(3_000);
    const fresh = await t.app.inject({ url: '/v1/public/stats' });
    expect(fresh.json()).toEqual({ users: 2, numbers: 0, messages: 0 });
  });
});

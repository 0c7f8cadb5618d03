import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastLinkToken, signIn, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const freshEmail = () => `next${++n}-${Date.now()}@example.com`;
const sendCode = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/v1/auth/code', payload });
const mailOf = (email: string) => t.mailer.outbox!(email)[0]!;

describe('sign-in returns to the page asked for', () => {
  it('the emailed link carries a safe next page and redirects there after sign-in', async () => {
    const email = freshEmail();
    expect((await sendCode({ email, next: '/dashboard/settings?tab=a#b' })).statusCode).toBe(200);
    const mail = mailOf(email);
    const token = lastLinkToken(t, email);
    const link = `http://localhost:3000/v1/auth/link?token=${token}&next=%2Fdashboard%2Fsettings%3Ftab%3Da%23b`;
    expect(mail.text).toContain(link);

    const res = await t.app.inject({ url: link.slice('http://localhost:3000'.length) });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/dashboard/settings?tab=a#b');
    expect(res.cookies.find((c) => c.name === 'vm_session')?.value).toBeTruthy();

    // A used link goes back to /auth and keeps the page for the next try.
    const reused = await t.app.inject({ url: link.slice('http://localhost:3000'.length) });
    expect(reused.headers.location).toBe(
      '/auth?error=link&next=%2Fdashboard%2Fsettings%3Ftab%3Da%23b',
    );
  });

  it('leaves unsafe or default next values out of the mail', async () => {
    for (const next of ['//evil.example', 'https://evil.example', '/dashboard', '/about']) {
      const email = freshEmail();
      expect((await sendCode({ email, next })).statusCode).toBe(200);
      expect(mailOf(email).text).not.toContain('next=');
    }
  });

  it.each([
    ['//evil.example', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['https://evil.example/dashboard', '/dashboard'],
    ['javascript:alert(1)', '/dashboard'],
    ['/%2F%2Fevil.example', '/dashboard'],
    ['/dashboard/../..//evil.example', '/dashboard'],
    ['/edit/abc', '/edit/abc'],
  ])('the link redirect turns next=%j into %s', async (next, location) => {
    const email = freshEmail();
    await sendCode({ email });
    const res = await t.app.inject({
      url: `/v1/auth/link?token=${lastLinkToken(t, email)}&next=${encodeURIComponent(next)}`,
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(location);
  });

  it('refuses an over-long next with 400', async () => {
    const res = await sendCode({ email: freshEmail(), next: '/dashboard/' + 'a'.repeat(2100) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('GET /v1/auth/session', () => {
  it('answers 200 with null for a visitor and for a dead cookie, and the user when signed in', async () => {
    const none = await t.app.inject({ url: '/v1/auth/session' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ user: null });
    expect(none.headers['cache-control']).toBe('no-store');

    const forged = await t.app.inject({
      url: '/v1/auth/session',
      cookies: { vm_session: 'A'.repeat(43) },
    });
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toEqual({ user: null });
    expect(forged.cookies.find((c) => c.name === 'vm_session')?.value).toBe('');

    const a = await signIn(t);
    const me = await t.app.inject({ url: '/v1/me', headers: { cookie: a.cookie } });
    const session = await t.app.inject({ url: '/v1/auth/session', headers: { cookie: a.cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ user: me.json() });

    // GET /v1/me still answers 401 to signed-out API clients.
    expect((await t.app.inject({ url: '/v1/me' })).statusCode).toBe(401);
  });
});

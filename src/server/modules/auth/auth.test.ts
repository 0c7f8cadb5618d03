import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastCode, lastLinkToken, signIn, type TestApp } from '../../test/app.ts';
import { signInMail } from './auth.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const freshEmail = () => `person${++n}-${Date.now()}@example.com`;
const post = (url: string, payload?: string | object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload }) });
const sendCode = (email: string, headers: Record<string, string> = {}) =>
  post('/v1/auth/code', { email }, headers);
const verify = (email: string, code: string) => post('/v1/auth/verify', { email, code });
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /v1/auth/code', () => {
  it('mails a 6-digit code and a one-click link, and never stores the code in clear', async () => {
    const email = freshEmail();
    const res = await sendCode(email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      sent: true,
      resendAfterSeconds: 60,
      expiresInSeconds: 600,
      devOutbox: `/v1/dev/outbox?to=${encodeURIComponent(email)}`,
    });
    const mail = t.mailer.outbox!(email)[0]!;
    expect(mail.to).toBe(email);
    const code = lastCode(t, email);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain('http://localhost:3000/v1/auth/link?token=');
    const rows = await t.database.db.query.loginCodes.findMany();
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(code);
    expect(dump).not.toContain(lastLinkToken(t, email));
  });

  it.each([
    [
      'malformed email',
      { email: 'not-an-email' },
      'VALIDATION_ERROR',
      'Please enter a valid email address',
    ],
    ['empty email', { email: '' }, 'VALIDATION_ERROR', 'Email is required'],
    ['wrong type', { email: 42 }, 'VALIDATION_ERROR', 'Email is required'],
    ['missing field', {}, 'VALIDATION_ERROR', 'Email is required'],
  ])('refuses %s with 400', async (_name, payload, code, message) => {
    const res = await post('/v1/auth/code', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code, message });
    expect(res.json().error.fields.email).toBeDefined();
  });

  it('refuses a missing body and a non-JSON body with 400/415', async () => {
    const missing = await post('/v1/auth/code', undefined, { 'content-type': 'application/json' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('INVALID_BODY');
    const noType = await post('/v1/auth/code');
    expect(noType.statusCode).toBe(400);
    const broken = await post('/v1/auth/code', '{"email": ', {
      'content-type': 'application/json',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toEqual({
      code: 'INVALID_JSON',
      message: 'Request body is not valid JSON.',
    });
    const text = await post('/v1/auth/code', 'email=a@b.co', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('locks resend for 60 s with Retry-After, then allows it and replaces the old code', async () => {
    const email = freshEmail();
    expect((await sendCode(email)).statusCode).toBe(200);
    const first = lastCode(t, email);
    t.clock.advance(20_000);
    const early = await sendCode(email);
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('40');
    expect(early.json().error).toMatchObject({ code: 'RESEND_TOO_SOON', retryAfterSeconds: 40 });
    expect(t.mailer.outbox!(email)).toHaveLength(1);

    t.clock.advance(40_000);
    expect((await sendCode(email)).statusCode).toBe(200);
    const second = lastCode(t, email);
    if (first !== second) {
      const old = await verify(email, first);
      expect(old.statusCode).toBe(400);
    }
    expect((await verify(email, second)).statusCode).toBe(200);
  });

  it('allows at most 5 sends per email per hour', async () => {
    const email = freshEmail();
    for (let i = 0; i < 5; i++) {
      expect((await sendCode(email)).statusCode).toBe(200);
      t.clock.advance(61_000);
    }
    const sixth = await sendCode(email);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.code).toBe('TOO_MANY_CODES');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(3_600_000);
    expect((await sendCode(email)).statusCode).toBe(200);
  });

  it('limits sends per IP address', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.9' };
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await sendCode(freshEmail(), ip)).statusCode;
    expect(last).toBe(429);
    const other = await sendCode(freshEmail(), { 'x-forwarded-for': '203.0.113.10' });
    expect(other.statusCode).toBe(200);
    t.clock.advance(3_600_000);
  });

  it('sends exactly one code for 60 parallel requests for one email', async () => {
    const email = freshEmail();
    const ip = { 'x-forwarded-for': '203.0.113.60' };
    const res = await Promise.all(Array.from({ length: 60 }, () => sendCode(email, ip)));
    const codes = res.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 429)).toHaveLength(59);
    expect(t.mailer.outbox!(email)).toHaveLength(1);
    const refused = res.find((r) => r.statusCode === 429)!;
    expect(refused.json().error.code).toBe('RESEND_TOO_SOON');
    expect(refused.headers['retry-after']).toBe('60');
    const sends = await t.database.db.query.loginCodeSends.findMany();
    expect(sends.filter((s) => s.email === email)).toHaveLength(1);
    t.clock.advance(3_600_000);
  });

  it('sends exactly 20 codes for 30 parallel requests from one IP', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.61' };
    const res = await Promise.all(Array.from({ length: 30 }, () => sendCode(freshEmail(), ip)));
    const codes = res.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    expect(res.find((r) => r.statusCode === 429)!.json().error.code).toBe('TOO_MANY_SIGN_INS');
    t.clock.advance(3_600_000);
  });
});

describe('POST /v1/auth/verify', () => {
  it('signs in, creates the account (verified) and sets a hardened session cookie', async () => {
    const email = freshEmail();
    await sendCode(email);
    const res = await verify(email, lastCode(t, email));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email, emailVerified: true });
    const cookie = res.cookies.find((c) => c.name === 'vm_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const sessions = await t.database.db.query.sessions.findMany();
    expect(JSON.stringify(sessions)).not.toContain(cookie.value);

    const me = await t.app.inject({ url: '/v1/me', cookies: { vm_session: cookie.value } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      id: res.json().id,
      email,
      emailVerified: true,
      codeToasts: true,
      theme: 'system',
      locale: 'en',
    });
  });

  it('signs the same account in again on a second sign-in', async () => {
    const email = freshEmail();
    const a = await signIn(t, email);
    t.clock.advance(61_000);
    const b = await signIn(t, email);
    expect(b.user.id).toBe(a.user.id);
  });

  it.each([
    ['5 digits', '12345'],
    ['7 digits', '1234567'],
    ['letters', '12a456'],
    ['spaces', '123 45'],
  ])('refuses a code with %s (400) without spending an attempt', async (_n, code) => {
    const email = freshEmail();
    await sendCode(email);
    const res = await verify(email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Code must be exactly 6 digits',
    });
    expect((await verify(email, lastCode(t, email))).statusCode).toBe(200);
  });

  it('counts wrong tries down and burns the code after 5; the right code is then refused', async () => {
    const email = freshEmail();
    await sendCode(email);
    const code = lastCode(t, email);
    const wrong = wrongCodeFor(code);
    for (let i = 1; i <= 4; i++) {
      const res = await verify(email, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'CODE_INVALID', remainingAttempts: 5 - i });
      expect(res.json().error.message).toMatch(
        /^Failed to verify code: the code is incorrect\. \d attempts? remaining\.$/,
      );
    }
    const fifth = await verify(email, wrong);
    expect(fifth.json().error).toMatchObject({ code: 'CODE_LOCKED', remainingAttempts: 0 });
    const right = await verify(email, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().error).toMatchObject({
      code: 'CODE_LOCKED',
      message: 'Failed to verify code: too many wrong attempts. Request a new code.',
    });
    expect(right.cookies.find((c) => c.name === 'vm_session')).toBeUndefined();
  });

  it('refuses an expired code (after 10 minutes)', async () => {
    const email = freshEmail();
    await sendCode(email);
    t.clock.advance(10 * 60_000 + 1);
    const res = await verify(email, lastCode(t, email));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'CODE_EXPIRED',
      message: 'Failed to verify code: the code has expired. Request a new code.',
    });
  });

  it('refuses a code that was already used, and an email with no code', async () => {
    const email = freshEmail();
    await sendCode(email);
    const code = lastCode(t, email);
    expect((await verify(email, code)).statusCode).toBe(200);
    const again = await verify(email, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('CODE_INVALID');
    const none = await verify(freshEmail(), '123456');
    expect(none.json().error.message).toBe(
      'Failed to verify code: there is no active code for this email. Request a new code.',
    );
  });

  it('lets only one of two concurrent verifications of the same code win', async () => {
    const email = freshEmail();
    await sendCode(email);
    const code = lastCode(t, email);
    const results = await Promise.all([
      verify(email, code),
      verify(email, code),
      verify(email, code),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });
});

describe('GET /v1/auth/link', () => {
  it('signs in once and redirects to /dashboard; a reused link goes back to /auth', async () => {
    const email = freshEmail();
    await sendCode(email);
    const token = lastLinkToken(t, email);
    const res = await t.app.inject({ url: `/v1/auth/link?token=${token}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/dashboard');
    const cookie = res.cookies.find((c) => c.name === 'vm_session')!;
    const me = await t.app.inject({ url: '/v1/me', cookies: { vm_session: cookie.value } });
    expect(me.json().email).toBe(email);

    const reused = await t.app.inject({ url: `/v1/auth/link?token=${token}` });
    expect(reused.statusCode).toBe(302);
    expect(reused.headers.location).toBe('/auth?error=link');
    expect(reused.cookies.find((c) => c.name === 'vm_session')).toBeUndefined();
    // The code from the same mail is used up too.
    expect((await verify(email, lastCode(t, email))).statusCode).toBe(400);
  });

  it('refuses an expired link, a forged link and a missing token', async () => {
    const email = freshEmail();
    await sendCode(email);
    t.clock.advance(10 * 60_000 + 1);
    const expired = await t.app.inject({ url: `/v1/auth/link?token=${lastLinkToken(t, email)}` });
    expect(expired.headers.location).toBe('/auth?error=link');
    const forged = await t.app.inject({ url: `/v1/auth/link?token=${'A'.repeat(43)}` });
    expect(forged.headers.location).toBe('/auth?error=link');
    const missing = await t.app.inject({ url: '/v1/auth/link' });
    expect(missing.headers.location).toBe('/auth?error=link');
  });
});

describe('sessions', () => {
  it('GET /v1/me is 401 without a cookie and with a forged cookie (which is cleared)', async () => {
    const none = await t.app.inject({ url: '/v1/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('UNAUTHORIZED');
    const forged = await t.app.inject({ url: '/v1/me', cookies: { vm_session: 'A'.repeat(43) } });
    expect(forged.statusCode).toBe(401);
    const cleared = forged.cookies.find((c) => c.name === 'vm_session');
    expect(cleared?.value).toBe('');
    const huge = await t.app.inject({ url: '/v1/me', cookies: { vm_session: 'x'.repeat(5000) } });
    expect(huge.statusCode).toBe(401);
  });

  it('expires after 30 days without use, and slides while used', async () => {
    const a = await signIn(t);
    t.clock.advance(20 * 86_400_000);
    const used = await t.app.inject({ url: '/v1/me', headers: { cookie: a.cookie } });
    expect(used.statusCode).toBe(200);
    const renewed = used.cookies.find((c) => c.name === 'vm_session')!;
    expect(
      Math.abs(renewed.expires!.getTime() - (t.clock.now().getTime() + 30 * 86_400_000)),
    ).toBeLessThan(1000);
    t.clock.advance(25 * 86_400_000); // 45 days after sign-in, 25 after last use
    expect((await t.app.inject({ url: '/v1/me', headers: { cookie: a.cookie } })).statusCode).toBe(
      200,
    );
    t.clock.advance(30 * 86_400_000 + 1000);
    expect((await t.app.inject({ url: '/v1/me', headers: { cookie: a.cookie } })).statusCode).toBe(
      401,
    );
  });

  it('sign-out deletes the session so the cookie no longer works', async () => {
    const a = await signIn(t);
    const out = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/signout',
      headers: { cookie: a.cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    expect(out.cookies.find((c) => c.name === 'vm_session')?.value).toBe('');
    expect((await t.app.inject({ url: '/v1/me', headers: { cookie: a.cookie } })).statusCode).toBe(
      401,
    );
  });

  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://voip.example.com' } });
    try {
      const email = freshEmail();
      await secure.app.inject({ method: 'POST', url: '/v1/auth/code', payload: { email } });
      const res = await secure.app.inject({
        method: 'POST',
        url: '/v1/auth/verify',
        payload: { email, code: lastCode(secure, email) },
      });
      expect(res.cookies.find((c) => c.name === 'vm_session')!.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });
});

describe('cross-origin protection', () => {
  it.each([
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Origin null', { origin: 'null' }],
  ])('refuses a POST with %s (403) and sends nothing', async (_n, headers) => {
    const email = freshEmail();
    const res = await sendCode(email, headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CROSS_ORIGIN_REFUSED');
    expect(t.mailer.outbox!(email)).toHaveLength(0);
  });

  it('accepts same-origin POSTs from the browser', async () => {
    const res = await sendCode(freshEmail(), {
      'sec-fetch-site': 'same-origin',
      origin: 'http://localhost:3000',
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a cross-site sign-out (it would log the victim out)', async () => {
    const a = await signIn(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/signout',
      headers: { cookie: a.cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/v1/me', headers: { cookie: a.cookie } })).statusCode).toBe(
      200,
    );
  });
});

describe('request logs', () => {
  it('never contain codes, link tokens, cookies or session tokens', async () => {
    const email = freshEmail();
    await sendCode(email);
    const code = lastCode(t, email);
    const token = lastLinkToken(t, email);
    const link = await t.app.inject({ url: `/v1/auth/link?token=${token}` });
    const session = link.cookies.find((c) => c.name === 'vm_session')!.value;
    await t.app.inject({ url: '/v1/me', headers: { cookie: `vm_session=${session}` } });
    const logs = t.logs();
    expect(logs).toContain('/v1/auth/link?token=[redacted]');
    // A six-digit code can turn up inside any long number (a timestamp, a response time), so it
    // counts only standing alone; the token and session are long enough to search for as they are.
    expect(logs).not.toMatch(new RegExp(`(?<![0-9.])${code}(?![0-9])`));
    for (const secret of [token, session]) expect(logs).not.toContain(secret);
  });
});

describe('the sign-in mail', () => {
  const link = 'http://localhost:3000/v1/auth/link?token=abc&next=%2Fdashboard';

  it('in English is the product’s text, character for character', () => {
    expect(signInMail('en', '042917', link)).toEqual({
      subject: 'Your VOIP Manager sign-in code: 042917',
      text: [
        'Your sign-in code is 042917',
        '',
        'Enter it on the sign-in page, or open this link to sign in directly:',
        link,
        '',
        'The code and the link work once and expire in 10 minutes.',
        'If you did not ask to sign in to VOIP Manager, you can ignore this email.',
      ].join('\n'),
      html: `<p>Your sign-in code is <strong style="font-size:20px;letter-spacing:3px">042917</strong></p>
<p>Enter it on the sign-in page, or <a href="http://localhost:3000/v1/auth/link?token=abc&amp;next=%2Fdashboard">sign in with one click</a>.</p>
<p>The code and the link work once and expire in 10 minutes.
If you did not ask to sign in to VOIP Manager, you can ignore this email.</p>`,
    });
  });

  it('keeps the code and the link in its HTML in every language', () => {
    const ru = signInMail('ru', '042917', link);
    expect(ru.subject).toBe('Ваш код для входа в VOIP Manager: 042917');
    expect(ru.html).toContain(
      'Ваш код для входа: <strong style="font-size:20px;letter-spacing:3px">042917</strong>',
    );
    expect(ru.html).toContain(
      '<a href="http://localhost:3000/v1/auth/link?token=abc&amp;next=%2Fdashboard">войдите одним нажатием</a>',
    );
    // A link is put in as it is, whatever it holds ($& is no replacement pattern here).
    expect(signInMail('es', '042917', `${link}$&`).html).toContain(`next=%2Fdashboard$&amp;">`);
  });

  it('is in the language the code was asked in: Accept-Language, or the language cookie first', async () => {
    const zh = freshEmail();
    expect((await sendCode(zh, { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.5' })).statusCode).toBe(
      200,
    );
    const zhMail = t.mailer.outbox!(zh)[0]!;
    const code = lastCode(t, zh);
    expect(zhMail.subject).toBe(`您的 VOIP Manager 登录验证码：${code}`);
    expect(zhMail.text.split('\n')).toEqual([
      `您的登录验证码是 ${code}`,
      '',
      '请在登录页面输入该验证码，或打开以下链接直接登录：',
      expect.stringMatching(/^http:\/\/localhost:3000\/v1\/auth\/link\?token=/),
      '',
      '验证码和链接只能使用一次，将于10分钟后失效。',
      '如果您没有请求登录 VOIP Manager，请忽略此邮件。',
    ]);
    // The code in the Chinese mail signs in.
    expect((await post('/v1/auth/verify', { email: zh, code })).statusCode).toBe(200);

    const ru = freshEmail();
    await sendCode(ru, { cookie: 'vm_lang=ru', 'accept-language': 'es' });
    const ruMail = t.mailer.outbox!(ru)[0]!;
    expect(ruMail.subject).toBe(`Ваш код для входа в VOIP Manager: ${lastCode(t, ru)}`);
    expect(ruMail.text).toContain('Код и ссылка действуют один раз и истекают через 10 минут.');

    const en = freshEmail();
    await sendCode(en, { 'accept-language': 'de-DE' });
    expect(t.mailer.outbox!(en)[0]!.subject).toBe(
      `Your VOIP Manager sign-in code: ${lastCode(t, en)}`,
    );
  });
});

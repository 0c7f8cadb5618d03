import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../shared/i18n/locales.ts';
import type { MessageId, MessageValues } from '../shared/i18n/namespaces.ts';
import { withValues } from '../shared/validation-message.ts';
import { validationError } from './errors.ts';
import { translate } from './i18n.ts';
import { settingsErrors } from './modules/settings/settings.errors.ts';
import { testLabel } from './providers/read-provider.ts';
import { signInAdmin, signInUser } from './test/admin.ts';
import { createTestApp, type TestApp } from './test/app.ts';

/*
 * Every module's API errors in the asker's language (issue 25): one representative error of each,
 * asked in each language by Accept-Language, keeps its code and status and says its message in
 * that language (placeholders filled, counts in the language's plural form), with
 * Content-Language naming it; without Accept-Language the language cookie decides.
 */

let t: TestApp;
let user: { cookie: string };
let boss: { cookie: string };
const uuid = () => crypto.randomUUID();
beforeAll(async () => {
  t = await createTestApp();
  user = await signInUser(t);
  boss = await signInAdmin(t, { role: 'super_admin' });
});
afterAll(() => t.close());

type Ask = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  who?: { cookie: string };
  payload?: object;
};
type Case = {
  module: string;
  ask: () => Promise<Ask> | Ask;
  /** Headers the request needs besides the language's. */
  headers?: Record<string, string>;
  status: number;
  code: string;
  message: [MessageId, MessageValues?];
  fields?: Record<string, [MessageId, MessageValues?][]>;
};

const phone = '4155550123';
const cases: Case[] = [
  {
    module: 'system',
    ask: () => ({ url: '/v1/no-such-route' }),
    status: 404,
    code: 'NOT_FOUND',
    message: ['server.errors.noRoute', { method: 'GET', path: '/v1/no-such-route' }],
  },
  {
    module: 'the request (a body in an encoding the server does not read)',
    ask: () => ({ method: 'POST', url: '/v1/contact', payload: {} }),
    headers: { 'content-type': 'application/json', 'content-encoding': 'zz' },
    status: 400,
    code: 'BAD_REQUEST',
    message: ['server.errors.unsupportedEncoding', { encoding: 'zz' }],
  },
  {
    module: 'admin (the guard)',
    ask: () => ({ url: '/v1/admin/users', who: user }),
    status: 403,
    code: 'FORBIDDEN',
    message: ['server.admin.noAccess'],
  },
  {
    module: 'admin',
    ask: () => ({ method: 'DELETE', url: `/v1/admin/admins/${uuid()}`, who: boss }),
    status: 404,
    code: 'ADMIN_NOT_FOUND',
    message: ['server.admin.adminNotFound'],
  },
  {
    module: 'admin (contact messages)',
    ask: () => ({
      method: 'PATCH',
      url: `/v1/admin/contact-messages/${uuid()}`,
      who: boss,
      payload: { handled: true },
    }),
    status: 404,
    code: 'CONTACT_MESSAGE_NOT_FOUND',
    message: ['server.admin.contactMessageNotFound'],
  },
  {
    module: 'analytics',
    ask: () => ({
      method: 'POST',
      url: '/v1/analytics/events',
      who: user,
      payload: {
        type: 'admin_dashboard_viewed',
        sessionId: 'sess_0123456789abcdef',
        pageUrl: '/admin',
      },
    }),
    status: 403,
    code: 'FORBIDDEN',
    message: ['server.analytics.adminOnly'],
  },
  {
    module: 'api-keys',
    ask: () => ({ method: 'DELETE', url: `/v1/api-keys/${uuid()}`, who: user }),
    status: 404,
    code: 'API_KEY_NOT_FOUND',
    message: ['server.apiKeys.notFound'],
  },
  {
    module: 'auth',
    ask: () => ({
      method: 'POST',
      url: '/v1/auth/verify',
      payload: { email: `nobody-${uuid()}@example.com`, code: '123456' },
    }),
    status: 400,
    code: 'CODE_INVALID',
    message: ['server.auth.noActiveCode'],
  },
  {
    module: 'blog',
    ask: () => ({ url: '/v1/blog/posts/no-such-post' }),
    status: 404,
    code: 'POST_NOT_FOUND',
    message: ['server.blog.postNotFound'],
  },
  {
    module: 'channels',
    ask: () => ({ url: `/v1/notification-channels/${uuid()}`, who: user }),
    status: 404,
    code: 'CHANNEL_NOT_FOUND',
    message: ['server.channels.notFound'],
  },
  {
    module: 'date-checks (a count: plural forms)',
    ask: () => ({
      method: 'POST',
      url: '/v1/date-checks',
      who: user,
      payload: { lines: Array.from({ length: 501 }, () => phone).join('\n') },
    }),
    status: 400,
    code: 'TOO_MANY_LINES',
    message: ['server.dateChecks.tooManyLines', { max: 500 }],
  },
  {
    module: 'numbers (a placeholder)',
    ask: async () => {
      const add = { method: 'POST', url: '/v1/numbers', who: user } as const;
      const payload = { phoneNumber: phone, apiLink: 'http://provider.test/p/1' };
      await t.app.inject({ ...add, headers: { cookie: user.cookie }, payload });
      return { ...add, payload };
    },
    status: 409,
    code: 'NUMBER_ALREADY_EXISTS',
    message: ['server.numbers.alreadyExists', { phone }],
  },
  {
    module: 'settings',
    ask: () => ({
      method: 'PUT',
      url: '/v1/admin/settings/no_such_setting',
      who: boss,
      payload: { value: 1 },
    }),
    status: 404,
    code: 'UNKNOWN_SETTING',
    message: ['server.settings.unknownSetting', { key: 'no_such_setting' }],
  },
  {
    module: 'settings (a value schema’s message)',
    ask: () => ({
      method: 'PUT',
      url: '/v1/admin/settings/max_numbers_per_user',
      who: boss,
      payload: { value: 0 },
    }),
    status: 400,
    code: 'VALIDATION_ERROR',
    message: ['validation.settings.atLeast', { key: 'max_numbers_per_user', min: 1 }],
    fields: { value: [['validation.settings.atLeast', { key: 'max_numbers_per_user', min: 1 }]] },
  },
  {
    module: 'sharing',
    ask: () => ({ url: `/v1/public/pages/${'A'.repeat(22)}` }),
    status: 404,
    code: 'PAGE_NOT_FOUND',
    message: ['server.sharing.publicPageNotFound'],
  },
  {
    module: 'tags',
    ask: () => ({ method: 'PATCH', url: `/v1/tags/${uuid()}`, who: user, payload: { name: 'x' } }),
    status: 404,
    code: 'TAG_NOT_FOUND',
    message: ['server.tags.notFound'],
  },
  {
    module: 'users',
    ask: () => ({
      method: 'DELETE',
      url: '/v1/me',
      who: user,
      payload: { email: 'someone-else@example.com' },
    }),
    status: 400,
    code: 'EMAIL_MISMATCH',
    message: ['server.users.emailMismatch'],
  },
  {
    module: 'webhooks (field messages)',
    ask: () => ({
      method: 'POST',
      url: '/v1/webhooks',
      who: user,
      payload: {
        url: 'https://hooks.example/in',
        events: ['code.received'],
        numberIds: [uuid()],
        tagIds: [uuid()],
      },
    }),
    status: 400,
    code: 'VALIDATION_ERROR',
    message: ['server.errors.invalidInput'],
    fields: {
      numberIds: [['server.webhooks.unknownNumber']],
      tagIds: [['server.webhooks.unknownTag']],
    },
  },
];

const send = async (c: Case, headers: Record<string, string>) => {
  const { method = 'GET', url, who, payload } = await c.ask();
  return t.app.inject({
    method,
    url,
    headers: {
      ...c.headers,
      ...headers,
      ...(who && { cookie: [who.cookie, headers.cookie].filter(Boolean).join('; ') }),
    },
    ...(payload ? { payload } : {}),
  });
};
const expected = (c: Case, locale: Locale) => ({
  code: c.code,
  message: translate(locale, ...c.message),
  ...(c.fields && {
    fields: Object.fromEntries(
      Object.entries(c.fields).map(([k, ms]) => [k, ms.map((m) => translate(locale, ...m))]),
    ),
  }),
});

describe.each(cases)('$module', (c) => {
  it.each([
    ['ru', 'ru-RU,ru;q=0.9,en;q=0.5'],
    ['zh', 'zh-CN'],
    ['es', 'es-419'],
    ['en', 'en-US'],
  ] as const)('in %s (Accept-Language: %s), with its code', async (locale, header) => {
    const res = await send(c, { 'accept-language': header });
    expect(res.statusCode, res.body).toBe(c.status);
    expect(res.headers['content-language']).toBe(locale);
    expect(res.json().error).toMatchObject(expected(c, locale));
    // Translated indeed: not the English.
    if (locale !== 'en') expect(res.json().error.message).not.toBe(translate('en', ...c.message));
  });

  it('in the language cookie’s language without Accept-Language', async () => {
    const res = await send(c, { cookie: 'vm_lang=es' });
    expect(res.statusCode, res.body).toBe(c.status);
    expect(res.headers['content-language']).toBe('es');
    expect(res.json().error).toMatchObject(expected(c, 'es'));
  });
});

describe('the texts themselves', () => {
  it('name a schema’s catalogue message as such: the error’s own text (its logs’) is English', () => {
    const key = withValues('validation.settings.atLeast', { key: 'max_numbers_per_user', min: 1 });
    const err = settingsErrors.invalidValue(key);
    expect(err.message).toBe('max_numbers_per_user must be at least 1');
    expect(err.messageIn('es')).toBe('max_numbers_per_user debe ser al menos 1');
    // Zod's own English, which no catalogue message says word for word, stays as it is.
    expect(validationError('Invalid input: expected never', {}).messageIn('ru')).toBe(
      'Invalid input: expected never',
    );
  });

  it('take each language’s plural forms and its number format', () => {
    expect(translate('en', 'server.dateChecks.tooManyLines', { max: 500 })).toBe(
      'Check at most 500 numbers at a time.',
    );
    expect(translate('ru', 'server.auth.wrongCode', { remaining: 1 })).toMatch(
      /Осталась 1 попытка\.$/,
    );
    expect(translate('ru', 'server.auth.wrongCode', { remaining: 3 })).toMatch(
      /Осталось 3 попытки\.$/,
    );
    expect(translate('ru', 'server.auth.wrongCode', { remaining: 5 })).toMatch(
      /Осталось 5 попыток\.$/,
    );
    expect(translate('es', 'server.auth.wrongCode', { remaining: 1 })).toMatch(
      /Queda 1 intento\.$/,
    );
    expect(translate('es', 'server.auth.wrongCode', { remaining: 4 })).toMatch(
      /Quedan 4 intentos\.$/,
    );
    expect(translate('zh', 'server.auth.wrongCode', { remaining: 4 })).toContain('还剩 4 次');
    expect(translate('en', 'server.numbers.tooManyLines', { max: 10_000 })).toBe(
      'Import at most 10,000 lines at a time.',
    );
    expect(translate('ru', 'server.numbers.tooManyLines', { max: 10_000 })).toBe(
      'Импортируйте не больше 10\u00a0000 строк за раз.',
    );
    expect(translate('es', 'server.numbers.tooManyLines', { max: 10_000 })).toBe(
      'Importa como máximo 10.000 líneas a la vez.',
    );
  });
});

/*
 * Texts for people inside successful answers: a pasted line's error, a date check's, the Test
 * button's label, a default endpoint name and the lines' summary, in the asker's language.
 */
describe('texts inside answers', () => {
  const ask = (method: 'POST', url: string, locale: Locale, payload: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: user.cookie, 'accept-language': locale },
      payload,
    });

  it("an import's line errors", async () => {
    const res = await ask('POST', '/v1/numbers/import', 'ru', {
      text: `not a line\n4155550999|ftp://x.example.com`,
      format: 'bulk',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toEqual([
      translate('ru', 'validation.lines.format', { line: 1 }),
      'Строка 2: неверная ссылка API. Она должна начинаться с http.',
    ]);
  });

  it("a date check's results", async () => {
    const res = await ask('POST', '/v1/date-checks', 'zh', { lines: '4155550998\nabc' });
    expect(res.statusCode, res.body).toBe(200);
    const errors = res.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { index: number; error: string })
      .sort((a, b) => a.index - b.index)
      .map((r) => r.error);
    expect(errors).toEqual([
      '您的号码库中没有此号码，请先添加再检查日期。',
      '第 2 行：电话号码无效，必须是 10 位数字。',
    ]);
  });

  it('an endpoint made without a name, and the summary of endpoints made from lines', async () => {
    const made = await ask('POST', '/v1/numbers', 'en', {
      phoneNumber: '4155550997',
      apiLink: 'https://provider.example.com/api?key=1',
    });
    expect(made.statusCode, made.body).toBe(201);
    const one = await ask('POST', '/v1/single-endpoints', 'es', { numberId: made.json().id });
    expect(one.json().name).toBe('API para (415) 555-0997');
    const lines = await ask('POST', '/v1/single-endpoints/lines', 'es', {
      lines: '4155550997|https://x.example.com\n4155550996|https://x.example.com\nnope',
    });
    expect(lines.statusCode, lines.body).toBe(200);
    expect(lines.json()).toMatchObject({
      message: 'Se creó 1 entrada con 2 errores',
      errors: [
        translate('es', 'validation.lines.format', { line: 3 }),
        '4155550996: el número no está en tu colección. Añádelo primero.',
      ],
    });
  });

  it("the Test button's label, each count in its plural form", () => {
    const read = (n: number) => ({
      ok: true as const,
      status: 200,
      messages: Array(n).fill({}),
      endDate: null,
    });
    expect(testLabel(read(1), 'en')).toBe('✓ Success (1 message)');
    expect(testLabel(read(5), 'en')).toBe('✓ Success (5 messages)');
    expect(testLabel(read(3), 'ru')).toBe('✓ Успешно (3 сообщения)');
    expect(testLabel(read(5), 'ru')).toBe('✓ Успешно (5 сообщений)');
    const failed = { ok: false as const, stage: 'fetch' as const, error: 'HTTP 503', status: 503 };
    expect(testLabel(failed, 'es')).toBe('✗ Falló (503)');
    expect(testLabel({ ...failed, status: undefined }, 'zh')).toBe('✗ 错误：HTTP 503');
  });
});

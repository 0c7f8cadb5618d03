import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastCode, signIn, type TestApp } from './test/app.ts';
import { storedText, translate } from './i18n.ts';
import { tagDeletedReason } from './modules/tags/tags.repository.ts';
import { maintenancePage } from './modules/settings/maintenance.ts';
import { messageText } from '../shared/validation-message.ts';

/*
 * Languages on the server (ADR 0020): API error messages follow Accept-Language (then the
 * cookie), their code never changes; the account keeps its language; the pre-rendered pages are
 * sent in the visitor's language, chosen by the cookie, then Accept-Language, and `?lang=` keeps a
 * choice.
 */

let t: TestApp;
let clientDir: string;
const page = (text: string, lang: string) => `<!doctype html><html lang="${lang}"><h1>${text}</h1>`;
beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voip-i18n-'));
  fs.mkdirSync(path.join(clientDir, 'pages'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  const files: Record<string, string> = {};
  for (const [locale, text] of [
    ['en', 'About'],
    ['zh', '关于'],
    ['ru', 'О сервисе'],
    ['es', 'Acerca de'],
  ] as const) {
    fs.writeFileSync(path.join(clientDir, 'pages', `about.${locale}.html`), page(text, locale));
    files[locale] = `pages/about.${locale}.html`;
  }
  fs.writeFileSync(path.join(clientDir, 'pages.json'), JSON.stringify({ '/about': files }));
  t = await createTestApp({ clientDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const notFound = (headers: Record<string, string> = {}) => t.app.inject({ url: '/v1/me', headers });

describe('texts kept for people', () => {
  it("are catalogue messages, read in each reader's language, with their values", () => {
    expect(tagDeletedReason('Client “A”')).toBe('server.disabled.tagDeleted {"name":"Client “A”"}');
    expect(storedText('en', tagDeletedReason('Work'))).toBe(
      'The tag “Work” it was filtered by was deleted',
    );
    expect(storedText('ru', tagDeletedReason('Work'))).toBe(
      'Тег «Work», по которому шёл отбор, удалён',
    );
    expect(storedText('es', messageText('server.disabled.failedDay'))).toBe(
      'Las entregas fallaron durante 24 horas',
    );
  });

  it('leave any other text as it was written (rows from before, a key we do not have)', () => {
    for (const text of [
      'Deliveries failed for 24 hours',
      'server.disabled.noSuchKey',
      'server.disabled.tagDeleted {not json',
      'common.errors.generic',
    ])
      expect(storedText('zh', text)).toBe(text);
  });
});

describe('API error messages', () => {
  it('follow Accept-Language; the code and status stay', async () => {
    const cases = [
      [undefined, 'en', translate('en', 'server.errors.unauthorized')],
      ['ru-RU,ru;q=0.9,en;q=0.8', 'ru', translate('ru', 'server.errors.unauthorized')],
      ['zh-CN', 'zh', translate('zh', 'server.errors.unauthorized')],
      ['de;q=1, es;q=0.5', 'es', translate('es', 'server.errors.unauthorized')],
      ['de-DE', 'en', translate('en', 'server.errors.unauthorized')],
    ] as const;
    const seen = new Set<string>();
    for (const [header, locale, message] of cases) {
      const res = await notFound(header ? { 'accept-language': header } : {});
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-language']).toBe(locale);
      expect(res.json()).toEqual({ error: { code: 'UNAUTHORIZED', message } });
      seen.add(message);
    }
    // Four languages, four different texts (a missing translation would repeat the English).
    expect(seen.size).toBe(4);
  });

  it('fall back to the language cookie without Accept-Language', async () => {
    const res = await notFound({ cookie: 'vm_lang=es' });
    expect(res.json().error.message).toBe(translate('es', 'server.errors.unauthorized'));
    // Accept-Language, which the app sends with its active language, comes first.
    const both = await notFound({ cookie: 'vm_lang=es', 'accept-language': 'ru' });
    expect(both.json().error.message).toBe(translate('ru', 'server.errors.unauthorized'));
  });

  it('fill placeholders and plural forms in each language', () => {
    expect(translate('en', 'server.errors.rateLimited')).toMatch(/^Too many requests/);
    expect(translate('ru', 'server.errors.rateLimited')).toMatch(/^Слишком много запросов/);
  });
});

describe("the account's language", () => {
  /** Signs up with the code from the mail, the verifying request carrying `headers`. */
  async function signUp(headers: Record<string, string>) {
    const email = `lang-${Math.random().toString(36).slice(2)}@example.com`;
    await t.app.inject({ method: 'POST', url: '/v1/auth/code', payload: { email }, headers });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify',
      payload: { email, code: lastCode(t, email) },
      headers,
    });
    expect(res.statusCode).toBe(200);
    return { cookie: `vm_session=${res.cookies.find((c) => c.name === 'vm_session')!.value}` };
  }

  it('starts as the language signed up in, and PATCH /v1/me changes it', async () => {
    const { cookie } = await signUp({ 'accept-language': 'zh-CN,zh;q=0.9' });
    const session = await t.app.inject({ url: '/v1/auth/session', headers: { cookie } });
    expect(session.json().user.locale).toBe('zh');

    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/v1/me',
      headers: { cookie },
      payload: { locale: 'ru' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().locale).toBe('ru');
    const after = await t.app.inject({ url: '/v1/auth/session', headers: { cookie } });
    expect(after.json().user.locale).toBe('ru');
  });

  it('is chosen from the language cookie when the visitor picked one', async () => {
    const { cookie } = await signUp({ cookie: 'vm_lang=es', 'accept-language': 'ru' });
    const session = await t.app.inject({ url: '/v1/auth/session', headers: { cookie } });
    expect(session.json().user.locale).toBe('es');
  });

  it('refuses a language we do not speak, keeping the one stored', async () => {
    const { cookie } = await signIn(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/v1/me',
      headers: { cookie },
      payload: { locale: 'de' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(res.json().error.fields)).toEqual(['locale']);
    const session = await t.app.inject({ url: '/v1/auth/session', headers: { cookie } });
    expect(session.json().user.locale).toBe('en');
  });
});

describe('pre-rendered pages', () => {
  const about = (headers: Record<string, string> = {}) => t.app.inject({ url: '/about', headers });

  it('come in the language of the cookie, then Accept-Language, then English', async () => {
    expect((await about()).body).toContain('<h1>About</h1>');
    const ru = await about({ 'accept-language': 'ru-RU,ru;q=0.9' });
    expect(ru.body).toContain('<h1>О сервисе</h1>');
    expect(ru.headers['content-language']).toBe('ru');
    expect(ru.headers.vary).toBe('accept-encoding, accept-language, cookie');
    const zh = await about({ cookie: 'vm_lang=zh', 'accept-language': 'ru' });
    expect(zh.body).toContain('<h1>关于</h1>');
    expect(zh.headers['content-language']).toBe('zh-CN');
    expect((await about({ 'accept-language': 'de' })).body).toContain('<h1>About</h1>');
  });

  it('keep a choice made with ?lang= in the cookie and show the page without it', async () => {
    const res = await t.app.inject({ url: '/about?lang=es&ref=footer' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/about?ref=footer');
    expect(res.headers['set-cookie']).toBe('vm_lang=es; Path=/; Max-Age=31536000; SameSite=Lax');
    expect((await about({ cookie: 'vm_lang=es' })).body).toContain('<h1>Acerca de</h1>');
  });

  it('ignore a ?lang= naming no language of ours, setting no cookie', async () => {
    const res = await t.app.inject({ url: '/about?lang=xx' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/about');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('the pages the server writes itself', () => {
  it('the offline page comes in the visitor’s language', async () => {
    const en = await t.app.inject({ url: '/offline.html' });
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('<h1>You are offline</h1>');
    const ru = await t.app.inject({ url: '/offline.html', headers: { cookie: 'vm_lang=ru' } });
    expect(ru.body).toContain('<html lang="ru">');
    expect(ru.body).toContain(`<h1>${translate('ru', 'server.pages.offlineHeading')}</h1>`);
    expect(ru.headers['content-language']).toBe('ru');
  });

  it('the maintenance page comes in the visitor’s language', () => {
    const zh = maintenancePage('VOIP Manager', 'zh');
    expect(zh).toContain('<html lang="zh-CN">');
    expect(zh).toContain(`<h1>${translate('zh', 'server.pages.maintenanceTitle')}</h1>`);
    expect(zh).toContain(
      translate('zh', 'server.pages.maintenanceText', { siteName: 'VOIP Manager' }),
    );
    expect(maintenancePage('VOIP Manager')).toContain('<h1>Down for maintenance</h1>');
  });
});

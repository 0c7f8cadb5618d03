import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Locale } from '../../src/shared/i18n/locales.ts';
import { putAdmin } from '../../src/server/test/admin.ts';
import { signIn } from '../../src/server/test/app.ts';
import { noHorizontalScroll, startHarness, type Harness } from './harness.ts';

const BOSS = 'i18n-boss@example.com';
/** A catalogue key shown instead of its text. */
const RAW_KEY =
  /\b(common|validation|public|pages|share|app|settings|admin)\.[a-zA-Z]+\.[a-zA-Z.]+/;

/**
 * The admin dashboard and the users list in Russian and Chinese: the admin's language (kept on
 * the account, and in the `vm_lang` cookie) shows headings, navigation, counts and plurals in it,
 * no catalogue key leaks onto the page, and nothing scrolls sideways on a phone.
 */
describe('admin area in other languages', () => {
  let h: Harness;
  let page: Page;
  let cookie: string;

  /** The admin's language on the account (which the app follows) and on this browser. */
  const speak = async (locale: Locale) => {
    const res = await h.t.app.inject({
      method: 'PATCH',
      url: '/v1/me',
      payload: { locale },
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    await h.context.addCookies([{ name: 'vm_lang', value: locale, url: h.baseUrl }]);
  };

  /** The page's text shows no catalogue key, and a phone does not scroll it sideways. */
  const expectTranslatedAndFitting = async () => {
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
    await page.setViewportSize({ width: 375, height: 800 });
    await noHorizontalScroll(page, 375);
    await page.setViewportSize({ width: 1280, height: 800 });
  };

  beforeAll(async () => {
    h = await startHarness();
    page = h.page;
    await putAdmin(h.t, BOSS, { role: 'super_admin' });
    cookie = (await signIn(h.t, BOSS)).cookie;
    await h.context.addCookies([
      { name: 'vm_session', value: cookie.replace(/^vm_session=/, ''), url: h.baseUrl },
    ]);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('shows the dashboard and the users list in Russian', async () => {
    await speak('ru');
    await page.goto(h.baseUrl + '/admin');
    await page.getByRole('heading', { name: 'Админ-панель', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    const nav = page.getByRole('navigation', { name: 'Администрирование' });
    expect(await nav.getByRole('link').allInnerTexts()).toEqual([
      'Панель',
      'Блог',
      'Пользователи',
      'Аналитика',
      'Настройки',
    ]);
    expect(await page.getByTestId('admin-role').first().innerText()).toBe('Суперадминистратор');
    const cards = page.getByRole('list', { name: 'Статистика платформы' });
    await cards.getByRole('heading', { name: 'Всего пользователей' }).waitFor();
    await cards.getByText('+1 за неделю').waitFor();
    await page.getByRole('heading', { name: 'Рост пользователей (30 дней)' }).waitFor();
    await expectTranslatedAndFitting();

    await nav.getByRole('link', { name: 'Пользователи' }).click();
    await page.getByRole('heading', { name: 'Пользователи', level: 1 }).waitFor();
    await page.getByRole('tab', { name: /^Администраторы/ }).waitFor();
    // The count in its plural form ('1 пользователь', not '1 users').
    await page.getByText('1 пользователь', { exact: true }).waitFor();
    await page.getByTestId('user-row').getByText('Администратор', { exact: true }).waitFor();
    await expectTranslatedAndFitting();
  });

  it('shows the dashboard and the users list in Chinese', async () => {
    await speak('zh');
    await page.goto(h.baseUrl + '/admin');
    await page.getByRole('heading', { name: '管理控制台', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await page.getByRole('button', { name: '退出登录' }).first().waitFor();
    await page.getByRole('heading', { name: '短信量（30 天）' }).waitFor();
    await expectTranslatedAndFitting();

    await page.goto(h.baseUrl + '/admin/users');
    await page.getByRole('heading', { name: '用户管理', level: 1 }).waitFor();
    await page.getByRole('tab', { name: /^订阅者/ }).waitFor();
    await page.getByText('1 位用户', { exact: true }).waitFor();
    await page.getByRole('button', { name: '清除筛选' }).waitFor();
    await expectTranslatedAndFitting();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { noHorizontalScroll, signInBrowser, startHarness, type Harness } from './harness.ts';

/*
 * Every screen's shared pieces in the reader's language (issue 25): the 404 page, a form's
 * validation messages (the shared schema's keys, translated where shown), the skip link, and the
 * API client asking the server for its answers in the active language; no catalogue key left on
 * screen, nothing wider than a phone.
 */

/** A catalogue key that was not translated (a missing message shows its key). */
const RAW_KEY =
  /\b(common|validation|public|pages|share|app|settings|admin)\.[a-zA-Z]+\.[a-zA-Z.]+/;

const WORDS = {
  ru: {
    notFound: 'Страница не найдена',
    home: 'На главную',
    dashboard: 'На панель',
    skip: 'Перейти к содержимому',
    contact: ['Укажите имя и фамилию', 'Введите адрес электронной почты', 'Выберите тему'],
  },
  zh: {
    notFound: '页面未找到',
    home: '返回首页',
    dashboard: '返回控制台',
    skip: '跳到主要内容',
    contact: ['请输入姓名', '请输入邮箱', '请选择主题'],
  },
} as const;

describe('the shared pieces in Russian and Chinese', () => {
  let h: Harness;
  let page: Page;

  /** At 1280 and 375 px: no catalogue key in the text, no sideways scroll, a screenshot. */
  async function looksRight(name: string) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
      await noHorizontalScroll(page, width);
      await h.screenshot(`i18n-common-${name}-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  beforeAll(async () => {
    h = await startHarness();
    page = h.page;
  });
  afterAll(async () => {
    await h?.close();
  });

  it.each(['ru', 'zh'] as const)(
    'shows the 404 page and a form’s field errors in %s',
    async (lang) => {
      const w = WORDS[lang];
      await h.context.clearCookies();
      await h.context.addCookies([{ name: 'vm_lang', value: lang, url: h.baseUrl }]);

      await page.goto(`${h.baseUrl}/no-such-page`);
      await page.getByRole('heading', { level: 1, name: w.notFound }).waitFor();
      await page.getByRole('main').getByRole('link', { name: w.home }).waitFor();
      await expect.poll(() => page.title()).toMatch(new RegExp(`^${w.notFound} · `));
      await looksRight(`${lang}-not-found`);

      // The contact form checks with the shared schema: its messages are keys, shown translated.
      await page.goto(`${h.baseUrl}/contact`);
      await page.locator('form button[type="submit"]').click();
      for (const text of w.contact)
        await page.locator('form [id$="-error"]').getByText(text, { exact: true }).waitFor();
      await looksRight(`${lang}-contact-errors`);
    },
  );

  it('asks the server in the active language, and shows the dashboard’s 404 in it', async () => {
    await h.context.clearCookies();
    await signInBrowser(h);
    // The account's language wins over the device's: both are Chinese here.
    const saved = await page.request.patch(`${h.baseUrl}/v1/me`, { data: { locale: 'zh' } });
    expect(saved.status()).toBe(200);
    await h.context.addCookies([{ name: 'vm_lang', value: 'zh', url: h.baseUrl }]);
    const asked = page.waitForRequest((r) => new URL(r.url()).pathname === '/v1/auth/session');
    await page.goto(`${h.baseUrl}/dashboard/no-such-page`);
    expect((await asked).headers()['accept-language']).toBe('zh');
    await page.getByRole('heading', { level: 1, name: WORDS.zh.notFound }).waitFor();
    await page.getByRole('main').getByRole('link', { name: WORDS.zh.dashboard }).waitFor();
    expect(await page.getByRole('link', { name: WORDS.zh.skip }).count()).toBe(1);
    await looksRight('zh-dashboard-not-found');
  });
});

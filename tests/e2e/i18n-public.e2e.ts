import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Locale } from '../../src/shared/i18n/locales.ts';
import { NAMESPACES } from '../../src/shared/i18n/namespaces.ts';
import {
  hydrated,
  noHorizontalScroll,
  signInBrowser,
  startHarness,
  type Harness,
} from './harness.ts';

/** A key where a text should be: `public.nav.about`. */
const RAW_KEY = new RegExp(`\\b(?:${NAMESPACES.join('|')})\\.[a-zA-Z]+\\.[a-zA-Z.]+`);

/**
 * The public site in Russian and Chinese (issue 25), through what runs in the browser: the
 * app-hydrated /contact page (its form, then a move inside the app to About), the pre-rendered
 * landing page's script (the mobile menu's labels and the live counts' plural words, which it
 * takes from the page), and the signed-in date check streaming its results.
 */
describe('the public site in other languages', () => {
  let h: Harness;
  let page: Page;
  beforeAll(async () => {
    h = await startHarness();
    page = h.page;
  });
  afterAll(async () => {
    await h?.close();
  });

  const useLanguage = async (locale: Locale) => {
    await h.context.clearCookies();
    await h.context.addCookies([{ name: 'vm_lang', value: locale, url: h.baseUrl }]);
  };
  const noRawKey = async (where: string) => {
    const body = await page.locator('body').innerText();
    expect(body.match(RAW_KEY)?.[0], `${where} shows a key`).toBeUndefined();
  };

  it('sends a message from /contact and moves inside the app in Russian', async () => {
    await useLanguage('ru');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(h.baseUrl + '/contact');
    await page.getByRole('heading', { level: 1, name: 'Свяжитесь с нами' }).waitFor();
    // The app has hydrated the pre-rendered form (after loading its language's catalogue).
    await hydrated(page);
    await page.getByLabel('Имя и фамилия').fill('Иван Петров');
    await page.getByLabel('Email').fill('ivan@example.com');
    await page.getByLabel('Тема').selectOption({ label: 'Техническая поддержка' });
    await page.getByLabel('Сообщение').fill('Не приходят коды на номер.');
    await page.getByRole('button', { name: 'Отправить' }).click();
    await page.getByText('Спасибо за сообщение! Мы ответим вам в течение 24 часов.').waitFor();
    await noRawKey('/contact');

    // A move inside the app: the About page rendered by the app, with its bold points.
    await page.getByRole('banner').getByRole('link', { name: 'О нас' }).click();
    await page.getByRole('heading', { level: 1, name: 'О VOIP Manager' }).waitFor();
    await page.getByText('Опрашивает за вас, на наших серверах.').waitFor();
    expect(await page.title()).toBe('О нас · VOIP Manager');
    await noRawKey('/about (app)');
  });

  it("runs the landing page's script in Russian: menu labels and count words from the page", async () => {
    await useLanguage('ru');
    await signInBrowser(h); // one user: its count reads in the singular
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(h.baseUrl + '/');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.island))
      .toBe('ready');
    const stats = page.getByTestId('live-stats');
    await expect.poll(() => stats.getAttribute('aria-busy')).toBe('false');
    const users = Number(await stats.locator('[data-stat="users"]').textContent());
    const label = await stats.locator('[data-stat-label="users"]').textContent();
    const form = new Intl.PluralRules('ru').select(users);
    expect(label, `${users} users`).toBe(
      { one: 'пользователь', few: 'пользователя', many: 'пользователей' }[form as 'one'],
    );

    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await page.locator('#mobile-nav').getByRole('link', { name: 'Цены' }).waitFor();
    await page.getByRole('button', { name: 'Закрыть меню' }).waitFor();
    await noHorizontalScroll(page, 375);
    await noRawKey('/');
  });

  it('checks dates signed in, in Chinese', async () => {
    await useLanguage('zh');
    await signInBrowser(h);
    const me = await page.request.patch(`${h.baseUrl}/v1/me`, { data: { locale: 'zh' } });
    expect(me.ok()).toBe(true);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(h.baseUrl + '/dashboard/date-check');
    await page.getByRole('heading', { level: 1, name: '日期检查' }).waitFor();
    await page.getByRole('button', { name: '批量输入' }).click();
    await page.getByLabel('电话号码（每行一个）').fill('5550009999\n5550008888');
    await page.getByText('2 / 500 行').waitFor();
    await page.getByRole('button', { name: '检查日期' }).click();
    await expect
      .poll(() => page.getByTestId('run-status').textContent())
      .toBe('已完成：共检查 2 个号码。');
    await page.getByRole('heading', { name: '结果汇总' }).waitFor();
    expect(await page.getByTestId('date-check-result').first().textContent()).toContain('出错');
    await noHorizontalScroll(page, 375);
    await noRawKey('/dashboard/date-check');
  });
});

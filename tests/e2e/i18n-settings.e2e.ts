import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import type { Locale } from '../../src/shared/i18n/locales.ts';
import { NAMESPACES } from '../../src/shared/i18n/namespaces.ts';
import { signInBrowser, startHarness, type Harness } from './harness.ts';

/**
 * Settings, the sharing screens, webhooks and the shared pages in Russian and Chinese (issue 25):
 * headings, buttons, dialogs and counts come from the catalogue in the user's language, and no
 * catalogue key shows where a text should be. The shared pages are checked as the server renders
 * them and as their island renders them without the server's data.
 */
const PHONE = '5550007301';
/** A key where a text should be: `settings.pages.title`. */
const RAW_KEY = new RegExp(`\\b(?:${NAMESPACES.join('|')})\\.[a-zA-Z]+\\.[a-zA-Z.]+`);

describe('settings and sharing in Russian and Chinese', () => {
  let h: Harness;
  let page: Page;
  let pageLink = '';
  let singleLink = '';

  const post = async (url: string, data: object) => {
    const res = await page.request.post(`${h.baseUrl}${url}`, { data });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return (await res.json()) as Record<string, unknown>;
  };

  beforeAll(async () => {
    h = await startHarness();
    page = h.page;
    await signInBrowser(h);
    const number = await post('/v1/numbers', {
      phoneNumber: PHONE,
      apiLink: `${h.baseUrl}/demo-provider/${PHONE}?format=json`,
    });
    // A message with a code, so the shared pages show their code banner and list.
    h.t.clock.advance(100_000);
    await post(`/v1/numbers/${number.id as string}/refresh`, {});
    const shared = await post('/v1/pages', { name: 'Team numbers', numberIds: [number.id] });
    pageLink = `/api/${shared.hash as string}`;
    const single = await post('/v1/single-endpoints', { numberId: number.id, remark: 'team' });
    singleLink = `/single/${single.hash as string}`;
  });
  afterAll(async () => {
    await h?.close();
  });

  /** The user's language, on the account (which wins in the app) and in the cookie. */
  async function speak(locale: Locale) {
    await h.context.addCookies([{ name: 'vm_lang', value: locale, url: h.baseUrl }]);
    const res = await page.request.patch(`${h.baseUrl}/v1/me`, { data: { locale } });
    expect(res.status()).toBe(200);
  }

  const heading = () => page.getByRole('heading', { level: 1 });
  const noRawKey = async (where: string) =>
    expect(
      (await page.locator('body').innerText()).match(RAW_KEY)?.[0],
      `${where} shows a key`,
    ).toBeUndefined();

  it('shows Settings, its dialogs and the sharing screens in Russian', async () => {
    await speak('ru');
    await page.goto(`${h.baseUrl}/dashboard/settings`);
    await expect.poll(() => heading().innerText()).toBe('Настройки');
    await page.getByRole('heading', { name: 'API-ключи' }).waitFor();
    await page.getByRole('heading', { name: 'Активные сеансы' }).waitFor();
    await page.getByText('Этот браузер').waitFor();
    await noRawKey('Settings');

    await page.getByRole('button', { name: 'Добавить канал' }).click();
    const dialog = page.getByRole('dialog', { name: 'Добавить канал' });
    await dialog.getByText('Тихие часы').first().waitFor();
    // The default reminders, read back in words on the channel's card once added.
    await dialog.getByRole('button', { name: 'Добавить канал' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByTestId('channel-card')
      .getByText('за 7, 3 и 1 день и в день окончания')
      .waitFor();
    await noRawKey('Settings with a channel');

    await page.getByRole('button', { name: 'Создать API-ключ' }).click();
    await page.getByRole('group', { name: 'Права' }).waitFor();
    await page.getByRole('combobox', { name: 'Срок действия' }).selectOption({ label: '90 дней' });

    await page.goto(`${h.baseUrl}/dashboard/public-pages`);
    await expect.poll(() => heading().innerText()).toBe('Публичные страницы');
    await page.getByTestId('page-card').getByText('1 номер', { exact: true }).waitFor();
    await page.getByText('Ещё не открывали').waitFor();
    await noRawKey('Public pages');

    await page.goto(`${h.baseUrl}/dashboard/single-api`);
    await expect.poll(() => heading().innerText()).toBe('Отдельные ссылки');
    await page.getByRole('combobox', { name: 'Примечание' }).waitFor();
    expect(await page.getByRole('option', { name: 'Все примечания (1)' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Создать ссылку' }).click();
    await page.getByRole('dialog', { name: 'Новая отдельная ссылка' }).waitFor();
    await noRawKey('Single API');
    await page.keyboard.press('Escape');

    await page.goto(`${h.baseUrl}/dashboard/webhooks`);
    await expect.poll(() => heading().innerText()).toBe('Вебхуки');
    await page.getByRole('button', { name: 'Добавить первый вебхук' }).click();
    await page.getByRole('dialog', { name: 'Добавить вебхук' }).getByText('События').waitFor();
    await noRawKey('Webhooks');
  });

  it('shows the screens and the shared pages in Chinese, served and rendered by the island', async () => {
    await speak('zh');
    await page.goto(`${h.baseUrl}/dashboard/settings`);
    await expect.poll(() => heading().innerText()).toBe('设置');
    await page.getByRole('button', { name: '添加渠道' }).waitFor();
    await noRawKey('Settings');

    await page.goto(`${h.baseUrl}/dashboard/webhooks`);
    await expect.poll(() => heading().innerText()).toBe('Webhook');
    await page.getByRole('button', { name: '添加第一个 Webhook' }).waitFor();

    // The public page as the server renders it for a Chinese visitor.
    await page.goto(`${h.baseUrl}${pageLink}`);
    await expect.poll(() => heading().innerText()).toBe('Team numbers');
    await page.getByTestId('monitored-numbers').getByText('正在监控 1 个号码：').waitFor();
    await page.getByRole('button', { name: '复制号码' }).waitFor();
    await page.getByText('最新验证码').waitFor();
    await noRawKey('Public page');

    // The single endpoint's island renders it afresh when the page comes without the server's data.
    const withoutState = async (route: Route) => {
      const res = await route.fetch();
      const html = (await res.text()).replace(/<script[^>]*id="share-state">.*?<\/script>/s, '');
      await route.fulfill({ response: res, body: html });
    };
    await page.route(`${h.baseUrl}${singleLink}`, withoutState);
    try {
      await page.goto(`${h.baseUrl}${singleLink}`);
      await page.getByRole('heading', { name: '到期日期' }).waitFor();
      await page.getByRole('heading', { name: /^最近短信（\d+）$/ }).waitFor();
      await page.getByRole('button', { name: '检查日期' }).waitFor();
      expect(await page.locator('footer p').innerText()).toMatch(/^由 .+ 提供支持 • 短信自动更新$/);
      await page.locator('footer').getByRole('navigation', { name: '语言' }).waitFor();
      await noRawKey('Single endpoint');
    } finally {
      await page.unroute(`${h.baseUrl}${singleLink}`, withoutState);
    }
  });
});

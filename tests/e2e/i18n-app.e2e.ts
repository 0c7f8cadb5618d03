import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { noHorizontalScroll, signInBrowser, startHarness, type Harness } from './harness.ts';

/*
 * The dashboard in the account's language (issue 25): two demo numbers with three messages each,
 * shown in Russian and in Chinese, counts in each language's plural forms, no catalogue key left
 * on screen, and no page wider than a phone. Chinese is chosen the way a phone does it: in the
 * account menu (the header has no room for the language menu there).
 */

const NUMBERS = ['5550001234', '5550005678'];
const FIRST = '(555) 000-1234';
/** A catalogue key that was not translated (a missing message shows its key). */
const RAW_KEY =
  /\b(common|validation|public|pages|share|app|settings|admin)\.[a-zA-Z]+\.[a-zA-Z.]+/;

const WORDS = {
  ru: {
    heading: 'Панель VOIP-номеров',
    total: '2 номера',
    recent: /^3 последних сообщения/,
    select: 'Выбрать номера',
    selectAll: 'Выбрать все',
    selected: 'Выбрано 2',
    deleteSelected: 'Удалить выбранные',
    confirm: 'Удалить 2 выбранных номера? Это действие нельзя отменить.',
    manageTags: 'Управление метками',
    tagCount: '2 номера',
    add: 'Новый VOIP-номер',
    bulk: 'Массовый импорт',
    edit: 'Изменить VOIP-номер',
    messages: 'Последние сообщения',
    shown: 'Показано 6 сообщений',
    history: 'История сообщений',
  },
  zh: {
    heading: 'VOIP 号码控制台',
    total: '2 个号码',
    recent: /^3 条最新短信/,
    select: '选择号码',
    selectAll: '全选',
    selected: '已选择 2 个',
    deleteSelected: '删除所选',
    confirm: '确定要删除所选的 2 个号码吗？此操作无法撤销。',
    manageTags: '管理标签',
    tagCount: '2 个号码',
    add: '添加新的 VOIP 号码',
    bulk: '批量导入',
    edit: '编辑 VOIP 号码',
    messages: '最新短信',
    shown: '已显示 6 条短信',
    history: '短信历史记录',
  },
} as const;

describe('the dashboard in Russian and Chinese', () => {
  let h: Harness;
  let page: Page;
  let firstId = '';
  let email = '';

  /** At 1280 and 375 px: no catalogue key in the text, no sideways scroll, a screenshot. */
  async function looksRight(name: string) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
      await noHorizontalScroll(page, width);
      await h.screenshot(`i18n-app-${name}-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  beforeAll(async () => {
    h = await startHarness();
    page = h.page;
    email = await signInBrowser(h);
    for (const phoneNumber of NUMBERS) {
      const res = await page.request.post(`${h.baseUrl}/v1/numbers`, {
        data: {
          phoneNumber,
          apiLink: `${h.baseUrl}/demo-provider/${phoneNumber}?format=json`,
          tagNames: ['Telegram'],
        },
      });
      expect(res.status()).toBe(201);
      firstId ||= ((await res.json()) as { id: string }).id;
    }
    const refreshed = await page.request.post(`${h.baseUrl}/v1/messages/refresh`);
    expect(((await refreshed.json()) as { newMessages: number }).newMessages).toBe(6);
  });
  afterAll(async () => {
    await h?.t.app.poller.stop();
    await h?.close();
  });

  it.each(['ru', 'zh'] as const)('shows the dashboard, forms and messages in %s', async (lang) => {
    const w = WORDS[lang];
    if (lang === 'ru') {
      // The account's language wins over the device's; both say the same here.
      const saved = await page.request.patch(`${h.baseUrl}/v1/me`, { data: { locale: lang } });
      expect(saved.status()).toBe(200);
      await h.context.addCookies([{ name: 'vm_lang', value: lang, url: h.baseUrl }]);
      await page.goto(h.baseUrl + '/dashboard');
    } else {
      await page.goto(h.baseUrl + '/dashboard');
      await page.setViewportSize({ width: 375, height: 800 });
      await page.getByTestId('language-menu').waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: `Меню аккаунта ${email}` }).click();
      await page.getByRole('menuitemradio', { name: '简体中文' }).click();
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect
        .poll(async () => (await page.request.get(`${h.baseUrl}/v1/me`)).json())
        .toMatchObject({ locale: 'zh' });
    }
    await page.getByRole('heading', { name: w.heading }).waitFor();
    await expect.poll(() => page.getByTestId('numbers-total').textContent()).toBe(w.total);
    const card = page
      .getByTestId('number-card')
      .filter({ has: page.getByRole('heading', { name: FIRST }) });
    await card.getByRole('button', { name: w.recent }).click();
    await card.getByTestId('card-message').nth(2).waitFor();
    await looksRight(`${lang}-dashboard`);

    await page.getByRole('button', { name: w.select }).click();
    await page.getByLabel(w.selectAll).check();
    await expect.poll(() => page.getByTestId('selected-count').textContent()).toBe(w.selected);
    await page.getByRole('button', { name: w.deleteSelected }).click();
    await page.getByRole('dialog').getByText(w.confirm).waitFor();
    await looksRight(`${lang}-delete-dialog`);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: w.manageTags }).click();
    const dialog = page.getByRole('dialog', { name: w.manageTags });
    await dialog.getByTestId('manage-tag-row').getByText(w.tagCount).waitFor();
    await looksRight(`${lang}-manage-tags`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.goto(h.baseUrl + '/dashboard/add');
    await page.getByRole('heading', { name: w.add }).waitFor();
    await looksRight(`${lang}-add`);
    await page.getByRole('button', { name: w.bulk }).click();
    await page.locator('#bulk-formats').waitFor();
    await looksRight(`${lang}-bulk`);

    await page.goto(`${h.baseUrl}/dashboard/edit/${firstId}`);
    await page.getByRole('heading', { name: w.edit }).waitFor();
    await looksRight(`${lang}-edit`);

    await page.goto(h.baseUrl + '/dashboard/messages');
    await page.getByRole('heading', { name: w.messages, level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('message-count').textContent()).toBe(w.shown);
    await looksRight(`${lang}-messages`);

    await page.goto(h.baseUrl + '/dashboard/history');
    await page.getByRole('heading', { name: w.history, level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('message-count').textContent()).toBe(w.shown);
    await looksRight(`${lang}-history`);
  });
});

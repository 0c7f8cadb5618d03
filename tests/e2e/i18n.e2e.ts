import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, signInBrowser, type Harness } from './harness.ts';

/**
 * Languages in Chromium (ADR 0020): a visitor's browser language picks the public pages' language,
 * the footer's links switch it and the choice sticks; in the app the header's language menu
 * switches at once, saves the choice on the account, and another browser signed in as the same
 * user opens in it.
 */
describe('languages', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  /** `<html lang>`, or '' while a navigation replaces the page. */
  const htmlLang = () => h.page.evaluate(() => document.documentElement.lang).catch(() => '');
  const langCookie = async () =>
    (await h.context.cookies(h.baseUrl)).find((c) => c.name === 'vm_lang')?.value;

  it("serves the public pages in the browser's language; the footer's links switch and keep it", async () => {
    await h.context.clearCookies();
    await h.context.setExtraHTTPHeaders({ 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.5' });
    try {
      await h.page.goto(`${h.baseUrl}/about`);
      expect(await htmlLang()).toBe('ru');
      const footer = h.page.getByRole('navigation', { name: 'Язык' });
      await expect
        .poll(() => footer.getByRole('link', { name: 'Русский' }).getAttribute('aria-current'))
        .toBe('true');

      // A keyboard user picks Spanish: the same page comes back in it, and stays so.
      await footer.getByRole('link', { name: 'Español' }).focus();
      await h.page.keyboard.press('Enter');
      await expect.poll(htmlLang).toBe('es');
      expect(h.page.url()).toBe(`${h.baseUrl}/about`);
      expect(await langCookie()).toBe('es');
      await h.page.goto(`${h.baseUrl}/`);
      expect(await htmlLang()).toBe('es');
      await expect
        .poll(() =>
          h.page
            .getByRole('navigation', { name: 'Idioma' })
            .getByRole('link', { name: 'Español' })
            .getAttribute('aria-current'),
        )
        .toBe('true');
    } finally {
      await h.context.setExtraHTTPHeaders({});
    }
  });

  it("a shared page's footer links switch the visitor's language on the same page", async () => {
    await h.context.clearCookies();
    await signInBrowser(h);
    const post = async (url: string, data: object) => {
      const res = await h.page.request.post(`${h.baseUrl}${url}`, { data });
      expect(res.status(), await res.text()).toBeLessThan(300);
      return (await res.json()) as Record<string, unknown>;
    };
    const number = await post('/v1/numbers', {
      phoneNumber: '5550009901',
      apiLink: `${h.baseUrl}/demo-provider/5550009901?format=json`,
    });
    const page = await post('/v1/pages', { name: 'Team', numberIds: [number.id] });
    const url = `${h.baseUrl}/api/${page.hash as string}`;

    // A visitor with an English browser, who prefers Chinese.
    await h.context.clearCookies();
    await h.page.goto(url);
    expect(await htmlLang()).toBe('en');
    await h.page.getByText('(555) 000-9901').first().waitFor();
    await h.page
      .getByRole('navigation', { name: 'Language' })
      .getByRole('link', { name: '简体中文' })
      .click();
    await expect.poll(htmlLang).toBe('zh-CN');
    expect(h.page.url()).toBe(url);
    expect(await langCookie()).toBe('zh');
    await h.page.getByText('(555) 000-9901').first().waitFor();
    await expect
      .poll(() =>
        h.page
          .getByRole('navigation', { name: '语言' })
          .getByRole('link', { name: '简体中文' })
          .getAttribute('aria-current'),
      )
      .toBe('true');
    await h.context.clearCookies();
  });

  it('switches the app from its header, saves the choice on the account, and follows the user', async () => {
    await h.context.clearCookies();
    const email = await signInBrowser(h);
    await h.page.goto(`${h.baseUrl}/dashboard`);
    const menu = h.page.getByTestId('language-menu');
    await expect.poll(() => menu.getAttribute('aria-label')).toBe('Language: English');
    expect(await htmlLang()).toBe('en');

    await menu.click();
    await h.page.getByRole('menuitemradio', { name: 'Русский' }).click();
    await expect.poll(() => menu.getAttribute('aria-label')).toBe('Язык: Русский');
    expect(await htmlLang()).toBe('ru');
    expect(await langCookie()).toBe('ru');
    await expect
      .poll(async () => (await h.page.request.get(`${h.baseUrl}/v1/auth/session`)).json())
      .toMatchObject({ user: { email, locale: 'ru' } });

    // A browser without the language cookie, signed in as the same user, opens in Russian.
    const session = (await h.context.cookies(h.baseUrl)).find((c) => c.name === 'vm_session')!;
    await h.context.clearCookies();
    await h.context.addCookies([session]);
    expect(await langCookie()).toBeUndefined();
    await h.page.goto(`${h.baseUrl}/dashboard`);
    await expect.poll(() => menu.getAttribute('aria-label')).toBe('Язык: Русский');
    expect(await htmlLang()).toBe('ru');
    expect(await langCookie()).toBe('ru');
  });
});

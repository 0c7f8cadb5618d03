import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { desc, eq } from 'drizzle-orm';
import { messages } from '../../src/server/db/schema.ts';
import { signInAdmin } from '../../src/server/test/admin.ts';
import { LOCALE_TAGS, LOCALES, type Locale } from '../../src/shared/i18n/locales.ts';
import { NAMESPACES } from '../../src/shared/i18n/namespaces.ts';
import { noHorizontalScroll, startHarness, type Harness } from './harness.ts';

/**
 * Every main screen in every language (issue 25), at 375 and 1280 px: the page comes in the
 * language (`<html lang>`), its main heading is not the English one, no catalogue key shows
 * instead of a text, and nothing overflows the phone's width. Screenshots go to
 * /tmp/i18n-shots/<language>/ for a person to look at.
 */
const SHOTS = '/tmp/i18n-shots';
const PHONE = '5550007101';
/** A key where a text should be: `app.numbers.title`. */
const RAW_KEY = new RegExp(`\\b(?:${NAMESPACES.join('|')})\\.[a-zA-Z]+\\.[a-zA-Z.]+`);

type Screen = {
  name: string;
  url: () => string;
  /** The heading is the user's own words (a post's title, a page's name): the same in every language. */
  userHeading?: true;
  /** The languages whose word for the heading is the English one (es: «Webhooks»). */
  sameIn?: readonly Locale[];
  signedIn?: true;
};

describe('every screen in every language', () => {
  let h: Harness;
  let page: Page;
  let admin: { cookie: string; email: string };
  let numberId = '';
  let shareLink = '';
  let singleLink = '';
  let postSlug = '';
  const english = new Map<string, string>();

  const screens: Screen[] = [
    { name: 'landing', url: () => '/' },
    { name: 'about', url: () => '/about' },
    { name: 'privacy', url: () => '/privacy' },
    { name: 'terms', url: () => '/terms' },
    { name: 'contact', url: () => '/contact' },
    { name: 'date-checker', url: () => '/date-checker' },
    { name: 'auth', url: () => '/auth' },
    { name: 'blog', url: () => '/blog' },
    { name: 'blog-post', url: () => `/blog/${postSlug}`, userHeading: true },
    { name: 'public-page', url: () => shareLink, userHeading: true },
    { name: 'single-endpoint', url: () => singleLink, userHeading: true },
    { name: 'dashboard', url: () => '/dashboard', signedIn: true },
    { name: 'add-number', url: () => '/dashboard/add', signedIn: true },
    { name: 'edit-number', url: () => `/dashboard/edit/${numberId}`, signedIn: true },
    { name: 'messages', url: () => '/dashboard/messages', signedIn: true },
    { name: 'history', url: () => '/dashboard/history', signedIn: true },
    { name: 'date-check', url: () => '/dashboard/date-check', signedIn: true },
    { name: 'public-pages', url: () => '/dashboard/public-pages', signedIn: true },
    { name: 'single-api', url: () => '/dashboard/single-api', signedIn: true },
    { name: 'webhooks', url: () => '/dashboard/webhooks', signedIn: true, sameIn: ['es'] },
    { name: 'settings', url: () => '/dashboard/settings', signedIn: true },
    { name: 'admin', url: () => '/admin', signedIn: true },
    { name: 'admin-users', url: () => '/admin/users', signedIn: true },
    { name: 'admin-blog', url: () => '/admin/blog', signedIn: true },
    { name: 'admin-analytics', url: () => '/admin/analytics', signedIn: true },
    { name: 'admin-settings', url: () => '/admin/settings', signedIn: true },
  ];

  const api = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
    const res = await h.t.app.inject({ method, url, headers: { cookie: admin.cookie }, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as Record<string, unknown>;
  };

  beforeAll(async () => {
    h = await startHarness();
    page = h.page;
    admin = await signInAdmin(h.t, { role: 'super_admin' });
    const number = await api('POST', '/v1/numbers', {
      phoneNumber: PHONE,
      apiLink: `${h.baseUrl}/demo-provider/${PHONE}?format=json`,
      tagNames: ['Telegram', 'Client A'],
    });
    numberId = number.id as string;
    h.t.clock.advance(100_000);
    await api('POST', `/v1/numbers/${numberId}/refresh`, {});
    const [m] = await h.t.database.db
      .select({ code: messages.code })
      .from(messages)
      .where(eq(messages.voipNumberId, numberId))
      .orderBy(desc(messages.receivedAt))
      .limit(1);
    expect(m?.code).toBeTruthy();
    shareLink = `/api/${(await api('POST', '/v1/pages', { name: 'Team numbers', numberIds: [numberId] })).hash as string}`;
    singleLink = `/single/${(await api('POST', '/v1/single-endpoints', { numberId })).hash as string}`;
    postSlug = (
      (await api('POST', '/v1/admin/posts', {
        title: 'Reading Codes Anywhere',
        slug: 'reading-codes-anywhere',
        excerpt: 'Codes in every language.',
        content: 'Some **text**.',
        category: 'Technical',
      })) as { slug: string }
    ).slug;
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Opens the screen in `locale` and checks it at both widths; returns its main heading. */
  async function check(screen: Screen, locale: Locale): Promise<string> {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(h.baseUrl + screen.url());
    await expect
      .poll(() => page.evaluate(() => document.documentElement.lang).catch(() => ''))
      .toBe(LOCALE_TAGS[locale]);
    const heading = page.getByRole('heading', { level: 1 }).first();
    await heading.waitFor();
    // The page's script has run and drawn (the islands mark it; the app renders its heading).
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    const text = (await heading.innerText()).trim();
    const body = await page.locator('body').innerText();
    expect(body.match(RAW_KEY)?.[0], `${screen.name} (${locale}) shows a key`).toBeUndefined();
    const dir = path.join(SHOTS, locale);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await noHorizontalScroll(page, width);
      await page.screenshot({
        path: path.join(dir, `${screen.name}-${width}.png`),
        fullPage: true,
      });
    }
    return text;
  }

  it.each(LOCALES)('%s', async (locale) => {
    fs.mkdirSync(path.join(SHOTS, locale), { recursive: true });
    await h.context.clearCookies();
    await h.context.addCookies([{ name: 'vm_lang', value: locale, url: h.baseUrl }]);
    // The account's language wins in the app (ADR 0020): the admin reads it in this one too.
    await api('PATCH', '/v1/me', { locale });
    const untranslated: string[] = [];
    for (const screen of screens) {
      if (screen.signedIn) {
        await h.context.addCookies([
          { name: 'vm_session', value: admin.cookie.replace(/^vm_session=/, ''), url: h.baseUrl },
        ]);
      }
      const heading = await check(screen, locale);
      if (locale === 'en') english.set(screen.name, heading);
      else if (
        !screen.userHeading &&
        !screen.sameIn?.includes(locale) &&
        heading === english.get(screen.name)
      )
        untranslated.push(`${screen.name}: “${heading}”`);
    }
    expect(untranslated, `headings still in English in ${locale}`).toEqual([]);
  });
});

import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInAdmin } from '../../src/server/test/admin.ts';
import { analyticsEvents } from '../../src/server/db/schema.ts';
import { startHarness, type Harness } from './harness.ts';

const TITLE = 'Flow: Protecting SIM Codes';
const SLUG = 'flow-protecting-sim-codes';
const DAY = 86_400_000;

/**
 * The whole path in Chromium, through the screens (not the API): an admin writes a post in
 * Blog Management; it appears on /blog, in /rss.xml and /sitemap.xml; unpublishing hides it from
 * all three; published again, the dashboard shows it among the popular posts and categories and
 * shows the writes in Recent Activity; the analytics page counts differently for 1d and 30d and
 * exports the CSV.
 */
describe('blog, dashboard and analytics together', () => {
  let h: Harness;
  let page: Page;

  const text = async (path: string) => {
    const res = await page.request.get(h.baseUrl + path);
    return { status: res.status(), body: await res.text() };
  };
  /** The post's Publish or Unpublish button. */
  const postAction = (word: 'Publish' | 'Unpublish') =>
    page.getByRole('button', { name: `${word} ${TITLE}`, exact: true });

  beforeAll(async () => {
    h = await startHarness();
    page = h.page;
    const { cookie } = await signInAdmin(h.t, { role: 'admin' });
    await h.context.addCookies([
      { name: 'vm_session', value: cookie.replace(/^vm_session=/, ''), url: h.baseUrl },
    ]);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('a post written in Blog Management appears on /blog, in the RSS feed and the sitemap', async () => {
    await page.goto(h.baseUrl + '/admin/blog');
    await page.getByRole('heading', { name: 'Blog Posts (0)' }).waitFor();
    await page.getByRole('button', { name: 'Create New Post' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Blog Post' });
    await dialog.getByLabel('Title', { exact: true }).fill(TITLE);
    expect(await dialog.getByLabel('Slug', { exact: true }).inputValue()).toBe(SLUG);
    await dialog.getByLabel('Excerpt', { exact: true }).fill('Why one-time codes need care.');
    await dialog
      .getByRole('textbox', { name: 'Content' })
      .fill('## Keep codes private\n\nNever share a **code**.');
    await dialog.getByLabel('Category', { exact: true }).selectOption('Security');
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await page.getByRole('heading', { name: 'Blog Posts (1)' }).waitFor();

    await page.goto(h.baseUrl + '/blog');
    await page.getByRole('link', { name: TITLE }).first().click();
    await page.waitForURL(`**/blog/${SLUG}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Keep codes private' }).waitFor();

    const rss = await text('/rss.xml');
    expect(rss.status).toBe(200);
    expect(rss.body).toContain(`<title>${TITLE}</title>`);
    expect(rss.body).toContain(`${h.baseUrl}/blog/${SLUG}`);
    const sitemap = await text('/sitemap.xml');
    expect(sitemap.body).toContain(`<loc>${h.baseUrl}/blog/${SLUG}</loc>`);
  });

  it('unpublishing hides it from /blog, the feed, the sitemap and its own page', async () => {
    await page.goto(h.baseUrl + '/admin/blog');
    await postAction('Unpublish').click();
    await postAction('Publish').waitFor();

    await page.goto(h.baseUrl + '/blog');
    await page.getByRole('heading', { name: 'All Articles' }).waitFor();
    await page.getByText('No articles found', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: TITLE }).count()).toBe(0);
    expect((await text('/rss.xml')).body).not.toContain(TITLE);
    expect((await text('/sitemap.xml')).body).not.toContain(SLUG);
    expect((await text(`/blog/${SLUG}`)).status).toBe(404);
    h.allowHttp(404, new RegExp(`/blog(/posts)?/${SLUG}$`)); // the page and the post's API
    await page.goto(h.baseUrl + `/blog/${SLUG}`);
    await page.getByRole('heading', { name: 'Post Not Found' }).waitFor();
  });

  it('published again, the dashboard shows the post and the activity', async () => {
    await page.goto(h.baseUrl + '/admin/blog');
    await postAction('Publish').click();
    await postAction('Unpublish').waitFor();
    await h.t.app.analytics.flush();

    await page.goto(h.baseUrl + '/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    const popular = page.getByTestId('popular-post');
    await popular.first().waitFor();
    expect(await popular.first().getByRole('link').innerText()).toBe(TITLE);
    const categories = page.getByRole('region', { name: 'Blog Categories' });
    expect(await categories.getByRole('table').innerText()).toContain('Security');
    const activity = page.getByTestId('activity-row');
    await activity.first().waitFor();
    // The ten newest events: the last publish is among them. The creation may not be any more:
    // the page views since (about ten, some still in the recorder's buffer) can push it out.
    const rows = await activity.allInnerTexts();
    expect(rows).toHaveLength(10);
    expect(rows.some((r) => r.includes('Blog Post Status Changed'))).toBe(true);
  });

  it('the analytics page counts 1d and 30d differently and exports the CSV', async () => {
    // One event from ten days ago: inside 30d, outside 1d.
    await h.t.app.analytics.flush();
    await h.t.database.db.insert(analyticsEvents).values({
      eventType: 'page_view',
      sessionId: 'old-session-1',
      pageUrl: '/blog',
      createdAt: new Date(h.t.clock.now().getTime() - 10 * DAY),
    });
    await page.goto(h.baseUrl + '/admin/analytics?range=1d');
    const total = page.getByTestId('stat-Total Events');
    await total.waitFor();
    const day = Number((await total.innerText()).replace(/\D/g, ''));
    expect(day).toBeGreaterThan(0);
    await page.getByLabel('Date Range', { exact: true }).selectOption('30d');
    await expect
      .poll(async () => Number((await total.innerText()).replace(/\D/g, '')))
      .toBeGreaterThan(day);
    const month = Number((await total.innerText()).replace(/\D/g, ''));
    // Everything recorded in this test happened today, plus the one old event (the analytics
    // page's own view may land between the two reads).
    expect(month - day).toBeGreaterThanOrEqual(1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export Data' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(
      `analytics-${h.t.clock.now().toISOString().slice(0, 10)}.csv`,
    );
    const lines = fs
      .readFileSync(await download.path(), 'utf8')
      .trimEnd()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Event Type,User ID,Page URL,Timestamp,User Agent');
    expect(lines.some((l) => l.startsWith('blog_post_created,'))).toBe(true);
    expect(lines.some((l) => l.includes('/blog,') && l.startsWith('page_view,,'))).toBe(true);
  });
});

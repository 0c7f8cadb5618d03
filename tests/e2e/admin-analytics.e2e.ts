import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Download, Locator, Page } from 'playwright-core';
import {
  analyticsEvents,
  blogPosts,
  messages,
  users,
  voipNumbers,
} from '../../src/server/db/schema.ts';
import { putAdmin } from '../../src/server/test/admin.ts';
import { signIn } from '../../src/server/test/app.ts';
import { noHorizontalScroll, screenshotDir, startHarness, type Harness } from './harness.ts';

const BOSS = 'analytics-boss@example.com';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const utcDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** A chart's data table (its text alternative) as [label, value] rows. */
const tableRows = (table: Locator) =>
  table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => [
        (r as HTMLTableRowElement).cells[0]!.textContent!.trim(),
        (r as HTMLTableRowElement).cells[1]!.textContent!.trim(),
      ]),
    );

async function csvOf(download: Download) {
  return fs
    .readFileSync(await download.path(), 'utf8')
    .trimEnd()
    .split(/\r?\n/);
}

/**
 * The admin dashboard's charts, popular posts and recent activity (three requests, one per
 * section), and the analytics page, in
 * Chromium against the real server. Events, users, messages and posts are written straight to
 * the database with explicit times relative to the app's (frozen) clock: 2 hours, 3 days and 20
 * days ago. Analytics recording is switched off first, so the page's own tracking
 * (admin_analytics_viewed, page views) cannot change the figures under test.
 */
describe('admin analytics and dashboard charts', () => {
  let h: Harness;
  let page: Page;
  let now: Date;
  let userId: string;
  const at = (msAgo: number) => new Date(now.getTime() - msAgo);

  const shoot = async (name: string) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      // At once: a canvas still drawn for the old width must not widen the page.
      await noHorizontalScroll(page, width);
      // Then let the charts follow the new width (Chart.js resizes on a ResizeObserver callback).
      await page.waitForTimeout(300);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: path.join(screenshotDir, `admin-${name}-${width}.png`),
        fullPage: true,
      });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  };

  const stat = (title: string) => page.getByTestId(`stat-${title}`);

  beforeAll(async () => {
    h = await startHarness();
    page = h.page;
    now = h.t.clock.now();
    const db = h.t.database.db;

    const admin = await putAdmin(h.t, BOSS, { role: 'super_admin' });
    userId = admin.userId;
    const { cookie } = await signIn(h.t, BOSS);
    await h.context.addCookies([
      { name: 'vm_session', value: cookie.replace(/^vm_session=/, ''), url: h.baseUrl },
    ]);

    // Recording off: only the rows written below exist.
    const off = await h.t.app.inject({
      method: 'PUT',
      url: '/v1/admin/settings/analytics_enabled',
      payload: { value: false },
      headers: { cookie },
    });
    expect(off.statusCode, off.body).toBe(200);
    await h.t.app.analytics.flush();
    await db.delete(analyticsEvents);

    // Users: two signed up 5 days ago, one 12 days ago.
    await db.insert(users).values([
      { email: 'growth-1@example.com', emailVerified: true, createdAt: at(5 * DAY) },
      { email: 'growth-2@example.com', emailVerified: true, createdAt: at(5 * DAY) },
      { email: 'growth-3@example.com', emailVerified: true, createdAt: at(12 * DAY) },
    ]);
    // Messages: three a day ago, one 10 days ago, on a paused number (the poller leaves it).
    const [number] = await db
      .insert(voipNumbers)
      .values({
        userId,
        phoneNumber: '5550001111',
        apiLinkEnc: 'unused',
        apiHost: 'provider.invalid',
        isActive: false,
      })
      .returning({ id: voipNumbers.id });
    await db.insert(messages).values(
      [DAY, DAY, DAY, 10 * DAY].map((ago, i) => ({
        voipNumberId: number!.id,
        sender: 'system',
        content: `Your code is 12345${i}`,
        receivedAt: at(ago),
        dedupeKey: `m${i}`,
        createdAt: at(ago),
      })),
    );
    // Posts: three published (two Security, one Technical) and a draft that must not show.
    await db.insert(blogPosts).values([
      {
        title: 'Keeping SIP Trunks Safe',
        slug: 'sip-trunks-safe',
        excerpt: 'e',
        content: 'c',
        category: 'Security',
        viewCount: 120,
        likeCount: 7,
        readTime: '6 min read',
      },
      {
        title: 'Two-Factor Codes by SMS',
        slug: 'two-factor-sms',
        excerpt: 'e',
        content: 'c',
        category: 'Security',
        viewCount: 45,
        likeCount: 2,
      },
      {
        title: 'Number Porting Explained',
        slug: 'number-porting',
        excerpt: 'e',
        content: 'c',
        category: 'Technical',
        viewCount: 80,
        likeCount: 0,
        readTime: '3 min read',
      },
      {
        title: 'Unfinished Draft',
        slug: 'draft',
        excerpt: 'e',
        content: 'c',
        category: 'Business',
        published: false,
        viewCount: 999,
      },
    ]);
    // Events. Last day: one visitor's session of 4m 12s (3 page views) and a post view by the
    // admin (server events have no session) = 4. 3 days ago: 2 page views by the admin and a
    // newsletter subscription = 3 more (7 in 7 days). 20 days ago: 5 page views = 12 in 30 days.
    const ua = 'Mozilla/5.0 (X11; Linux x86_64) E2E';
    await db.insert(analyticsEvents).values([
      {
        eventType: 'page_view',
        sessionId: 'visitor-session-1',
        pageUrl: '/blog?ref=news',
        referrer: 'https://search.example/',
        userAgent: ua,
        createdAt: at(2 * HOUR),
      },
      {
        eventType: 'page_view',
        sessionId: 'visitor-session-1',
        pageUrl: '/blog/sip-trunks-safe',
        userAgent: ua,
        createdAt: at(2 * HOUR - 2 * 60_000),
      },
      {
        eventType: 'page_view',
        sessionId: 'visitor-session-1',
        pageUrl: '/blog',
        userAgent: ua,
        createdAt: at(2 * HOUR - 252_000),
      },
      {
        eventType: 'blog_post_viewed',
        userId,
        pageUrl: '/blog/sip-trunks-safe',
        eventData: { postId: 'p1', slug: 'sip-trunks-safe', title: 'Keeping SIP Trunks Safe' },
        createdAt: at(2 * HOUR - 60_000),
      },
      ...[0, 1].map((i) => ({
        eventType: 'page_view',
        userId,
        sessionId: 'admin-session-2',
        pageUrl: '/pricing',
        userAgent: ua,
        createdAt: at(3 * DAY - i * 30_000),
      })),
      {
        eventType: 'newsletter_subscribed',
        sessionId: 'visitor-session-3',
        pageUrl: '/blog',
        createdAt: at(3 * DAY + HOUR),
      },
      ...[0, 1, 2, 3, 4].map((i) => ({
        eventType: 'page_view',
        sessionId: 'old-session-4',
        pageUrl: '/about',
        userAgent: ua,
        createdAt: at(20 * DAY - i * 60_000),
      })),
    ]);

    await page.emulateMedia({ reducedMotion: 'reduce' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('the dashboard shows the charts, popular posts and recent activity', async () => {
    await page.goto(h.baseUrl + '/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();

    // User Growth: a canvas named by its summary, and the counts in its data table.
    const growth = page.getByRole('region', { name: 'User Growth (30 Days)' });
    const growthCanvas = growth.locator('canvas');
    await growthCanvas.waitFor();
    expect(await growthCanvas.getAttribute('role')).toBe('img');
    expect(await growthCanvas.getAttribute('aria-label')).toMatch(
      /^Line chart of New Users, \w+ \d+ to \w+ \d+: 4 in total, highest 2 on /,
    );
    const growthRows = await tableRows(
      growth.getByRole('table', { name: 'User Growth (30 Days)' }),
    );
    expect(growthRows).toHaveLength(30);
    expect(growthRows).toContainEqual([utcDay.format(at(5 * DAY)), '2']);
    expect(growthRows).toContainEqual([utcDay.format(at(12 * DAY)), '1']);
    expect(growthRows.at(-1)).toEqual([utcDay.format(now), '1']); // the admin, signed up today

    // Message Volume: a bar chart with the day's three messages.
    const volume = page.getByRole('region', { name: 'Message Volume (30 Days)' });
    expect(await volume.locator('canvas').getAttribute('aria-label')).toMatch(
      /^Bar chart of Messages, .*: 4 in total, highest 3 on /,
    );
    const volumeRows = await tableRows(
      volume.getByRole('table', { name: 'Message Volume (30 Days)' }),
    );
    expect(volumeRows).toContainEqual([utcDay.format(at(DAY)), '3']);
    expect(volumeRows).toContainEqual([utcDay.format(at(10 * DAY)), '1']);

    // The data table opens for everyone with 'Show data'.
    const show = volume.getByRole('button', { name: 'Show data' });
    expect(await show.getAttribute('aria-expanded')).toBe('false');
    await show.click();
    await volume.getByRole('button', { name: 'Hide data' }).waitFor();
    expect(
      await volume.getByRole('button', { name: 'Hide data' }).getAttribute('aria-expanded'),
    ).toBe('true');
    expect(await volume.getByRole('table').isVisible()).toBe(true);
    await volume.getByRole('button', { name: 'Hide data' }).click();

    // Blog Categories: published posts only (the Business draft is not there).
    const categories = page.getByRole('region', { name: 'Blog Categories' });
    expect(await categories.locator('canvas').getAttribute('aria-label')).toBe(
      'Doughnut chart of Blog Categories: Security 2 (67%), Technical 1 (33%).',
    );
    expect(await tableRows(categories.getByRole('table'))).toEqual([
      ['Security', '2'],
      ['Technical', '1'],
    ]);

    // Popular Blog Posts: most viewed first, with category, read time, views and likes.
    const posts = page.getByTestId('popular-post');
    expect(await posts.count()).toBe(3);
    const first = posts.first();
    expect(await first.getByRole('link').innerText()).toBe('Keeping SIP Trunks Safe');
    await first.getByText('Security', { exact: true }).waitFor();
    await first.getByText('6 min read', { exact: true }).waitFor();
    expect(await first.getByTestId('post-views').innerText()).toBe('120');
    expect(await first.getByTestId('post-likes').innerText()).toBe('7');
    expect(await posts.nth(1).getByRole('link').innerText()).toBe('Number Porting Explained');
    expect(await page.getByText('Unfinished Draft').count()).toBe(0);

    // Recent Activity: the 10 newest events, prettified, with who and the path (no query).
    const rows = page.getByTestId('activity-row');
    await rows.first().waitFor(); // its own request, apart from the charts'
    expect(await rows.count()).toBe(10);
    const newest = rows.first();
    expect(await newest.innerText()).toMatch(/^Page View\s+Anonymous\s+\/blog\s+/);
    const postViewed = rows.filter({ hasText: 'Blog Post Viewed' });
    await postViewed.getByText(`User ${userId.slice(0, 8)}`).waitFor();
    await postViewed.getByText('/blog/sip-trunks-safe').waitFor();
    await rows
      .filter({ hasText: 'Page View' })
      .getByText('/blog', { exact: true })
      .first()
      .waitFor();
    expect(await page.getByText('/blog?ref=news').count()).toBe(0);

    await shoot('dashboard-charts');
  });

  it('the analytics page filters by range and type, expands details and exports CSV', async () => {
    const viewed = page.waitForRequest(
      (r) =>
        r.url().endsWith('/v1/analytics/events') &&
        r.method() === 'POST' &&
        r.postDataJSON()?.type === 'admin_analytics_viewed',
    );
    await page.goto(h.baseUrl + '/admin/analytics');
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    const sent = (await viewed).postDataJSON() as Record<string, unknown>;
    expect(sent.pageUrl).toBe('/admin/analytics');
    expect(typeof sent.sessionId).toBe('string');

    // Defaults: last 7 days, all types.
    expect(await page.getByLabel('Date Range', { exact: true }).inputValue()).toBe('7d');
    expect(await page.getByLabel('Event Type', { exact: true }).inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Clear Filters' }).isDisabled()).toBe(true);
    await expect.poll(() => stat('Total Events').innerText()).toBe('7');
    expect(await stat('Unique Users').innerText()).toBe('3'); // visitor, admin, subscriber
    expect(await stat('Page Views').innerText()).toBe('5');

    // Last 24 hours: 4 events; one session of 4m 12s.
    await page.getByLabel('Date Range', { exact: true }).selectOption({ label: 'Last 24 hours' });
    await expect.poll(() => stat('Total Events').innerText()).toBe('4');
    expect(new URL(page.url()).searchParams.get('range')).toBe('1d');
    expect(await stat('Avg. Session').innerText()).toBe('4m 12s');
    expect(await stat('Unique Users').innerText()).toBe('2');

    // Last 30 days: 12.
    await page.getByLabel('Date Range', { exact: true }).selectOption({ label: 'Last 30 days' });
    await expect.poll(() => stat('Total Events').innerText()).toBe('12');
    expect(await stat('Page Views').innerText()).toBe('10');

    // Activity by Hour: 24 buckets 00–23 holding the 12 events.
    const hourly = page.getByRole('region', { name: 'Activity by Hour' });
    const hourRows = await tableRows(hourly.getByRole('table', { name: 'Activity by Hour' }));
    expect(hourRows.map(([label]) => label)).toEqual(
      Array.from({ length: 24 }, (_, i) => String(i).padStart(2, '0')),
    );
    expect(hourRows.reduce((sum, [, n]) => sum + Number(n), 0)).toBe(12);
    expect(await hourly.locator('canvas').getAttribute('aria-label')).toMatch(
      /^Line chart of Events, 00 to 23: 12 in total/,
    );

    // Event Types and Top Pages.
    const types = page.getByRole('region', { name: 'Event Types' });
    expect(await tableRows(types.getByRole('table'))).toEqual([
      ['Page View', '10'],
      ['Blog Post Viewed', '1'],
      ['Newsletter Subscribed', '1'],
    ]);
    const pages = page.getByTestId('top-page');
    expect(await pages.allInnerTexts()).toEqual([
      expect.stringMatching(/^\/about\s+5\s+views$/),
      expect.stringMatching(/^\/blog\s+2\s+views$/),
      expect.stringMatching(/^\/pricing\s+2\s+views$/),
      expect.stringMatching(/^\/blog\/sip-trunks-safe\s+1\s+view$/),
    ]);
    expect(await page.getByTestId('recent-event').count()).toBe(12);
    expect(await page.getByTestId('event-row').count()).toBe(12);

    // The type filter applies to everything.
    await page
      .getByLabel('Event Type', { exact: true })
      .selectOption({ label: 'Newsletter Subscribed' });
    await expect.poll(() => stat('Total Events').innerText()).toBe('1');
    expect(new URL(page.url()).searchParams.get('type')).toBe('newsletter_subscribed');
    expect(await stat('Page Views').innerText()).toBe('0');
    await page.getByTestId('event-row').first().waitFor();
    expect(await page.getByTestId('event-row').count()).toBe(1);
    await page
      .getByRole('region', { name: 'Top Pages' })
      .getByText('No page views in this period')
      .waitFor();

    // Last 24 hours and that type: nothing.
    await page.getByLabel('Date Range', { exact: true }).selectOption('1d');
    await expect.poll(() => stat('Total Events').innerText()).toBe('0');
    expect(await stat('Avg. Session').innerText()).toBe('—');
    await page
      .getByRole('region', { name: 'Event Details' })
      .getByText('No events in this period')
      .waitFor();
    await shoot('analytics-empty');

    // Clear Filters: back to 7 days and every type, and off the URL.
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => stat('Total Events').innerText()).toBe('7');
    expect(await page.getByLabel('Date Range', { exact: true }).inputValue()).toBe('7d');
    expect(await page.getByLabel('Event Type', { exact: true }).inputValue()).toBe('');
    expect(new URL(page.url()).search).toBe('');

    // Filters come from the URL on a fresh load.
    await page.goto(h.baseUrl + '/admin/analytics?range=30d&type=page_view');
    await expect.poll(() => stat('Total Events').innerText()).toBe('10');
    expect(await page.getByLabel('Event Type', { exact: true }).inputValue()).toBe('page_view');
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => stat('Total Events').innerText()).toBe('7');

    // A details row opens to the event's data, session, referrer and user agent.
    await page.getByLabel('Date Range', { exact: true }).selectOption('1d');
    await expect.poll(() => stat('Total Events').innerText()).toBe('4');
    const row = page.getByTestId('event-row').filter({ hasText: 'Blog Post Viewed' });
    const toggle = row.getByRole('button', { name: /^Details of Blog Post Viewed at / });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const details = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    expect(JSON.parse(await details.locator('pre').innerText())).toEqual({
      postId: 'p1',
      slug: 'sip-trunks-safe',
      title: 'Keeping SIP Trunks Safe',
    });
    await details.getByText(userId).waitFor();
    const visit = page
      .getByTestId('event-row')
      .filter({ hasText: 'Page View' })
      .first()
      .getByRole('button');
    await visit.press('Enter'); // keyboard works too
    expect(await visit.getAttribute('aria-expanded')).toBe('true');
    const visitDetails = page.locator(`#${await visit.getAttribute('aria-controls')}`);
    await visitDetails.getByText('visitor-session-1').waitFor();
    await visitDetails.getByText('Mozilla/5.0 (X11; Linux x86_64) E2E').waitFor();
    await shoot('analytics');

    // Export Data: the CSV of the range, newest first.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export Data' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`analytics-${now.toISOString().slice(0, 10)}.csv`);
    const lines = await csvOf(download);
    expect(lines[0]).toBe('Event Type,User ID,Page URL,Timestamp,User Agent');
    expect(lines).toHaveLength(5);
    expect(lines).toContain(
      `page_view,,/blog?ref=news,${at(2 * HOUR).toISOString()},Mozilla/5.0 (X11; Linux x86_64) E2E`,
    );
    expect(lines).toContain(
      `blog_post_viewed,${userId},/blog/sip-trunks-safe,${at(2 * HOUR - 60_000).toISOString()},`,
    );

    // Refresh reloads the figures: a new event appears.
    await h.t.database.db.insert(analyticsEvents).values({
      eventType: 'page_view',
      sessionId: 'late-session',
      pageUrl: '/contact',
      createdAt: at(HOUR),
    });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => stat('Total Events').innerText()).toBe('5');
  });
  it('failed loads show their error with Try again, per section and for the page', async () => {
    // The dashboard's three sections and the analytics page's figures.
    const FIGURES = /\/v1\/admin\/(dashboard\/(users|blog|activity)|analytics)(\?|$)/;
    let failing = true;
    const broken = { error: { code: 'INTERNAL_ERROR', message: 'The figures are unavailable.' } };
    h.allowHttp(500, FIGURES); // answered here
    await page.route(FIGURES, (route) =>
      failing
        ? route.fulfill({ status: 500, contentType: 'application/json', json: broken })
        : route.continue(),
    );
    try {
      // Dashboard: the stat cards, every chart and every list say what failed, with Try again.
      await page.goto(h.baseUrl + '/admin');
      const activity = page.getByRole('region', { name: 'Recent Activity' });
      await activity.getByRole('alert').getByText('The figures are unavailable.').waitFor();
      for (const name of [
        'User Growth (30 Days)',
        'Message Volume (30 Days)',
        'Blog Categories',
        'Popular Blog Posts',
      ]) {
        await page
          .getByRole('region', { name })
          .getByRole('button', { name: 'Try again' })
          .waitFor();
      }
      // The stat cards' alert comes first; then one per chart and list.
      await expect.poll(() => page.getByRole('button', { name: 'Try again' }).count()).toBe(6);
      failing = false;
      await activity.getByRole('button', { name: 'Try again' }).click();
      await page.getByTestId('activity-row').first().waitFor();
      // The stat cards' Try again reloads the users and blog sections, charts and lists with them.
      await page.getByRole('button', { name: 'Try again' }).first().click();
      await page.getByRole('list', { name: 'Platform statistics' }).waitFor();
      await page.getByRole('region', { name: 'Blog Categories' }).locator('canvas').waitFor();
      expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);

      // Analytics: the page's error, then the figures after Try again.
      failing = true;
      await page.goto(h.baseUrl + '/admin/analytics');
      await page.getByRole('alert').getByText('The figures are unavailable.').waitFor();
      // The filters stay usable while the figures are missing.
      expect(await page.getByLabel('Date Range', { exact: true }).isEnabled()).toBe(true);
      failing = false;
      await page.getByRole('button', { name: 'Try again' }).click();
      // 7 days: the 7 seeded events and the one the refresh above found.
      await expect.poll(() => stat('Total Events').innerText()).toBe('8');

      // A refresh that fails keeps the last figures and says so.
      failing = true;
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.getByText('The figures below are from the last successful load.').waitFor();
      expect(await stat('Total Events').innerText()).toBe('8');
      failing = false;
      await page.getByRole('button', { name: 'Try again' }).click();
      await page
        .getByText('The figures below are from the last successful load.')
        .waitFor({ state: 'detached' });
    } finally {
      await page.unroute(FIGURES);
    }
  });
});

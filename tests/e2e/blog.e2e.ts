import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cutExcerpt } from '../../src/shared/blog-rules.ts';
import type { AdminPostDto, CreatePost } from '../../src/shared/blog.ts';
import { signInAdmin } from '../../src/server/test/admin.ts';
import { noHorizontalScroll, screenshotDir, startHarness, type Harness } from './harness.ts';

const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(iso));

/** The newsletter box's answers (the spec's English). */
const SUBSCRIBED_MESSAGE = "Thanks for subscribing! We'll email you when we publish.";
const ALREADY_SUBSCRIBED_MESSAGE = 'This email is already subscribed.';

const LONG_EXCERPT = (topic: string) =>
  `${topic}: a practical walk through what changes for teams that receive verification codes on ` +
  'rented virtual numbers, with the checks we run before trusting a provider again.';

const WIDE_CODE = `curl -s "https://provider.example/api/v1/messages?number=15551234567&token=${'x'.repeat(160)}"`;
const LONG_URL = `https://docs.example.com/${'very-long-path-segment-'.repeat(12)}end`;

const posts: Record<string, CreatePost> = {
  guide: {
    title: 'Keeping SMS Codes Safe',
    slug: 'keeping-sms-codes-safe',
    excerpt: LONG_EXCERPT('Security'),
    content: [
      '## Why it matters',
      '',
      'Verification codes are the **keys** to accounts. Read the [guide](/about) first.',
      '',
      '- Rotate numbers',
      '- Watch expiry dates',
      '',
      '> Never paste a code into a chat.',
      '',
      '```sh',
      WIDE_CODE,
      '```',
      '',
      `A long link: ${LONG_URL}`,
      '',
      '| Provider | Region | Numbers | Uptime | Latency | Notes on the account and the contract |',
      '| --- | --- | --- | --- | --- | --- |',
      '| Alpha Telecom | North America | 1,204 | 99.98% | 120 ms | Renewed every month by the team |',
    ].join('\n'),
    author: 'Dana Reyes',
    category: 'Security',
    featured: true,
    readTime: '7 min read',
    metaDescription: 'How to keep verification codes out of the wrong hands.',
    metaKeywords: 'sms, security, verification',
  },
  second: {
    title: 'Rotating Numbers Without Downtime',
    slug: 'rotating-numbers',
    excerpt: LONG_EXCERPT('Rotation'),
    content: 'Rotate numbers one at a time.',
    category: 'Security',
  },
  third: {
    title: 'Spotting Phishing Texts',
    slug: 'spotting-phishing-texts',
    excerpt: LONG_EXCERPT('Phishing'),
    content: 'Look at the sender first.',
    category: 'Security',
  },
  technical: {
    title: 'Polling Providers at Scale',
    slug: 'polling-providers-at-scale',
    excerpt: 'How the poller keeps thousands of numbers fresh.',
    content: 'Per-host limits and a circuit breaker.',
    category: 'Technical',
  },
  hostile: {
    title: 'Hostile Markup Test',
    slug: 'hostile-markup-test',
    excerpt: 'A post whose content tries to run scripts.',
    content: [
      'Before the script.',
      '',
      '<script>window.__xss = 1; alert("script")</script>',
      '',
      '<img src="/nope.png" onerror="window.__xss = 2; alert(\'img\')">',
      '',
      '[Click me](javascript:window.__xss=3;alert(1))',
      '',
      '<a href="javascript:window.__xss=4">Raw link</a>',
      '',
      'After the script.',
    ].join('\n'),
    category: 'Technical',
  },
  draft: {
    title: 'Unfinished Draft',
    slug: 'unfinished-draft',
    excerpt: 'Not ready.',
    content: 'Draft text.',
    category: 'Business',
    published: false,
  },
};

/**
 * The public blog in Chromium against the real blog and newsletter API: posts are seeded by an
 * administrator through /v1/admin/posts. The list (featured, category filter in the URL, cards),
 * a post (date, read time, related with cut excerpts, Share copying the link), not found, the
 * 'Stay Updated' box, the server's HTML for crawlers and readers without JavaScript, inert hostile
 * content, and the blog switched off. Screenshots of the list and a post at 375 and 1280 px.
 */
describe('public blog', () => {
  let h: Harness;
  let page: Page;
  let adminCookie = '';
  const created: Record<string, AdminPostDto> = {};

  const api = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await h.t.app.inject({ method, url, headers: { cookie: adminCookie }, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as unknown;
  };

  /** Screenshots at 375 and 1280 px (the whole page), with no sideways scrolling. */
  const shoot = async (name: string) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await noHorizontalScroll(page, width);
      await page.screenshot({
        path: path.join(screenshotDir, `blog-${name}-${width}.png`),
        fullPage: true,
      });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  };

  beforeAll(async () => {
    h = await startHarness();
    page = h.page;
    adminCookie = (await signInAdmin(h.t, { role: 'editor' })).cookie;
    for (const [key, body] of Object.entries(posts)) {
      created[key] = (await api('POST', '/v1/admin/posts', body)) as AdminPostDto;
    }
  });
  afterAll(async () => {
    await h?.close();
  });

  const cards = (testId: string) => page.getByTestId(testId).getByTestId('post-card');

  it('lists published posts with the featured ones first, and filters by category in the URL', async () => {
    await page.goto(h.baseUrl + '/blog');
    await page.getByRole('heading', { level: 2, name: 'All Articles' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');

    const featured = page.getByRole('region', { name: 'Featured Articles' });
    await featured.waitFor();
    expect(await cards('featured-posts').allInnerTexts()).toHaveLength(1);
    expect(await cards('featured-posts').first().innerText()).toContain(posts.guide!.title);

    await cards('all-posts').first().waitFor();
    const titles = await page.getByTestId('all-posts').getByRole('heading').allInnerTexts();
    expect(titles.sort()).toEqual(
      [posts.guide, posts.second, posts.third, posts.technical, posts.hostile]
        .map((p) => p!.title)
        .sort(),
    );
    expect(titles).not.toContain(posts.draft!.title);

    // A card shows category, excerpt, author, date and read time.
    const card = cards('all-posts').filter({ hasText: posts.guide!.title });
    const text = await card.innerText();
    for (const part of ['Security', 'Dana Reyes', '7 min read', longDate(created.guide!.createdAt)])
      expect(text).toContain(part);

    // Category buttons: All and the five public categories, one pressed.
    const group = page.getByRole('group', { name: 'Filter articles by category' });
    expect(await group.getByRole('button').allInnerTexts()).toEqual([
      'All',
      'Security',
      'Technical',
      'Industry',
      'Strategy',
      'Business',
    ]);
    expect(await group.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await shoot('list');

    await group.getByRole('button', { name: 'Technical' }).click();
    await page.waitForURL('**/blog?category=Technical');
    await page.getByRole('heading', { level: 2, name: 'Technical Articles' }).waitFor();
    expect(
      await group.getByRole('button', { name: 'Technical' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await expect
      .poll(async () =>
        (await page.getByTestId('all-posts').getByRole('heading').allInnerTexts()).sort(),
      )
      .toEqual([posts.technical!.title, posts.hostile!.title].sort());

    // The filter survives a reload (it is in the URL); an empty category says so.
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Technical Articles' }).waitFor();
    await group.getByRole('button', { name: 'Business' }).click();
    await page.getByText('No articles found').waitFor();
    await group.getByRole('button', { name: 'All' }).click();
    await page.waitForURL((u) => u.pathname === '/blog' && u.search === '');
    await page.getByRole('heading', { level: 2, name: 'All Articles' }).waitFor();
  });

  it('opens a post from its card: category, long date, read time, author, content, related', async () => {
    await page.goto(h.baseUrl + '/blog');
    const viewed = page.waitForResponse(
      (r) => r.url().endsWith(`/v1/blog/posts/${posts.guide!.slug}/views`) && r.ok(),
    );
    await cards('all-posts')
      .filter({ hasText: posts.guide!.title })
      .getByRole('link', { name: posts.guide!.title })
      .click();
    await page.waitForURL(`**/blog/${posts.guide!.slug}`);
    await page.getByRole('heading', { level: 1, name: posts.guide!.title }).waitFor();
    // The view is reported once, with the tab's analytics session.
    const view = await viewed;
    expect(view.request().postDataJSON()).toMatchObject({ sessionId: expect.any(String) });
    expect(await view.json()).toEqual({ counted: true });

    const header = page.locator('article header');
    expect(await header.innerText()).toContain('Security');
    expect(await page.getByTestId('post-date').first().innerText()).toBe(
      longDate(created.guide!.createdAt),
    );
    expect(await page.getByTestId('post-read-time').first().innerText()).toBe('7 min read');
    expect(await page.getByTestId('post-author').innerText()).toBe('Dana Reyes');
    const content = page.getByTestId('post-content');
    await content.getByRole('heading', { name: 'Why it matters' }).waitFor();
    expect(await content.locator('li').allInnerTexts()).toEqual([
      'Rotate numbers',
      'Watch expiry dates',
    ]);
    await page.getByRole('heading', { name: 'About the Author' }).waitFor();
    expect(await page.title()).toContain(posts.guide!.title);

    // Related: the two other Security posts, excerpts cut at 120 characters plus '...'.
    const related = page.getByTestId('related-posts');
    await page.getByRole('heading', { name: 'Related Articles' }).waitFor();
    expect((await related.getByRole('heading').allInnerTexts()).sort()).toEqual(
      [posts.second!.title, posts.third!.title].sort(),
    );
    const excerpts = await related.getByTestId('related-excerpt').allInnerTexts();
    expect(excerpts).toHaveLength(2);
    for (const e of excerpts) {
      expect(e.endsWith('...')).toBe(true);
      expect(e).toHaveLength(123);
      expect([cutExcerpt(posts.second!.excerpt), cutExcerpt(posts.third!.excerpt)]).toContain(e);
    }
    // A wide code block, a long URL and a wide table scroll inside the article, not the page.
    await shoot('post');

    await related.getByRole('link', { name: posts.second!.title }).click();
    await page.getByRole('heading', { level: 1, name: posts.second!.title }).waitFor();
    await page.getByRole('link', { name: 'Back to Blog' }).first().click();
    await page.waitForURL((u) => u.pathname === '/blog');
  });

  it('Share copies the link with feedback, or uses the Web Share API when there is one', async () => {
    await h.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: h.baseUrl,
    });
    // A fresh load hydrates the article the server rendered from the post (ADR 0019): no fetch of
    // the post, and no spinner or 'Loading article...' at any time.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { rootSeen: string[] }).rootSeen = seen;
      document.addEventListener('DOMContentLoaded', () => {
        const root = document.getElementById('root')!;
        seen.push(root.innerText);
        new MutationObserver(() => seen.push(root.innerText)).observe(root, {
          childList: true,
          subtree: true,
        });
      });
    });
    const postFetches: string[] = [];
    const onRequest = (r: { url: () => string; method: () => string }) => {
      if (r.method() === 'GET' && r.url().includes(`/v1/blog/posts/${posts.guide!.slug}`))
        postFetches.push(r.url());
    };
    page.on('request', onRequest);
    await page.goto(h.baseUrl + `/blog/${posts.guide!.slug}`);
    await page.getByRole('button', { name: 'Share' }).waitFor();
    page.off('request', onRequest);
    expect(postFetches).toEqual([]);
    const seen = await page.evaluate(() => (window as unknown as { rootSeen: string[] }).rootSeen);
    expect(seen.length).toBeGreaterThan(0);
    for (const text of seen) {
      expect(text).toContain(posts.guide!.title);
      expect(text).not.toContain('Loading');
    }

    // The copy path: no Web Share API in this browser (Chromium on Linux has none; make sure).
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    });
    const tracked = page.waitForRequest(
      (r) =>
        r.url().endsWith('/v1/analytics/events') &&
        r.method() === 'POST' &&
        (r.postDataJSON() as { type?: string }).type === 'blog_post_shared',
    );
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByText('Link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${h.baseUrl}/blog/${posts.guide!.slug}`,
    );
    expect((await tracked).postDataJSON()).toMatchObject({
      type: 'blog_post_shared',
      data: { slug: posts.guide!.slug },
      pageUrl: `/blog/${posts.guide!.slug}`,
    });
    // The feedback goes away by itself.
    await page.getByText('Link copied').waitFor({ state: 'hidden' });

    // With the Web Share API: it gets the title and URL; a cancelled share shows nothing.
    await page.evaluate(() => {
      const w = window as unknown as { shared: unknown[] };
      w.shared = [];
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: unknown) => {
          w.shared.push(data);
          if (w.shared.length > 1) throw new DOMException('cancelled', 'AbortError');
        },
      });
    });
    await page.getByRole('button', { name: 'Share' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared))
      .toEqual([{ title: posts.guide!.title, url: `${h.baseUrl}/blog/${posts.guide!.slug}` }]);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared.length))
      .toBe(2);
    expect(await page.getByText('Link copied').count()).toBe(0);
  });

  it('an unknown slug or a draft says Post Not Found, with the way back', async () => {
    h.allowHttp(404, /\/blog(\/posts)?\/(no-such-post|unfinished-draft)$/); // the page and its API
    for (const slug of ['no-such-post', posts.draft!.slug]) {
      const res = await page.goto(h.baseUrl + `/blog/${slug}`);
      expect(res?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'Post Not Found' }).waitFor();
      await page.getByText("The blog post you're looking for doesn't exist.").waitFor();
    }
    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await page.waitForURL((u) => u.pathname === '/blog');
    await page.getByRole('heading', { level: 2, name: 'All Articles' }).waitFor();
  });

  it('Stay Updated subscribes once, says so on a repeat, and refuses a malformed address', async () => {
    await page.goto(h.baseUrl + '/blog');
    const box = page.getByRole('region', { name: 'Stay Updated' });
    const email = box.getByLabel('Email address');
    const subscribe = box.getByRole('button', { name: 'Subscribe' });
    await email.waitFor();

    // Malformed: a field error, and nothing sent.
    let sent = 0;
    const count = (r: { url: () => string }) => {
      if (r.url().endsWith('/v1/newsletter')) sent++;
    };
    page.on('request', count);
    await email.fill('not-an-email');
    await subscribe.click();
    await box.getByText('Please enter a valid email address').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toBe(0);

    await email.fill('Reader@Example.com');
    await subscribe.click();
    await box.getByText(SUBSCRIBED_MESSAGE).waitFor();
    expect(await email.inputValue()).toBe('');
    expect(await box.getByText('Please enter a valid email address').count()).toBe(0);

    await email.fill('reader@example.com');
    await subscribe.click();
    await box.getByText(ALREADY_SUBSCRIBED_MESSAGE).waitFor();
    expect(sent).toBe(2);
    page.off('request', count);
  });

  it("serves a post's HTML with its head tags and text, readable without JavaScript", async () => {
    const res = await fetch(h.baseUrl + `/blog/${posts.guide!.slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<title>Keeping SMS Codes Safe[^<]*<\/title>/);
    expect(html).toContain(
      '<meta name="description" content="How to keep verification codes out of the wrong hands." />',
    );
    expect(html).toContain('<meta name="keywords" content="sms, security, verification" />');
    expect(html).toContain('<meta property="og:title" content="Keeping SMS Codes Safe" />');
    expect(html).toContain(
      `<link rel="canonical" href="${h.baseUrl}/blog/${posts.guide!.slug}" />`,
    );
    expect(html).toContain('Why it matters');
    expect(html).toContain('<script type="application/json" id="blog-post">');

    // A browser without JavaScript shows the article from that HTML.
    const noJs = await h.context.newPage();
    try {
      const cdp = await h.context.newCDPSession(noJs);
      await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
      await noJs.goto(h.baseUrl + `/blog/${posts.guide!.slug}`);
      await noJs.getByRole('heading', { level: 1, name: posts.guide!.title }).waitFor();
      await noJs.getByText('Verification codes are the').waitFor();
      await noJs.getByRole('heading', { name: 'Why it matters' }).waitFor();
    } finally {
      await noJs.close();
    }
  });

  it('hostile content is inert: no script runs, no dialog opens, javascript: links go nowhere', async () => {
    h.allowHttp(404, /\/nope\.png$/); // the hostile image's source
    const dialogs: string[] = [];
    const onDialog = (d: { message: () => string; dismiss: () => Promise<void> }) => {
      dialogs.push(d.message());
      void d.dismiss();
    };
    page.on('dialog', onDialog);
    try {
      const url = h.baseUrl + `/blog/${posts.hostile!.slug}`;
      await page.goto(url);
      const content = page.getByTestId('post-content');
      await content.getByText('After the script.').waitFor();
      expect(await content.locator('script, [onerror], a[href^="javascript:" i]').count()).toBe(0);
      for (const name of ['Click me', 'Raw link']) {
        const link = content.getByText(name);
        if (await link.count()) await link.click();
      }
      // A click that navigated, or an image error handler, would have had its turn by now.
      await page.getByRole('button', { name: 'Share' }).focus();
      expect(page.url()).toBe(url);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBe(
        undefined,
      );
      expect(dialogs).toEqual([]);
    } finally {
      page.off('dialog', onDialog);
    }
  });

  it('pages a long list with Load more', async () => {
    for (let i = 1; i <= 13; i++) {
      await api('POST', '/v1/admin/posts', {
        title: `Strategy Note ${i}`,
        slug: `strategy-note-${i}`,
        excerpt: `Strategy note number ${i}.`,
        content: 'Plan ahead.',
        category: 'Strategy',
      });
    }
    await page.goto(h.baseUrl + '/blog?category=Strategy');
    await page.getByRole('heading', { level: 2, name: 'Strategy Articles' }).waitFor();
    await expect.poll(() => cards('all-posts').count()).toBe(12);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => cards('all-posts').count()).toBe(13);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    const titles = await page.getByTestId('all-posts').getByRole('heading').allInnerTexts();
    expect(new Set(titles).size).toBe(13);
  });

  it('with the blog off, /blog answers 404 and the Blog links are hidden', async () => {
    h.allowHttp(404, /\/blog$/);
    // On: the header's Blog link leads to the blog (pre-rendered landing page and the app).
    await page.goto(h.baseUrl + '/');
    const headerLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
      name: 'Blog',
    });
    await headerLink.waitFor();
    await headerLink.click();
    await page.waitForURL((u) => u.pathname === '/blog');
    // Both lists loaded before the blog goes off: a list still in flight would get a 404.
    await cards('featured-posts').first().waitFor();
    await cards('all-posts').first().waitFor();

    await api('PUT', '/v1/admin/settings/blog_enabled', { value: false });
    for (const p of ['/blog', `/blog/${posts.guide!.slug}`]) {
      const res = await fetch(h.baseUrl + p);
      expect(res.status, p).toBe(404);
      expect(await res.text()).not.toContain(posts.guide!.title);
    }
    const res = await page.goto(h.baseUrl + '/blog');
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    // /contact hydrates its pre-rendered HTML (which has the link): no mismatch.
    for (const p of ['/', '/about', '/contact', '/blog']) {
      await page.goto(h.baseUrl + p);
      await page.locator('footer').waitFor();
      const links = page.locator('[data-blog-link]');
      for (let i = 0; i < (await links.count()); i++)
        expect(await links.nth(i).isVisible()).toBe(false);
      expect(await page.getByRole('link', { name: 'Blog', exact: true }).count()).toBe(0);
    }
    await page.getByRole('link', { name: 'Contact', exact: true }).first().click();
    await page.waitForURL((u) => u.pathname === '/contact');
    await page.getByRole('button', { name: 'Send Message' }).waitFor();
    expect(await page.getByRole('link', { name: 'Blog', exact: true }).count()).toBe(0);

    await api('PUT', '/v1/admin/settings/blog_enabled', { value: true });
    await page.goto(h.baseUrl + '/about');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Blog' })
      .waitFor();
  });
});

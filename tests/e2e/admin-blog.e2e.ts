import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { AdminPostDto } from '../../src/shared/blog.ts';
import { only, signInAdmin } from '../../src/server/test/admin.ts';
import { noHorizontalScroll, screenshotDir, startHarness, type Harness } from './harness.ts';

const FIRST = 'Hello World: VoIP & SMS Codes!';
const FIRST_SLUG = 'hello-world-voip-sms-codes';
const SECOND = 'Rotating Numbers Safely';
const BIG = 'A Very Long Post';

/** Markdown with hostile bits the preview (and the saved post) must render inert. */
const HOSTILE_CONTENT = [
  '## Getting started',
  '',
  'Codes are **keys** to accounts. Read the [guide](https://example.com/guide).',
  '',
  '- Rotate numbers',
  '- Watch expiry dates',
  '',
  '<script>window.__pwned = "script"</script>',
  '',
  '[click me](javascript:window.__pwned="link")',
  '',
  '<img src="x" onerror="window.__pwned = \'onerror\'">',
].join('\n');

/**
 * Blog Management in Chromium: an admin with every permission creates a post (the slug follows
 * the title), meets the duplicate-slug and empty-title errors on their fields, previews Markdown
 * with scripts and javascript: links made inert, toggles published and featured (each PATCH holds
 * one flag; a failed toggle rolls back), edits (only changed fields sent), filters, saves a
 * 200 KB post and deletes with the confirmation. An admin without the blog permission is refused.
 * Screenshots at 375 and 1280 px of the list, the modal and the preview.
 */
describe('blog management', () => {
  let h: Harness;
  let page: Page;
  let adminCookie = '';
  let noBlogCookie = '';
  /** PATCH bodies sent to /v1/admin/posts/:id, in order. */
  const patches: Array<Record<string, unknown>> = [];

  const actAs = async (cookie: string) => {
    await h.context.clearCookies();
    await h.context.addCookies([
      { name: 'vm_session', value: cookie.replace(/^vm_session=/, ''), url: h.baseUrl },
    ]);
  };

  /** Screenshots at 375 and 1280 px, with no sideways scrolling. */
  const shoot = async (name: string, fullPage = true) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await noHorizontalScroll(page, width);
      await page.screenshot({
        path: path.join(screenshotDir, `admin-blog-${name}-${width}.png`),
        fullPage,
      });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  };

  const row = (title: string) =>
    page
      .getByRole('list', { name: 'Blog posts' })
      .getByRole('listitem', { name: title, exact: true });
  const heading = () => page.getByRole('heading', { name: /^Blog Posts \(/ });
  const waitCount = async (n: number) =>
    page.getByRole('heading', { name: `Blog Posts (${n})` }).waitFor();
  const postsFromApi = async () => {
    const res = await page.request.get(`${h.baseUrl}/v1/admin/posts?limit=100`);
    expect(res.status()).toBe(200);
    return ((await res.json()) as { items: { id: string; title: string }[] }).items;
  };
  const postFromApi = async (title: string) => {
    const item = (await postsFromApi()).find((p) => p.title === title);
    if (!item) throw new Error(`no post titled ${title}`);
    const res = await page.request.get(`${h.baseUrl}/v1/admin/posts/${item.id}`);
    return (await res.json()) as AdminPostDto;
  };
  const openCreate = async () => {
    // The test app's clock stands still: move it, so each new post is newer than the last.
    h.t.clock.advance(60_000);
    await page.getByRole('button', { name: 'Create New Post' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Blog Post' });
    await dialog.waitFor();
    return dialog;
  };
  const field = (dialog: Locator, label: string) => dialog.getByLabel(label, { exact: true });
  const content = (dialog: Locator) => dialog.getByRole('textbox', { name: 'Content' });
  const focusedId = () => page.evaluate(() => document.activeElement?.id ?? null);

  beforeAll(async () => {
    h = await startHarness();
    page = h.page;
    adminCookie = (await signInAdmin(h.t, { role: 'admin' })).cookie;
    noBlogCookie = (await signInAdmin(h.t, { role: 'editor', permissions: only('users') })).cookie;
    page.on('request', (req) => {
      if (req.method() === 'PATCH' && /\/v1\/admin\/posts\/[^/]+$/.test(req.url())) {
        patches.push(req.postDataJSON() as Record<string, unknown>);
      }
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('shows the empty state, then creates a post whose slug follows the title', async () => {
    await actAs(adminCookie);
    await page.goto(h.baseUrl + '/admin/blog');
    await page.getByRole('heading', { name: 'Blog Management', level: 1 }).waitFor();
    await waitCount(0);
    const empty = page.getByTestId('posts-empty');
    await empty.getByText('No blog posts found').waitFor();
    await empty.getByText('Create your first blog post to get started.').waitFor();
    await shoot('empty');

    const dialog = await openCreate();
    // The defaults (docs/product-rules.md, Blog).
    expect(await field(dialog, 'Author').inputValue()).toBe('VOIP Manager Team');
    expect(await field(dialog, 'Category').inputValue()).toBe('General');
    expect(await field(dialog, 'Read Time').inputValue()).toBe('5 min read');
    expect(
      await dialog.getByRole('switch', { name: 'Published' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(
      await dialog.getByRole('switch', { name: 'Featured' }).getAttribute('aria-checked'),
    ).toBe('false');
    expect(await focusedId()).toBe('post-title');

    // Empty title (and the other required fields): errors on the fields, focus on the first.
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await dialog.getByText('Title is required').waitFor();
    await dialog.getByText('Excerpt is required').waitFor();
    await dialog.getByText('Content is required').waitFor();
    expect(await focusedId()).toBe('post-title');
    expect(await field(dialog, 'Title').getAttribute('aria-invalid')).toBe('true');

    await field(dialog, 'Title').pressSequentially(FIRST);
    expect(await field(dialog, 'Slug').inputValue()).toBe(FIRST_SLUG);
    expect(await dialog.getByText('Title is required').count()).toBe(0);
    await field(dialog, 'Excerpt').fill('What every team should know about verification codes.');
    await content(dialog).fill(HOSTILE_CONTENT);
    await dialog
      .getByTestId('content-count')
      .getByText(`${HOSTILE_CONTENT.length} / 250,000`)
      .waitFor();
    await field(dialog, 'Meta Keywords (optional)').fill('voip, sms');
    await shoot('create-modal', false);

    // Preview: rendered Markdown, nothing executable.
    await dialog.getByRole('tab', { name: 'Preview' }).click();
    const preview = dialog.getByTestId('post-preview');
    await preview.getByRole('heading', { name: 'Getting started', level: 2 }).waitFor();
    expect(await preview.locator('strong').innerText()).toBe('keys');
    expect(await preview.getByRole('listitem').count()).toBe(2);
    expect(await preview.locator('script').count()).toBe(0);
    expect(await preview.locator('[onerror]').count()).toBe(0);
    const hrefs = await preview
      .locator('a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs).toContain('https://example.com/guide');
    expect(hrefs.some((href) => /^\s*javascript:/i.test(href))).toBe(false);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(await preview.getAttribute('class')).toContain('blog-content');
    await shoot('preview', false);
    await dialog.getByRole('tab', { name: 'Write' }).click();
    expect(await content(dialog).inputValue()).toBe(HOSTILE_CONTENT);

    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await page.getByText(`Created "${FIRST}"`, { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await waitCount(1);
    const r = row(FIRST);
    await r.getByText('Published', { exact: true }).waitFor();
    await r.getByText('General', { exact: true }).waitFor();
    await r.getByText('VOIP Manager Team').waitFor();
    await r.getByText('5 min read').waitFor();
    await r.getByText('0 views').waitFor();
    expect(await r.getByText('Featured', { exact: true }).count()).toBe(0);
    const saved = await postFromApi(FIRST);
    expect(saved).toMatchObject({ slug: FIRST_SLUG, published: true, featured: false });
    expect(saved.metaKeywords).toBe('voip, sms');
    expect(saved.metaDescription).toBeNull();
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  });

  it('shows a duplicate slug on the slug field, and the slug stops following once edited', async () => {
    h.allowHttp(409, /\/v1\/admin\/posts$/); // the duplicate slug
    const dialog = await openCreate();
    await field(dialog, 'Title').fill(SECOND);
    expect(await field(dialog, 'Slug').inputValue()).toBe('rotating-numbers-safely');
    await field(dialog, 'Slug').fill(FIRST_SLUG);
    // Edited by hand: the title no longer moves it.
    await field(dialog, 'Title').fill(`${SECOND} Today`);
    expect(await field(dialog, 'Slug').inputValue()).toBe(FIRST_SLUG);
    await field(dialog, 'Title').fill(SECOND);
    await field(dialog, 'Excerpt').fill('Rotate numbers one at a time, with no missed codes.');
    await content(dialog).fill('Rotate **one** number at a time.');
    await field(dialog, 'Author').fill('Dana Reyes');
    await field(dialog, 'Category').selectOption('Security');
    await dialog.getByRole('switch', { name: 'Published' }).click();

    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await dialog.getByText('A post with this slug already exists').waitFor();
    expect(await focusedId()).toBe('post-slug');
    expect(await field(dialog, 'Slug').getAttribute('aria-invalid')).toBe('true');
    await shoot('slug-taken', false);

    // Emptying the slug lets it follow the title again.
    await field(dialog, 'Slug').fill('');
    await field(dialog, 'Title').fill(`${SECOND}!`);
    expect(await field(dialog, 'Slug').inputValue()).toBe('rotating-numbers-safely');
    await field(dialog, 'Title').fill(SECOND);
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await page.getByText(`Created "${SECOND}"`, { exact: true }).waitFor();
    await waitCount(2);
    await row(SECOND).getByText('Draft', { exact: true }).waitFor();
    await row(SECOND).getByText('Security', { exact: true }).waitFor();
    // Newest first.
    expect(
      await page.getByRole('list', { name: 'Blog posts' }).getByRole('heading').allInnerTexts(),
    ).toEqual([SECOND, FIRST]);
  });

  it('toggles published and featured with one flag per PATCH, and rolls a failure back', async () => {
    const r = row(FIRST);
    /** A post's action, by its visible word (and the post's title for screen readers). */
    const action = (word: string) =>
      r.getByRole('button', { name: `${word} ${FIRST}`, exact: true });
    // Each action says in words what it does (the badges say the state).
    const words = r.getByRole('button').evaluateAll((buttons) =>
      buttons.map((b) =>
        [...b.childNodes]
          .filter((n) => n.nodeType === Node.TEXT_NODE)
          .map((n) => n.textContent)
          .join(''),
      ),
    );
    expect(await words).toEqual(['Feature', 'Unpublish', 'Edit', 'Delete']);

    patches.length = 0;
    await action('Unpublish').click();
    await r.getByText('Draft', { exact: true }).waitFor();
    await action('Publish').waitFor();
    await page.getByText(`Unpublished "${FIRST}"`, { exact: true }).waitFor();
    await action('Feature').click();
    await r.getByText('Featured', { exact: true }).waitFor();
    await action('Unfeature').waitFor();
    await page.getByText(`Featured "${FIRST}"`, { exact: true }).waitFor();
    expect(patches).toEqual([{ published: false }, { featured: true }]);
    expect(await postFromApi(FIRST)).toMatchObject({ published: false, featured: true });

    // Publish again.
    await action('Publish').click();
    await r.getByText('Published', { exact: true }).waitFor();
    await page.getByText(`Published "${FIRST}"`, { exact: true }).waitFor();
    expect(patches.at(-1)).toEqual({ published: true });

    // A toggle the server refuses: shown at once, then put back, with a toast.
    h.allowHttp(503, /\/v1\/admin\/posts\/[0-9a-f-]+$/); // answered here
    await page.route('**/v1/admin/posts/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({
              error: { code: 'DATABASE_UNAVAILABLE', message: 'The database is unavailable.' },
            }),
          })
        : route.fallback(),
    );
    await action('Unfeature').click();
    await page.getByText('Error updating post featured status').waitFor();
    await r.getByText('Featured', { exact: true }).waitFor();
    await action('Unfeature').waitFor();
    expect(patches.at(-1)).toEqual({ featured: false });
    await page.unroute('**/v1/admin/posts/*');
    expect(await postFromApi(FIRST)).toMatchObject({ published: true, featured: true });
    await shoot('list');
  });

  it('edits a post: loads it, the slug stays put, only changed fields are sent', async () => {
    await row(FIRST)
      .getByRole('button', { name: `Edit ${FIRST}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Blog Post' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Update Post' }).waitFor();
    expect(await content(dialog).inputValue()).toBe(HOSTILE_CONTENT);
    expect(
      await dialog.getByRole('switch', { name: 'Featured' }).getAttribute('aria-checked'),
    ).toBe('true');
    const title = `${FIRST} (Updated)`;
    await field(dialog, 'Title').fill(title);
    expect(await field(dialog, 'Slug').inputValue()).toBe(FIRST_SLUG);
    await field(dialog, 'Read Time').fill('6 min read');
    patches.length = 0;
    await dialog.getByRole('button', { name: 'Update Post' }).click();
    await page.getByText(`Updated "${title}"`, { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(patches).toEqual([{ title, readTime: '6 min read' }]);
    await row(title).getByText('6 min read').waitFor();
    expect(await postFromApi(title)).toMatchObject({ slug: FIRST_SLUG, readTime: '6 min read' });

    // Cancel closes without a request.
    await row(title)
      .getByRole('button', { name: `Edit ${title}` })
      .click();
    const again = page.getByRole('dialog', { name: 'Edit Blog Post' });
    await again.getByRole('button', { name: 'Update Post' }).waitFor();
    await again.getByRole('button', { name: 'Cancel' }).click();
    await again.waitFor({ state: 'detached' });
    expect(patches).toHaveLength(1);
  });

  it('filters by search, status and category, kept in the URL', async () => {
    const title = `${FIRST} (Updated)`;
    /** The list settles on these titles and the heading's count (filters are debounced). */
    const expectShown = async (titles: string[]) => {
      await waitCount(titles.length);
      await expect
        .poll(() =>
          page.getByRole('list', { name: 'Blog posts' }).getByRole('heading').allInnerTexts(),
        )
        .toEqual(titles);
    };
    const search = page.getByRole('searchbox', { name: 'Search' });

    await search.fill('dana');
    await page.waitForURL((u) => u.searchParams.get('q') === 'dana');
    await expectShown([SECOND]);
    await search.fill('EVERY TEAM');
    await expectShown([title]);
    await search.fill('no such post anywhere');
    await waitCount(0);
    const empty = page.getByTestId('posts-empty');
    await empty.getByText('No blog posts found').waitFor();
    await empty.getByText('No post matches the search and filters.').waitFor();
    await empty.getByRole('button', { name: 'Clear Filters' }).click();
    await waitCount(2);
    expect(new URL(page.url()).search).toBe('');

    await page.getByLabel('Status').selectOption('drafts');
    await page.waitForURL((u) => u.searchParams.get('status') === 'drafts');
    await expectShown([SECOND]);
    await page.getByLabel('Status').selectOption('featured');
    await expectShown([title]);
    await page.getByLabel('Status').selectOption('published');
    await expectShown([title]);

    await page.getByLabel('Status').selectOption('all');
    await page.getByLabel('Category').selectOption('Security');
    await page.waitForURL((u) => u.searchParams.get('category') === 'Security');
    await expectShown([SECOND]);

    // A reload keeps the filters.
    await page.reload();
    await waitCount(1);
    expect(await page.getByLabel('Category').inputValue()).toBe('Security');
    await shoot('filtered');

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await waitCount(2);
    expect(await page.getByLabel('Category').inputValue()).toBe('all');
    expect(await heading().innerText()).toBe('Blog Posts (2)');
  });

  it('saves a 200 KB post', async () => {
    const paragraph =
      'Verification codes arrive on rented numbers; the poller reads them and shows the code. ';
    const big = `# ${BIG}\n\n` + paragraph.repeat(Math.ceil(200_000 / paragraph.length));
    expect(big.length).toBeGreaterThanOrEqual(200_000);
    const dialog = await openCreate();
    await field(dialog, 'Title').fill(BIG);
    await field(dialog, 'Excerpt').fill('A post of more than 200,000 characters.');
    await content(dialog).fill(big);
    await dialog
      .getByTestId('content-count')
      .getByText(`${big.length.toLocaleString('en-US')} / 250,000 characters`)
      .waitFor();
    // Typing at the end of 200 KB still works key by key (only the counter re-renders).
    await content(dialog).press('Control+End');
    await content(dialog).pressSequentially(' The end.');
    const final = `${big} The end.`;
    await dialog
      .getByTestId('content-count')
      .getByText(`${final.length.toLocaleString('en-US')} / 250,000 characters`)
      .waitFor();
    await dialog.getByRole('button', { name: 'Create Post' }).click();
    await page.getByText(`Created "${BIG}"`, { exact: true }).waitFor({ timeout: 30_000 });
    await waitCount(3);
    const saved = await postFromApi(BIG);
    expect(saved.content).toBe(final);
    expect(saved.slug).toBe('a-very-long-post');
  });

  it('deletes a post after the confirmation', async () => {
    await row(SECOND)
      .getByRole('button', { name: `Delete ${SECOND}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete blog post' });
    await confirm.getByText(`Are you sure you want to delete "${SECOND}"?`).waitFor();
    // Cancel keeps it.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await row(SECOND).count()).toBe(1);

    await row(SECOND)
      .getByRole('button', { name: `Delete ${SECOND}` })
      .click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`Deleted "${SECOND}"`, { exact: true }).waitFor();
    await waitCount(2);
    expect(await row(SECOND).count()).toBe(0);
    expect((await postsFromApi()).map((p) => p.title)).not.toContain(SECOND);
  });

  it('shows an error with Try again when the list cannot load', async () => {
    let fail = true;
    h.allowHttp(503, /\/v1\/admin\/posts\?/); // answered here
    await page.route('**/v1/admin/posts?*', (route) =>
      fail
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({
              error: { code: 'DATABASE_UNAVAILABLE', message: 'The database is unavailable.' },
            }),
          })
        : route.fallback(),
    );
    await page.reload();
    await page.getByText('The database is unavailable.').waitFor({ timeout: 20_000 });
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await waitCount(2);
    await page.unroute('**/v1/admin/posts?*');
  });

  it('refuses an admin without the blog permission', async () => {
    await actAs(noBlogCookie);
    await page.goto(h.baseUrl + '/admin/blog');
    await page.getByRole('heading', { name: 'Not authorised', level: 1 }).waitFor();
    await page.getByText(/does not have access to Blog Management/).waitFor();
    expect(await page.getByRole('button', { name: 'Create New Post' }).count()).toBe(0);
    h.allowHttp(403, /\/v1\/admin\/posts$/); // asked here
    const status = await page.evaluate(async () => (await fetch('/v1/admin/posts')).status);
    expect(status).toBe(403);
  });
});

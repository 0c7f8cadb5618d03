import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  RELATED_POSTS,
  SLUG_PATTERN,
  type AdminPostDto,
  type AdminPostListItem,
  type BlogCategory,
  type PublicPostCard,
  type PublicPostDto,
  adminPostListQuery,
  adminPostListResponse,
  createPostBody,
  publicPostListQuery,
  publicPostListResponse,
  updatePostBody,
} from '../../../shared/blog.ts';
import { isUniqueViolation, pgErrorCode } from '../../db/errors.ts';
import { decodeCursor, encodeCursor } from '../../db/paging.ts';
import { hmac } from '../../secrets.ts';
import type { RecordedEvent } from '../analytics/recorder.ts';
import { blogErrors } from './blog.errors.ts';
import type {
  Actor,
  BlogRepository,
  PostCardRow,
  PostListRow,
  PostPatch,
  PostRow,
  PublicPostRow,
} from './blog.repository.ts';
import { RenderTimeoutError, type MarkdownRenderer } from './markdown-renderer.ts';

/** Who is asking, as the analytics events record it (`fromRequest(req)`). */
export type Visitor = Pick<RecordedEvent, 'userId' | 'ip' | 'userAgent'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The admin page the blog's tracked events come from. */
const ADMIN_BLOG_PAGE = '/admin/blog';

const listItem = (r: PostListRow): AdminPostListItem => ({
  id: r.id,
  title: r.title,
  slug: r.slug,
  excerpt: r.excerpt,
  author: r.author,
  category: r.category as BlogCategory,
  featured: r.featured,
  published: r.published,
  readTime: r.readTime,
  viewCount: r.viewCount,
  likeCount: r.likeCount,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});
export const adminPostDtoOf = (r: PostRow): AdminPostDto => ({
  ...listItem(r),
  content: r.content,
  metaDescription: r.metaDescription,
  metaKeywords: r.metaKeywords,
});
const card = (r: PostCardRow): PublicPostCard => ({
  slug: r.slug,
  title: r.title,
  excerpt: r.excerpt,
  author: r.author,
  category: r.category as BlogCategory,
  featured: r.featured,
  readTime: r.readTime,
  createdAt: r.createdAt.toISOString(),
});
export const publicPostDtoOf = (r: PublicPostRow): PublicPostDto => ({
  ...card(r),
  contentHtml: r.contentHtml,
  metaDescription: r.metaDescription,
  metaKeywords: r.metaKeywords,
  updatedAt: r.updatedAt.toISOString(),
  viewCount: r.viewCount,
  likeCount: r.likeCount,
  related: r.related.map(card),
});

/** A page of `limit` from up to `limit + 1` rows, and the cursor after its last row. */
function paged<T extends { id: string; createdAt: Date }>(rows: T[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor:
      rows.length > limit && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
  };
}

/** YYYY-MM-DD of `d` in UTC. */
export const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The blog's rules: admin CRUD (Markdown rendered once, at write time; a taken slug is a 409 found
 * by the unique index, so two creates racing for one slug cannot both win), the public reads
 * (published posts only), and views counted once per visitor per day. Tracked events are recorded
 * after the change is committed; a failure to record is logged and never fails the request.
 */
export function blogService(deps: {
  repo: BlogRepository;
  secret: string;
  now: () => Date;
  /** PUBLIC_URL's origin: links to it are not marked external. */
  siteOrigin: string;
  renderer: MarkdownRenderer;
  track: (e: RecordedEvent) => Promise<unknown>;
  log: FastifyBaseLogger;
}) {
  const { repo } = deps;
  /** The sanitised HTML, rendered off the request thread; 400 past the renderer's time limit. */
  const render = async (markdown: string) => {
    try {
      return await deps.renderer.render(markdown, deps.siteOrigin);
    } catch (err) {
      if (err instanceof RenderTimeoutError) throw blogErrors.contentTooComplex();
      throw err;
    }
  };

  async function track(e: RecordedEvent) {
    try {
      await deps.track(e);
    } catch (err) {
      deps.log.warn({ err, type: e.type }, 'analytics: recording an event failed');
    }
  }
  const adminEvent = (
    visitor: Visitor,
    type: RecordedEvent['type'],
    data: Record<string, unknown>,
  ) => track({ type, data, pageUrl: ADMIN_BLOG_PAGE, ...visitor });

  async function withSlugCheck<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw blogErrors.slugTaken();
      throw err;
    }
  }

  const checkedId = (id: string) => {
    if (!UUID.test(id)) throw blogErrors.postNotFound();
    return id;
  };

  /** A published post by slug, or 404 POST_NOT_FOUND (a draft is as absent as an unknown slug). */
  async function publishedPost(slug: string): Promise<PublicPostRow> {
    const row = SLUG_PATTERN.test(slug)
      ? await repo.publishedBySlug(slug, RELATED_POSTS)
      : undefined;
    if (!row) throw blogErrors.postNotFound();
    return row;
  }

  return {
    render,

    async list(
      q: z.output<typeof adminPostListQuery>,
    ): Promise<z.input<typeof adminPostListResponse>> {
      const cursor = q.cursor ? decodeCursor(q.cursor) : undefined;
      const { items, total } = await repo.list(
        { q: q.q, category: q.category, status: q.status },
        cursor,
        q.limit,
      );
      const page = paged(items, q.limit);
      return { total, nextCursor: page.nextCursor, items: page.items.map(listItem) };
    },

    async get(id: string): Promise<AdminPostDto> {
      const row = await repo.byId(checkedId(id));
      if (!row) throw blogErrors.postNotFound();
      return adminPostDtoOf(row);
    },

    async create(
      actor: Actor,
      body: z.output<typeof createPostBody>,
      visitor: Visitor,
    ): Promise<AdminPostDto> {
      const html = await render(body.content);
      const row = await withSlugCheck(() =>
        repo.create({ ...body, contentHtml: html }, actor, deps.now()),
      );
      await adminEvent(visitor, 'blog_post_created', { postId: row.id, title: row.title });
      return adminPostDtoOf(row);
    },

    /**
     * Changes the fields sent. Events: blog_post_updated when anything but the two flags was sent,
     * plus blog_post_status_changed / blog_post_featured_changed when `published` / `featured`
     * changed (so the list's publish and star buttons record only their own event).
     */
    async update(
      actor: Actor,
      id: string,
      body: z.output<typeof updatePostBody>,
      visitor: Visitor,
    ): Promise<AdminPostDto> {
      checkedId(id);
      const patch: PostPatch = {};
      for (const [k, v] of Object.entries(body)) {
        if (v !== undefined) (patch as Record<string, unknown>)[k] = v;
      }
      if (patch.content !== undefined) patch.contentHtml = await render(patch.content);
      const result = await withSlugCheck(() => repo.update(id, patch, actor, deps.now()));
      if (!result) throw blogErrors.postNotFound();
      const { before, after } = result;
      const ref = { postId: after.id, title: after.title };
      const others = Object.keys(patch).some((k) => k !== 'published' && k !== 'featured');
      if (others) await adminEvent(visitor, 'blog_post_updated', ref);
      if (before.published !== after.published)
        await adminEvent(visitor, 'blog_post_status_changed', {
          ...ref,
          published: after.published,
        });
      if (before.featured !== after.featured)
        await adminEvent(visitor, 'blog_post_featured_changed', {
          ...ref,
          featured: after.featured,
        });
      return adminPostDtoOf(after);
    },

    async remove(actor: Actor, id: string, visitor: Visitor): Promise<void> {
      const row = await repo.remove(checkedId(id), actor, deps.now());
      if (!row) throw blogErrors.postNotFound();
      await adminEvent(visitor, 'blog_post_deleted', { postId: row.id, title: row.title });
    },

    async publicList(
      q: z.output<typeof publicPostListQuery>,
    ): Promise<z.input<typeof publicPostListResponse>> {
      const cursor = q.cursor ? decodeCursor(q.cursor) : undefined;
      const rows = await repo.publicList(
        {
          category: q.category,
          featured: q.featured === undefined ? undefined : q.featured === 'true',
        },
        cursor,
        q.limit,
      );
      const page = paged(rows, q.limit);
      return { nextCursor: page.nextCursor, items: page.items.map(card) };
    },

    async publicPost(slug: string): Promise<PublicPostDto> {
      return publicPostDtoOf(await publishedPost(slug));
    },

    /** For the /blog page: the newest `n` published posts' cards. */
    async recentCards(n: number): Promise<PublicPostCard[]> {
      return (await repo.publicList({}, undefined, n)).slice(0, n).map(card);
    },

    /** For the /blog/{slug} page: the published post, or undefined. */
    async findPublished(slug: string): Promise<PublicPostDto | undefined> {
      if (!SLUG_PATTERN.test(slug)) return undefined;
      const row = await repo.publishedBySlug(slug, RELATED_POSTS);
      return row && publicPostDtoOf(row);
    },

    /**
     * Counts a view of a published post once per visitor (an HMAC of address and user agent:
     * nothing reversible is stored) per UTC day; records blog_post_viewed when it counted.
     */
    async countView(
      slug: string,
      visitor: Visitor & { rawIp: string; sessionId?: string | undefined },
    ): Promise<{ counted: boolean }> {
      const post = SLUG_PATTERN.test(slug) ? await repo.publishedIdBySlug(slug) : undefined;
      if (!post) throw blogErrors.postNotFound();
      const who = hmac(deps.secret, 'blog-view', `${visitor.rawIp}|${visitor.userAgent ?? ''}`);
      let counted: boolean;
      try {
        counted = await repo.countView(post.id, who, utcDay(deps.now()));
      } catch (err) {
        // Deleted since the lookup: the view row's foreign key refuses it.
        if (pgErrorCode(err) === '23503') throw blogErrors.postNotFound();
        throw err;
      }
      if (counted) {
        await track({
          type: 'blog_post_viewed',
          data: { postId: post.id, slug: post.slug, title: post.title },
          sessionId: visitor.sessionId ?? null,
          pageUrl: `/blog/${post.slug}`,
          userId: visitor.userId ?? null,
          ip: visitor.ip ?? null,
          userAgent: visitor.userAgent ?? null,
        });
      }
      return { counted };
    },

    /** Published posts for the sitemap, and the newest for the feed. */
    sitemapEntries: () => repo.sitemapEntries(),
    latestPublished: (n: number) => repo.latestPublished(n),
    /** For the analytics retention job: view rows before `beforeDay` (YYYY-MM-DD) deleted. */
    pruneViews: (beforeDay: string) => repo.pruneViews(beforeDay),
  };
}
export type BlogService = ReturnType<typeof blogService>;

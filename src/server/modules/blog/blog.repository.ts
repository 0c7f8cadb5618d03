import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { BlogCategory, POST_STATUS_FILTERS } from '../../../shared/blog.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { likeEscape, type KeysetCursor } from '../../db/paging.ts';
import { recordAudit } from '../admin/audit.repository.ts';
import { blogPosts, blogPostViews } from './blog.table.ts';

export type PostRow = typeof blogPosts.$inferSelect;
export type PostValues = {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  contentHtml: string;
  author: string;
  category: BlogCategory;
  featured: boolean;
  published: boolean;
  readTime: string;
  metaDescription: string | null;
  metaKeywords: string | null;
};
export type PostPatch = Partial<PostValues>;
export type Actor = { id: string; email: string };

/** A post in a list: everything but its content (posts can be 200 KB). */
export type PostListRow = Omit<
  PostRow,
  'content' | 'contentHtml' | 'metaDescription' | 'metaKeywords'
>;
/** A published post's card. */
export type PostCardRow = Pick<
  PostRow,
  | 'id'
  | 'slug'
  | 'title'
  | 'excerpt'
  | 'author'
  | 'category'
  | 'featured'
  | 'readTime'
  | 'createdAt'
>;
/** A published post as the public reads it: no Markdown source, its related posts' cards. */
export type PublicPostRow = Omit<PostRow, 'content'> & { related: PostCardRow[] };

export type PostStatusFilter = (typeof POST_STATUS_FILTERS)[number];
export type AdminPostFilter = {
  q?: string | undefined;
  category: BlogCategory | 'all';
  status: PostStatusFilter;
};

const listColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  slug: blogPosts.slug,
  excerpt: blogPosts.excerpt,
  author: blogPosts.author,
  category: blogPosts.category,
  featured: blogPosts.featured,
  published: blogPosts.published,
  readTime: blogPosts.readTime,
  viewCount: blogPosts.viewCount,
  likeCount: blogPosts.likeCount,
  createdAt: blogPosts.createdAt,
  updatedAt: blogPosts.updatedAt,
};
const cardColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  author: blogPosts.author,
  category: blogPosts.category,
  featured: blogPosts.featured,
  readTime: blogPosts.readTime,
  createdAt: blogPosts.createdAt,
};

/** Rows strictly after a keyset position, newest first. */
const after = (c: KeysetCursor | undefined) =>
  c
    ? sql`(${blogPosts.createdAt}, ${blogPosts.id}) < (${c.at.toISOString()}::timestamptz, ${c.id}::uuid)`
    : undefined;

function adminCondition(f: AdminPostFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.q) {
    const pattern = `%${likeEscape(f.q)}%`;
    parts.push(
      sql`(${blogPosts.title} ilike ${pattern} or ${blogPosts.excerpt} ilike ${pattern} or ${blogPosts.author} ilike ${pattern})`,
    );
  }
  if (f.category !== 'all') parts.push(eq(blogPosts.category, f.category));
  if (f.status === 'published') parts.push(sql`${blogPosts.published}`);
  if (f.status === 'drafts') parts.push(sql`not ${blogPosts.published}`);
  if (f.status === 'featured') parts.push(sql`${blogPosts.featured}`);
  return parts.length ? and(...parts) : undefined;
}

const toDate = (v: string | Date) => (v instanceof Date ? v : new Date(v));

type RawPublicRow = {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  content_html: string;
  author: string;
  category: string;
  featured: boolean;
  published: boolean;
  read_time: string;
  meta_description: string | null;
  meta_keywords: string | null;
  view_count: number;
  like_count: number;
  created_at: string | Date;
  updated_at: string | Date;
  related: string | RawCard[] | null;
};
type RawCard = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  category: string;
  featured: boolean;
  read_time: string;
  created_at: string;
};

/** Blog posts and their views: admin CRUD (audited), the public reads, sitemap and feed. */
export function blogRepository(db: Db) {
  return {
    /**
     * One page of `limit` posts after `cursor` (created_at desc, id desc; blog_posts_created_idx)
     * and the number of all posts matching. Up to `limit + 1` rows: the extra one says a next page
     * exists.
     */
    async list(f: AdminPostFilter, cursor: KeysetCursor | undefined, limit: number) {
      const where = adminCondition(f);
      const [items, [count]] = await Promise.all([
        db
          .select(listColumns)
          .from(blogPosts)
          .where(and(where, after(cursor)))
          .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
          .limit(limit + 1),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(blogPosts)
          .where(where),
      ]);
      return { items: items as PostListRow[], total: Number(count?.total ?? 0) };
    },

    async byId(id: string): Promise<PostRow | undefined> {
      const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
      return row;
    },

    /** Inserts a post and its audit entry in one transaction. A taken slug throws a unique violation. */
    async create(values: PostValues, actor: Actor, at: Date): Promise<PostRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(blogPosts)
          .values({ ...values, createdAt: at, updatedAt: at })
          .returning();
        await recordAudit(tx, {
          actorId: actor.id,
          actor: actor.email,
          action: 'blog_post_created',
          target: row!.id,
          details: { title: row!.title, slug: row!.slug },
          at,
        });
        return row!;
      });
    },

    /**
     * Changes the given fields (and updated_at) and writes the audit entry, in one transaction;
     * the post as it was and as it is now. Undefined when there is no such post.
     */
    async update(id: string, patch: PostPatch, actor: Actor, at: Date) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(blogPosts)
          .where(eq(blogPosts.id, id))
          .for('update');
        if (!before) return undefined;
        const [row] = await tx
          .update(blogPosts)
          .set({ ...patch, updatedAt: at })
          .where(eq(blogPosts.id, id))
          .returning();
        await recordAudit(tx, {
          actorId: actor.id,
          actor: actor.email,
          action: 'blog_post_updated',
          target: id,
          details: {
            title: row!.title,
            fields: Object.keys(patch).filter((k) => k !== 'contentHtml'),
          },
          at,
        });
        return { before, after: row! };
      });
    },

    /** Deletes a post (its views cascade) with its audit entry; the deleted post's id and title. */
    async remove(id: string, actor: Actor, at: Date) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .delete(blogPosts)
          .where(eq(blogPosts.id, id))
          .returning({ id: blogPosts.id, title: blogPosts.title, slug: blogPosts.slug });
        if (!row) return undefined;
        await recordAudit(tx, {
          actorId: actor.id,
          actor: actor.email,
          action: 'blog_post_deleted',
          target: id,
          details: { title: row.title, slug: row.slug },
          at,
        });
        return row;
      });
    },

    /** Published posts, newest first (blog_posts_published_created_idx), up to `limit + 1`. */
    async publicList(
      f: { category?: BlogCategory | undefined; featured?: boolean | undefined },
      cursor: KeysetCursor | undefined,
      limit: number,
    ): Promise<PostCardRow[]> {
      const rows = await db
        .select(cardColumns)
        .from(blogPosts)
        .where(
          and(
            sql`${blogPosts.published}`,
            f.category ? eq(blogPosts.category, f.category) : undefined,
            f.featured === undefined ? undefined : eq(blogPosts.featured, f.featured),
            after(cursor),
          ),
        )
        .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
        .limit(limit + 1);
      return rows as PostCardRow[];
    },

    /**
     * A published post by slug (blog_posts_slug_uq) with up to `relatedCount` other published
     * posts of its category, newest first, in one statement (the pages call this per request).
     */
    async publishedBySlug(slug: string, relatedCount: number): Promise<PublicPostRow | undefined> {
      const res = await db.execute(sql`
        select p.id, p.title, p.slug, p.excerpt, p.content_html, p.author, p.category,
          p.featured, p.published, p.read_time, p.meta_description, p.meta_keywords,
          p.view_count, p.like_count, p.created_at, p.updated_at,
          (select coalesce(json_agg(r order by r.created_at desc, r.id desc), '[]'::json)
           from (
             select o.id, o.slug, o.title, o.excerpt, o.author, o.category, o.featured,
               o.read_time, o.created_at
             from blog_posts o
             where o.published and o.category = p.category and o.id <> p.id
             order by o.created_at desc, o.id desc
             limit ${relatedCount}
           ) r) as related
        from blog_posts p
        where p.slug = ${slug} and p.published`);
      const r = rowsOf<RawPublicRow>(res)[0];
      if (!r) return undefined;
      const related = (
        typeof r.related === 'string' ? JSON.parse(r.related) : (r.related ?? [])
      ) as RawCard[];
      return {
        id: r.id,
        title: r.title,
        slug: r.slug,
        excerpt: r.excerpt,
        contentHtml: r.content_html,
        author: r.author,
        category: r.category,
        featured: r.featured,
        published: r.published,
        readTime: r.read_time,
        metaDescription: r.meta_description,
        metaKeywords: r.meta_keywords,
        viewCount: Number(r.view_count),
        likeCount: Number(r.like_count),
        createdAt: toDate(r.created_at),
        updatedAt: toDate(r.updated_at),
        related: related.map((c) => ({
          id: c.id,
          slug: c.slug,
          title: c.title,
          excerpt: c.excerpt,
          author: c.author,
          category: c.category,
          featured: c.featured,
          readTime: c.read_time,
          createdAt: new Date(c.created_at),
        })),
      };
    },

    /** A published post's id and title by slug (the views route). */
    async publishedIdBySlug(slug: string) {
      const [row] = await db
        .select({ id: blogPosts.id, title: blogPosts.title, slug: blogPosts.slug })
        .from(blogPosts)
        .where(and(eq(blogPosts.slug, slug), sql`${blogPosts.published}`));
      return row;
    },

    /**
     * Counts one view of a post by `visitor` on `day` (YYYY-MM-DD, UTC): the view row and the
     * post's view_count in one transaction; false (nothing changed) when that visitor was already
     * counted that day.
     */
    async countView(postId: string, visitor: string, day: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(blogPostViews)
          .values({ postId, visitor, day })
          .onConflictDoNothing()
          .returning({ postId: blogPostViews.postId });
        if (inserted.length === 0) return false;
        await tx
          .update(blogPosts)
          .set({ viewCount: sql`${blogPosts.viewCount} + 1` })
          .where(eq(blogPosts.id, postId));
        return true;
      });
    },

    /**
     * Deletes the view rows of days before `beforeDay` (YYYY-MM-DD): they only serve the
     * once-a-day rule, the counts stay on the posts. The number of rows deleted.
     */
    async pruneViews(beforeDay: string): Promise<number> {
      const res = await db.execute(sql`
        with gone as (delete from blog_post_views where day < ${beforeDay}::date returning 1)
        select count(*)::int as n from gone`);
      return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
    },

    /** Every published post's slug and last change, newest first (the sitemap). */
    async sitemapEntries() {
      return db
        .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
        .from(blogPosts)
        .where(sql`${blogPosts.published}`)
        .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
    },

    /** The newest `n` published posts for the feed. */
    async latestPublished(n: number) {
      return db
        .select({
          slug: blogPosts.slug,
          title: blogPosts.title,
          excerpt: blogPosts.excerpt,
          author: blogPosts.author,
          category: blogPosts.category,
          createdAt: blogPosts.createdAt,
        })
        .from(blogPosts)
        .where(sql`${blogPosts.published}`)
        .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
        .limit(n);
    },
  };
}
export type BlogRepository = ReturnType<typeof blogRepository>;

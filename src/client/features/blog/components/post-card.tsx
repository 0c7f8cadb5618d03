import type { PublicPostCard } from '../../../../shared/blog.ts';
import { cn } from '../../../lib/cn.ts';
import { CategoryBadge, PostMeta } from './post-meta.tsx';

/**
 * A post's card: category, title (the link to /blog/{slug}, stretched over the whole card),
 * excerpt, author, date and read time. `featured` makes it larger. A plain link (a page load, as
 * between the public pages): the blog's pages are islands without the router (ADR 0019).
 */
export function PostCard({
  post,
  featured = false,
  headingLevel = 3,
}: {
  post: PublicPostCard;
  featured?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      data-testid="post-card"
      className={cn(
        'group relative flex h-full min-w-0 flex-col rounded-xl border bg-white p-5 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-accent-500 hover:shadow-md sm:p-6',
        featured ? 'border-accent-200' : 'border-slate-200',
      )}
    >
      <div>
        <CategoryBadge category={post.category} />
      </div>
      <Heading
        className={cn(
          'mt-3 font-semibold tracking-tight break-words text-slate-900 group-hover:text-brand-800',
          featured ? 'text-xl sm:text-2xl' : 'text-lg',
        )}
      >
        <a
          href={`/blog/${post.slug}`}
          className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
        >
          {post.title}
        </a>
      </Heading>
      <p className="mt-2 line-clamp-3 flex-1 break-words text-slate-600">{post.excerpt}</p>
      <PostMeta
        author={post.author}
        createdAt={post.createdAt}
        readTime={post.readTime}
        className="mt-4 border-t border-slate-100 pt-4"
      />
    </article>
  );
}

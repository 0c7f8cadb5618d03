import { useId, type ReactNode } from 'react';
import { Eye, EyeOff, Pencil, Plus, Star, Trash2, X } from 'lucide-react';
import type { AdminPostListItem } from '../../../../shared/blog.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { cn } from '../../../lib/cn.ts';
import { countOf, formatCount, formatFullTime } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/format-time.ts';
import type { PostFilters } from '../api/keys.ts';
import { usePostList } from '../api/list-posts.ts';
import { useTogglePost, type PostFlag } from '../api/toggle-post.ts';
import { PostsEmpty, PostsError, PostsSkeleton } from './list-states.tsx';

/**
 * 'Blog Posts (count)' and the posts matching the filters, newest first, 50 at a time with
 * Load more. Each post: title, Featured and Published/Draft badges, category, excerpt, author,
 * creation date, views, read time, and its star, publish, edit and delete buttons.
 */
export function PostsList({
  filters,
  filtered,
  onCreate,
  onClearFilters,
  onEdit,
  onDelete,
}: {
  filters: PostFilters;
  filtered: boolean;
  onCreate: () => void;
  onClearFilters: () => void;
  onEdit: (post: AdminPostListItem) => void;
  onDelete: (post: AdminPostListItem) => void;
}) {
  const list = usePostList(filters);
  const toggle = useTogglePost();
  const total = list.data?.pages[0]?.total;
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const onToggle = (post: AdminPostListItem, flag: PostFlag) =>
    toggle.mutate({ post, flag, value: !post[flag] });

  let body: ReactNode;
  if (list.isPending) body = <PostsSkeleton />;
  else if (list.isError && !list.data) {
    body = (
      <PostsError
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (items.length === 0) {
    body = filtered ? (
      <PostsEmpty hint="No post matches the search and filters.">
        <Button variant="secondary" onClick={onClearFilters}>
          <X aria-hidden="true" className="size-4" />
          Clear Filters
        </Button>
      </PostsEmpty>
    ) : (
      <PostsEmpty hint="Create your first blog post to get started.">
        <Button variant="primary" onClick={onCreate}>
          <Plus aria-hidden="true" className="size-4" />
          Create New Post
        </Button>
      </PostsEmpty>
    );
  } else {
    body = (
      <>
        <Card className="overflow-hidden">
          <ul aria-label="Blog posts" className="divide-y divide-slate-100">
            {items.map((post) => (
              <PostRow
                key={post.id}
                post={post}
                onToggle={(flag) => onToggle(post, flag)}
                onEdit={() => onEdit(post)}
                onDelete={() => onDelete(post)}
              />
            ))}
          </ul>
        </Card>
        <LoadMore
          list={list}
          failed="More blog posts could not be loaded."
          loadingLabel="Loading more blog posts"
        />
      </>
    );
  }

  return (
    <section aria-labelledby="blog-posts-heading" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="blog-posts-heading" className="text-lg font-semibold text-slate-900">
          Blog Posts ({total === undefined ? '…' : formatCount(total)})
        </h2>
        {filtered && total !== undefined && (
          <p className="text-sm text-slate-600" aria-live="polite">
            {countOf(total, 'post')} match the filters
          </p>
        )}
      </div>
      {body}
    </section>
  );
}

function PostRow({
  post,
  onToggle,
  onEdit,
  onDelete,
}: {
  post: AdminPostListItem;
  onToggle: (flag: PostFlag) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const titleId = useId();
  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:gap-4 sm:p-5"
      data-testid="post-row"
    >
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1.5">
          <h3 id={titleId} className="min-w-0 text-base font-semibold break-words text-slate-900">
            {post.title}
          </h3>
          {post.featured && (
            <Badge tone="amber">
              <Star aria-hidden="true" className="size-3 fill-current" />
              Featured
            </Badge>
          )}
          {post.published ? (
            <Badge tone="green">Published</Badge>
          ) : (
            <Badge tone="grey">Draft</Badge>
          )}
          <Badge tone="blue">{post.category}</Badge>
        </div>
        <p className="line-clamp-2 text-sm break-words text-slate-600">{post.excerpt}</p>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
          <Meta label="Author">{post.author}</Meta>
          <Meta label="Created">
            <time dateTime={post.createdAt} title={formatFullTime(post.createdAt)}>
              {formatDate(post.createdAt)}
            </time>
          </Meta>
          <Meta label="Views">{countOf(post.viewCount, 'view')}</Meta>
          <Meta label="Read time">{post.readTime}</Meta>
          <Meta label="Slug">
            <code className="font-mono break-all">/blog/{post.slug}</code>
          </Meta>
        </dl>
      </div>
      <div className="flex shrink-0 flex-wrap gap-1 sm:justify-end">
        <IconButton
          pressed={post.featured}
          label={`Featured: ${post.title}`}
          hint={post.featured ? 'Remove from featured' : 'Mark as featured'}
          onClick={() => onToggle('featured')}
          className={cn('hover:bg-slate-100', post.featured ? 'text-amber-600' : 'text-slate-500')}
        >
          <Star aria-hidden="true" className={cn('size-4', post.featured && 'fill-current')} />
        </IconButton>
        <IconButton
          pressed={post.published}
          label={`Published: ${post.title}`}
          hint={post.published ? 'Unpublish' : 'Publish'}
          onClick={() => onToggle('published')}
          className={cn(
            'hover:bg-slate-100',
            post.published ? 'text-emerald-700' : 'text-slate-500',
          )}
        >
          {post.published ? (
            <Eye aria-hidden="true" className="size-4" />
          ) : (
            <EyeOff aria-hidden="true" className="size-4" />
          )}
        </IconButton>
        <IconButton label={`Edit ${post.title}`} hint="Edit" onClick={onEdit}>
          <Pencil aria-hidden="true" className="size-4" />
        </IconButton>
        <IconButton
          label={`Delete ${post.title}`}
          hint="Delete"
          onClick={onDelete}
          className="text-red-700 hover:bg-red-50"
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </IconButton>
      </div>
    </li>
  );
}

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 gap-1">
      <dt className="font-medium text-slate-600">{label}:</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/**
 * A square icon button with a stable accessible name; when it toggles a flag, the state is in
 * aria-pressed. `hint` is the tooltip saying what a click does.
 */
function IconButton({
  pressed,
  label,
  hint,
  onClick,
  className,
  children,
}: {
  pressed?: boolean;
  label: string;
  hint: string;
  onClick: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      title={hint}
      onClick={onClick}
      className={cn(
        'inline-flex size-9 items-center justify-center rounded-lg border transition-colors focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:ring-offset-2 focus-visible:outline-none',
        pressed ? 'border-current/30' : 'border-transparent',
        className ?? 'text-slate-600 hover:bg-slate-100',
      )}
    >
      {children}
    </button>
  );
}

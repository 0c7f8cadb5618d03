import { useId, type ReactNode } from 'react';
import { Eye, EyeOff, Pencil, Plus, Star, Trash2, X } from 'lucide-react';
import type { AdminPostListItem } from '../../../../shared/blog.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { cn } from '../../../lib/cn.ts';
import { blogCategoryLabel } from '../../../lib/blog-categories.ts';
import { formatFullTime } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/format-time.ts';
import { useT } from '../../../lib/i18n.tsx';
import type { PostFilters } from '../api/keys.ts';
import { usePostList } from '../api/list-posts.ts';
import { useTogglePost, type PostFlag } from '../api/toggle-post.ts';
import { PostsEmpty, PostsError, PostsSkeleton } from './list-states.tsx';

/**
 * 'Blog Posts (count)' and the posts matching the filters, newest first, 50 at a time with
 * Load more. Each post: title, Featured and Published/Draft badges, category, excerpt, author,
 * creation date, views, read time, and its Feature, Publish, Edit and Delete buttons.
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
  const t = useT();
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
      <PostsEmpty hint={t('admin.blog.noMatch')}>
        <Button variant="secondary" onClick={onClearFilters}>
          <X aria-hidden="true" className="size-4" />
          {t('admin.blog.clearFilters')}
        </Button>
      </PostsEmpty>
    ) : (
      <PostsEmpty hint={t('admin.blog.firstPost')}>
        <Button variant="primary" onClick={onCreate}>
          <Plus aria-hidden="true" className="size-4" />
          {t('admin.blog.createNew')}
        </Button>
      </PostsEmpty>
    );
  } else {
    body = (
      <>
        <Card className="overflow-hidden">
          <ul aria-label={t('admin.blog.list')} className="divide-y divide-slate-100">
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
          failed={t('admin.blog.moreFailed')}
          loadingLabel={t('admin.blog.moreLoading')}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="blog-posts-heading" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="blog-posts-heading" className="text-lg font-semibold text-slate-900">
          {total === undefined
            ? t('admin.blog.postsHeadingLoading')
            : t('admin.blog.postsHeading', { count: total })}
        </h2>
        {filtered && total !== undefined && (
          <p className="text-sm text-slate-600" aria-live="polite">
            {t('admin.blog.matchCount', { count: total })}
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
  const t = useT();
  const titleId = useId();
  const postPath = `/blog/${post.slug}`;
  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-3 p-4 sm:p-5" data-testid="post-row">
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1.5">
          <h3 id={titleId} className="min-w-0 text-base font-semibold break-words text-slate-900">
            {post.title}
          </h3>
          {post.featured && (
            <Badge tone="amber">
              <Star aria-hidden="true" className="size-3 fill-current" />
              {t('admin.blog.featured')}
            </Badge>
          )}
          {post.published ? (
            <Badge tone="green">{t('admin.blog.published')}</Badge>
          ) : (
            <Badge tone="grey">{t('admin.blog.draft')}</Badge>
          )}
          <Badge tone="blue">{blogCategoryLabel(t, post.category)}</Badge>
        </div>
        <p className="line-clamp-2 text-sm break-words text-slate-600">{post.excerpt}</p>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
          <Meta label={t('admin.blog.author')}>{post.author}</Meta>
          <Meta label={t('admin.blog.createdAt')}>
            <time dateTime={post.createdAt} title={formatFullTime(post.createdAt)}>
              {formatDate(post.createdAt)}
            </time>
          </Meta>
          <Meta label={t('admin.blog.views')}>
            {t('admin.blog.viewCount', { count: post.viewCount })}
          </Meta>
          <Meta label={t('admin.blog.readTimeMeta')}>{post.readTime}</Meta>
          <Meta label={t('admin.blog.slug')}>
            <code className="font-mono break-all">{postPath}</code>
          </Meta>
        </dl>
      </div>
      {/* Actions in words (the badges above say the state): two to a row on a phone, a word too
          long for half the width (ru «Опубликовать») on a row of its own. */}
      <div className="flex flex-wrap gap-2">
        <RowAction title={post.title} onClick={() => onToggle('featured')}>
          <Star
            aria-hidden="true"
            className={cn('size-4 shrink-0 text-amber-600', post.featured && 'fill-current')}
          />
          {post.featured ? t('admin.blog.unfeature') : t('admin.blog.feature')}
        </RowAction>
        <RowAction title={post.title} onClick={() => onToggle('published')}>
          {post.published ? (
            <EyeOff aria-hidden="true" className="size-4 text-slate-500 shrink-0" />
          ) : (
            <Eye aria-hidden="true" className="size-4 text-emerald-700 shrink-0" />
          )}
          {post.published ? t('admin.blog.unpublish') : t('admin.blog.publish')}
        </RowAction>
        <RowAction title={post.title} onClick={onEdit}>
          <Pencil aria-hidden="true" className="size-4 shrink-0" />
          {t('admin.blog.edit')}
        </RowAction>
        <RowAction title={post.title} onClick={onDelete}>
          <Trash2 aria-hidden="true" className="size-4 text-red-700 shrink-0" />
          {t('admin.blog.delete')}
        </RowAction>
      </div>
    </li>
  );
}

function Meta({ label, children }: { label: string; children: ReactNode }) {
  const t = useT();
  return (
    <div className="flex min-w-0 gap-1">
      <dt className="font-medium text-slate-600">{t('admin.blog.meta', { label })}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/** A post's action: its word (and icon) on screen, the post's title for screen readers. */
function RowAction({
  title,
  onClick,
  children,
}: {
  title: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={onClick}
      className="grow basis-[calc(50%-0.25rem)] whitespace-nowrap sm:grow-0 sm:basis-auto"
    >
      {children}
      <span className="sr-only"> {title}</span>
    </Button>
  );
}

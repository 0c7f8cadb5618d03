import { Calendar, Clock, User } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { useLocale, useT } from '../../../lib/i18n.tsx';
import { CATEGORY_NAMES, type BlogCategory } from '../../../../shared/blog-rules.ts';
import { formatPostDate } from '../format.ts';

/** Author, date and read time of a post, in one wrapping row. */
export function PostMeta({
  author,
  createdAt,
  readTime,
  className,
}: {
  author?: string;
  createdAt: string;
  readTime: string;
  className?: string;
}) {
  const t = useT();
  const { tag } = useLocale();
  return (
    <p
      className={cn(
        'flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600',
        className,
      )}
    >
      {author && (
        <span className="inline-flex min-w-0 items-center gap-1.5">
          <User aria-hidden="true" className="size-4 shrink-0" />
          <span className="sr-only">{t('public.blog.by')} </span>
          <span className="break-words">{author}</span>
        </span>
      )}
      <span className="inline-flex items-center gap-1.5">
        <Calendar aria-hidden="true" className="size-4 shrink-0" />
        <time dateTime={createdAt} data-testid="post-date">
          {formatPostDate(createdAt, tag)}
        </time>
      </span>
      <span className="inline-flex items-center gap-1.5" data-testid="post-read-time">
        <Clock aria-hidden="true" className="size-4 shrink-0" />
        {readTime}
      </span>
    </p>
  );
}

/** The category label of a card or post. */
export function CategoryBadge({ category }: { category: BlogCategory }) {
  const t = useT();
  return (
    <span className="inline-flex items-center rounded-full bg-accent-50 px-2.5 py-0.5 text-xs font-semibold text-accent-800 ring-1 ring-accent-200 ring-inset">
      {t(CATEGORY_NAMES[category])}
    </span>
  );
}

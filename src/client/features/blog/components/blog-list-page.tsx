import { ArrowLeft, FileText } from 'lucide-react';
import type { BlogListState, PublicPostList } from '../../../../shared/blog.ts';
import {
  CATEGORY_NAMES,
  PUBLIC_BLOG_CATEGORIES,
  publicCategoryOf,
  type BlogCategory,
} from '../../../../shared/blog-rules.ts';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { SiteName } from '../../../components/ui/site-name.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ToggleButton } from '../../../components/ui/toggle-button.tsx';
import { T, useT } from '../../../lib/i18n.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePostPages } from '../api/list-posts.ts';
import { NewsletterBox } from './newsletter-box.tsx';
import { PostCard } from './post-card.tsx';

/** `?category=`'s value when it is a public category, else null (all). */
export const categoryOf = publicCategoryOf;

/**
 * /blog: featured posts, the category filter (kept in `?category=` by the caller: `onCategory`),
 * the list, Stay Updated. No router and no query client: the list page's island hydrates it (ADR
 * 0019); its links are page loads. `start`: the server's first pages (no read for them).
 */
export function BlogListPage({
  category,
  onCategory,
  start,
}: {
  category: BlogCategory | null;
  onCategory: (category: BlogCategory | null) => void;
  start?: BlogListState | undefined;
}) {
  const t = useT();
  const articlesTitle = category
    ? t('public.blog.categoryArticles', { category: t(CATEGORY_NAMES[category]) })
    : t('public.blog.allArticles');
  useDocumentTitle(category ? articlesTitle : t('public.blog.title'));

  return (
    <>
      <div className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
          <a
            href="/"
            className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-brand-100 hover:text-white focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:outline-none"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('public.nav.backHome')}
          </a>
          <h1 className="mt-6 text-3xl font-bold tracking-tight sm:text-4xl">
            <T id="public.blog.heading" components={{ 0: <SiteName /> }} />
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">{t('public.blog.intro')}</p>
        </div>
      </div>

      <div className="mx-auto max-w-6xl space-y-12 px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        <FeaturedSection start={start?.featured} />

        <section aria-labelledby="blog-articles-heading" className="space-y-6">
          <div role="group" aria-label={t('public.blog.filter')} className="flex flex-wrap gap-2">
            <ToggleButton pressed={!category} onClick={() => onCategory(null)}>
              {t('public.blog.all')}
            </ToggleButton>
            {PUBLIC_BLOG_CATEGORIES.map((c) => (
              <ToggleButton key={c} pressed={category === c} onClick={() => onCategory(c)}>
                {t(CATEGORY_NAMES[c])}
              </ToggleButton>
            ))}
          </div>
          <h2
            id="blog-articles-heading"
            className="text-2xl font-bold tracking-tight text-slate-900"
          >
            {articlesTitle}
          </h2>
          <PostList
            key={category ?? ''}
            category={category}
            start={start && start.category === category ? start.posts : undefined}
          />
        </section>

        <NewsletterBox />
      </div>
    </>
  );
}

function CardSkeletons({ count }: { count: number }) {
  const t = useT();
  return (
    <div
      role="status"
      aria-label={t('public.blog.loading')}
      className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
    >
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="space-y-3 rounded-xl border border-slate-200 bg-white p-6">
          <Skeleton className="h-5 w-20 rounded-full" />
          <Skeleton className="h-6 w-4/5" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="mt-4 h-4 w-1/2" />
        </div>
      ))}
    </div>
  );
}

/** 'Featured Articles': hidden while loading and when there are none. */
function FeaturedSection({ start }: { start?: PublicPostList | undefined }) {
  const t = useT();
  const featured = usePostPages({ category: null, featured: true }, start);
  if (featured.isError && !featured.data) {
    return (
      <section aria-labelledby="blog-featured-heading" className="space-y-4">
        <h2 id="blog-featured-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          {t('public.blog.featured')}
        </h2>
        <div className="flex flex-col items-start gap-3">
          <RetryAlert
            error={featured.error}
            fallback={t('public.blog.featuredFailed')}
            onRetry={() => void featured.refetch()}
            retrying={featured.isFetching}
          />
        </div>
      </section>
    );
  }
  const posts = featured.data?.pages[0]?.items ?? [];
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="blog-featured-heading" className="space-y-6">
      <h2 id="blog-featured-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        {t('public.blog.featured')}
      </h2>
      <ul data-testid="featured-posts" className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {posts.map((p) => (
          <li key={p.slug} className="min-w-0">
            <PostCard post={p} featured />
          </li>
        ))}
      </ul>
    </section>
  );
}

function PostList({
  category,
  start,
}: {
  category: BlogCategory | null;
  start?: PublicPostList | undefined;
}) {
  const t = useT();
  const list = usePostPages({ category, featured: false }, start);
  if (list.isPending) return <CardSkeletons count={6} />;
  if (!list.data) {
    return (
      <div className="flex flex-col items-center gap-4 py-10 text-center">
        <RetryAlert
          error={list.error}
          fallback={t('public.blog.listFailed')}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      </div>
    );
  }
  const posts = list.data.pages.flatMap((p) => p.items);
  if (posts.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
        <FileText aria-hidden="true" className="size-10 text-slate-400" />
        <p className="mt-3 text-lg font-semibold text-slate-900">{t('public.blog.noneFound')}</p>
        <p className="mt-1 text-slate-600">
          {category
            ? t('public.blog.noneInCategory', { category: t(CATEGORY_NAMES[category]) })
            : t('public.blog.noneYet')}
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <ul data-testid="all-posts" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {posts.map((p) => (
          <li key={p.slug} className="min-w-0">
            <PostCard post={p} />
          </li>
        ))}
      </ul>
      <LoadMore
        list={list}
        failed={t('public.blog.moreFailed')}
        loadingLabel={t('public.blog.loadingMore')}
      />
    </div>
  );
}

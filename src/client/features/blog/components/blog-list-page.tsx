import { ArrowLeft, FileText } from 'lucide-react';
import { Link } from 'react-router';
import { PUBLIC_BLOG_CATEGORIES, type BlogCategory } from '../../../../shared/blog-rules.ts';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ToggleButton } from '../../../components/ui/toggle-button.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { useFeaturedPosts, usePosts } from '../api/list-posts.ts';
import { NewsletterBox } from './newsletter-box.tsx';
import { PostCard } from './post-card.tsx';

const isPublicCategory = (v: string | null): v is BlogCategory =>
  !!v && (PUBLIC_BLOG_CATEGORIES as readonly string[]).includes(v);

/** /blog: featured posts, the category filter (kept in `?category=`), the list, Stay Updated. */
export function BlogListPage() {
  const { params, set } = useUrlFilters<'category'>();
  const raw = params.get('category');
  const category = isPublicCategory(raw) ? raw : null;
  useDocumentTitle(category ? `${category} Articles` : 'Blog');

  return (
    <>
      <div className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
          <Link
            to="/"
            className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-brand-100 hover:text-white focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:outline-none"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to Home
          </Link>
          <h1 className="mt-6 text-3xl font-bold tracking-tight sm:text-4xl">VOIP Manager Blog</h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">
            Guides, security advice and industry news about virtual numbers and SMS verification.
          </p>
        </div>
      </div>

      <div className="mx-auto max-w-6xl space-y-12 px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        <FeaturedSection />

        <section aria-labelledby="blog-articles-heading" className="space-y-6">
          <div
            role="group"
            aria-label="Filter articles by category"
            className="flex flex-wrap gap-2"
          >
            <ToggleButton pressed={!category} onClick={() => set('category', undefined)}>
              All
            </ToggleButton>
            {PUBLIC_BLOG_CATEGORIES.map((c) => (
              <ToggleButton key={c} pressed={category === c} onClick={() => set('category', c)}>
                {c}
              </ToggleButton>
            ))}
          </div>
          <h2
            id="blog-articles-heading"
            className="text-2xl font-bold tracking-tight text-slate-900"
          >
            {category ? `${category} Articles` : 'All Articles'}
          </h2>
          <PostList category={category} />
        </section>

        <NewsletterBox />
      </div>
    </>
  );
}

function CardSkeletons({ count }: { count: number }) {
  return (
    <div
      role="status"
      aria-label="Loading articles"
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
function FeaturedSection() {
  const featured = useFeaturedPosts();
  if (featured.isError && !featured.data) {
    return (
      <section aria-labelledby="blog-featured-heading" className="space-y-4">
        <h2 id="blog-featured-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          Featured Articles
        </h2>
        <div className="flex flex-col items-start gap-3">
          <RetryAlert
            error={featured.error}
            fallback="Failed to load the featured articles."
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
        Featured Articles
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

function PostList({ category }: { category: BlogCategory | null }) {
  const list = usePosts(category);
  if (list.isPending) return <CardSkeletons count={6} />;
  if (list.isError && !list.data) {
    return (
      <div className="flex flex-col items-center gap-4 py-10 text-center">
        <RetryAlert
          error={list.error}
          fallback="Failed to load the articles."
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
        <p className="mt-3 text-lg font-semibold text-slate-900">No articles found</p>
        <p className="mt-1 text-slate-600">
          {category
            ? `There are no ${category} articles yet. Try another category.`
            : 'There are no articles yet. Check back soon.'}
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
        failed="Failed to load more articles."
        loadingLabel="Loading more articles"
      />
    </div>
  );
}

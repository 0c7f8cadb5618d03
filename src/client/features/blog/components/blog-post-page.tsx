import { useEffect, useRef } from 'react';
import { ArrowLeft, FileQuestion, UserRound } from 'lucide-react';
import { cutExcerpt, RELATED_POSTS } from '../../../../shared/blog-rules.ts';
import type { PublicPostCard, PublicPostDto } from '../../../../shared/blog.ts';
import { buttonClass } from '../../../components/ui/button-styles.ts';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePost } from '../api/get-post.ts';
import { recordView } from '../api/record-view.ts';
import { CategoryBadge, PostMeta } from './post-meta.tsx';
import { ShareButton } from './share-button.tsx';

const backLinkClass =
  'inline-flex items-center gap-1.5 rounded text-sm font-medium text-brand-700 hover:text-brand-900 hover:underline focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none';

/**
 * /blog/{slug}: the article, or 'Loading article...', 'Post Not Found', or an error with Retry.
 * No router and no query client: the post page's island hydrates it (ADR 0019); its links are page
 * loads. `start`: the post the server rendered the page with (no read then).
 */
export function BlogPostPage({ slug, start }: { slug: string; start?: PublicPostDto | undefined }) {
  const t = useT();
  const post = usePost(slug, start);
  const notFound = isApiError(post.error) && post.error.status === 404;
  useDocumentTitle(
    post.data
      ? post.data.title
      : notFound
        ? t('public.blog.notFound')
        : post.isError
          ? t('public.blog.title')
          : t('public.blog.loadingPost'),
  );

  if (post.data) return <Article post={post.data} />;
  if (notFound) return <PostNotFound />;
  if (post.isError) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
        <RetryAlert
          error={post.error}
          fallback={t('public.blog.postFailed')}
          onRetry={() => void post.refetch()}
          retrying={post.isFetching}
        />
        <a href="/blog" className={backLinkClass}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('public.blog.back')}
        </a>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-24 text-slate-600">
      <Spinner size="lg" className="text-brand-900" label={null} />
      <p role="status">{t('public.blog.loadingPost')}</p>
    </div>
  );
}

function PostNotFound() {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <FileQuestion aria-hidden="true" className="size-12 text-slate-400" />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">
        {t('public.blog.notFound')}
      </h1>
      <p className="mt-3 text-slate-600">{t('public.blog.notFoundText')}</p>
      <a href="/blog" className={buttonClass('primary', 'lg', 'mt-8')}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('public.blog.back')}
      </a>
    </div>
  );
}

function Article({ post }: { post: PublicPostDto }) {
  const t = useT();
  // One view per post shown (the server counts a visitor once a day); a ref, so StrictMode's
  // second effect run and re-renders do not send it again.
  const viewed = useRef<string | null>(null);
  useEffect(() => {
    if (viewed.current === post.slug) return;
    viewed.current = post.slug;
    recordView(post.slug);
  }, [post.slug]);

  const related = post.related.slice(0, RELATED_POSTS);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <a href="/blog" className={backLinkClass}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('public.blog.back')}
      </a>
      <header className="mt-6 border-b border-slate-200 pb-8">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <CategoryBadge category={post.category} />
          <PostMeta createdAt={post.createdAt} readTime={post.readTime} />
        </div>
        <h1 className="mt-4 text-3xl font-bold tracking-tight break-words text-slate-900 sm:text-4xl">
          {post.title}
        </h1>
        <div className="mt-5 flex flex-wrap items-center justify-between gap-4">
          <p className="flex min-w-0 items-center gap-2 text-slate-700">
            <UserRound aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
            <span className="break-words">
              <span className="sr-only">{t('public.blog.by')} </span>
              <span data-testid="post-author" className="font-medium">
                {post.author}
              </span>
            </span>
          </p>
          <ShareButton title={post.title} slug={post.slug} />
        </div>
      </header>

      {/* Sanitised on the server when the post was saved (Markdown → HTML, no scripts, no event
          handlers, no javascript: links). */}
      <div
        className="blog-content mt-8"
        data-testid="post-content"
        dangerouslySetInnerHTML={{ __html: post.contentHtml }}
      />

      <aside
        aria-labelledby="about-author-heading"
        className="mt-12 flex gap-4 rounded-xl border border-slate-200 bg-slate-50 p-5 sm:p-6"
      >
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-900 text-white">
          <UserRound aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0">
          <h2 id="about-author-heading" className="text-lg font-semibold text-slate-900">
            {t('public.blog.aboutAuthor')}
          </h2>
          <p className="mt-1 font-medium break-words text-slate-800">{post.author}</p>
          <p className="mt-1 text-sm text-slate-600">{t('public.blog.authorBio')}</p>
        </div>
      </aside>

      {related.length > 0 && (
        <section aria-labelledby="related-heading" className="mt-12">
          <h2 id="related-heading" className="text-2xl font-bold tracking-tight text-slate-900">
            {t('public.blog.related')}
          </h2>
          <ul data-testid="related-posts" className="mt-6 grid gap-6 sm:grid-cols-2">
            {related.map((r) => (
              <li key={r.slug} className="min-w-0">
                <RelatedCard post={r} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="mt-12 border-t border-slate-200 pt-8">
        <a href="/blog" className={backLinkClass}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('public.blog.back')}
        </a>
      </div>
    </article>
  );
}

function RelatedCard({ post }: { post: PublicPostCard }) {
  return (
    <div className="relative flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm focus-within:ring-2 focus-within:ring-accent-500 hover:shadow-md">
      <div>
        <CategoryBadge category={post.category} />
      </div>
      <h3 className="mt-3 text-lg font-semibold break-words text-slate-900">
        <a
          href={`/blog/${post.slug}`}
          className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
        >
          {post.title}
        </a>
      </h3>
      <p data-testid="related-excerpt" className="mt-2 flex-1 break-words text-sm text-slate-600">
        {cutExcerpt(post.excerpt)}
      </p>
      <PostMeta createdAt={post.createdAt} readTime={post.readTime} className="mt-4" />
    </div>
  );
}

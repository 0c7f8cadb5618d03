import type { ReactNode } from 'react';
import { FileText } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useT } from '../../../lib/i18n.tsx';

/** Placeholder posts while the list loads. */
export function PostsSkeleton() {
  const t = useT();
  return (
    <Card className="divide-y divide-slate-100" aria-busy="true" data-testid="posts-loading">
      <span className="sr-only" role="status">
        {t('admin.blog.postsLoading')}
      </span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="space-y-3 p-4 sm:p-5">
          <div className="flex items-center gap-2">
            <Skeleton className="h-5 w-64 max-w-full" />
            <Skeleton className="h-5 w-16 rounded-full" />
          </div>
          <Skeleton className="h-3.5 w-full max-w-xl" />
          <Skeleton className="h-3 w-72 max-w-full" />
        </div>
      ))}
    </Card>
  );
}

/** The list could not be loaded: the error and Try again. */
export function PostsError({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const t = useT();
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
      <RetryAlert
        error={error}
        fallback={t('admin.blog.postsFailed')}
        onRetry={onRetry}
        retrying={retrying}
      />
    </Card>
  );
}

/** No posts: a fixed sentence, and what to do next. */
export function PostsEmpty({ hint, children }: { hint: string; children?: ReactNode }) {
  const t = useT();
  return (
    <Card className="flex flex-col items-center px-6 py-14 text-center" data-testid="posts-empty">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <FileText aria-hidden="true" className="size-6" />
      </span>
      <p className="mt-4 text-base font-medium text-slate-900">{t('admin.blog.noPosts')}</p>
      <p className="mt-1 max-w-md text-sm text-slate-600">{hint}</p>
      {children && <div className="mt-5">{children}</div>}
    </Card>
  );
}

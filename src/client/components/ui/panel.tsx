import { useId, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { RetryAlert } from './retry-alert.tsx';
import { Skeleton } from './skeleton.tsx';

/**
 * A titled card section of an admin page (a chart, a list): its own heading, and an optional
 * action beside it. The section is named by its heading.
 */
export function Panel({
  title,
  icon: Icon,
  action,
  className,
  busy,
  children,
}: {
  title: string;
  icon?: LucideIcon;
  action?: ReactNode;
  className?: string;
  /** Loading new data while the old is shown. */
  busy?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      aria-busy={busy || undefined}
      className={cn(
        'min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5',
        className,
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={id} className="flex items-center gap-2 text-base font-semibold text-slate-900">
          {Icon && <Icon aria-hidden="true" className="size-4 shrink-0 text-brand-700" />}
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Placeholder while a panel's data loads: a chart block or a few list rows. */
export function PanelSkeleton({ kind, label }: { kind: 'chart' | 'list'; label: string }) {
  return (
    <div aria-busy="true">
      <span className="sr-only" role="status">
        {label}
      </span>
      {kind === 'chart' ? (
        <Skeleton className="h-60 w-full rounded-xl sm:h-72" />
      ) : (
        <div className="space-y-3">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="flex items-center gap-3">
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-48 max-w-full" />
                <Skeleton className="h-3 w-32 max-w-full" />
              </div>
              <Skeleton className="h-4 w-12" />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/** A panel whose data could not be loaded: the error and Try again. */
export function PanelError({
  error,
  fallback,
  onRetry,
  retrying,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div className="flex flex-col items-center gap-3 py-6 text-center">
      <RetryAlert error={error} fallback={fallback} onRetry={onRetry} retrying={retrying} />
    </div>
  );
}

/** Nothing to show in a panel: an icon and a short sentence. */
export function PanelEmpty({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <div
      className="flex flex-col items-center justify-center gap-3 py-10 text-center"
      data-testid="panel-empty"
    >
      <span className="inline-flex size-10 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <p className="text-sm text-slate-600">{children}</p>
    </div>
  );
}

/**
 * A panel's body for one query: the skeleton while it first loads, the error with Try again
 * when it failed with nothing to show, else `children` with the data (kept on a failed refetch).
 */
export function PanelBody<T>({
  query,
  kind,
  loading,
  failed,
  children,
}: {
  query: {
    data: T | undefined;
    isPending: boolean;
    isFetching: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  kind: 'chart' | 'list';
  /** Announced while loading, e.g. 'Loading user growth'. */
  loading: string;
  /** Shown when the answer gave no message of its own. */
  failed: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isPending && !query.error) return <PanelSkeleton kind={kind} label={loading} />;
  return (
    <PanelError
      error={query.error}
      fallback={failed}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}

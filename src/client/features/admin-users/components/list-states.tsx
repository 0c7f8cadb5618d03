import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';

/** Placeholder rows while a list loads. */
export function ListSkeleton({ label }: { label: string }) {
  return (
    <Card className="divide-y divide-slate-100" aria-busy="true">
      <span className="sr-only" role="status">
        {label}
      </span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-4 p-4">
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-56 max-w-full" />
            <Skeleton className="h-3 w-40 max-w-full" />
          </div>
          <Skeleton className="h-5 w-16 rounded-full" />
        </div>
      ))}
    </Card>
  );
}

/** A list that could not be loaded: the error and Try again. */
export function ListError({
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
    <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
      <RetryAlert error={error} fallback={fallback} onRetry={onRetry} retrying={retrying} />
    </Card>
  );
}

/** Nothing to list: an icon, the spec's words and a hint. */
export function ListEmpty({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
}) {
  return (
    <Card className="flex flex-col items-center px-6 py-14 text-center" data-testid="list-empty">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <p className="mt-4 text-base font-medium text-slate-900">{title}</p>
      {children && <p className="mt-1 max-w-md text-sm text-slate-600">{children}</p>}
    </Card>
  );
}

import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';

export function MessageListSkeleton({ rows = 5, label }: { rows?: number; label: string }) {
  return (
    <Card aria-busy="true" className="divide-y divide-slate-100">
      <span className="sr-only" role="status">
        {label}
      </span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="space-y-3 px-4 py-4 sm:px-5">
          <div className="flex items-center gap-4">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-4 w-32" />
            <Skeleton className="ml-auto h-3 w-24" />
          </div>
          <div className="flex items-center gap-4">
            <Skeleton className="h-4 flex-1" />
            <Skeleton className="hidden h-8 w-36 sm:block" />
          </div>
        </div>
      ))}
    </Card>
  );
}

import { cn } from '../../lib/cn.ts';

/** A grey placeholder block shown while content loads. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'block animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none',
        className,
      )}
    />
  );
}

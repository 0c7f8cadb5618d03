import { cn } from '../../lib/cn.ts';

type Props = { size?: 'sm' | 'md' | 'lg'; className?: string; label?: string | null };

const sizes = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-4' };

/** A spinning ring. Announces `label` to screen readers unless label is null. */
export function Spinner({ size = 'md', className, label = 'Loading' }: Props) {
  return (
    <span
      role={label ? 'status' : undefined}
      className={cn('inline-flex items-center justify-center', className)}
    >
      <span
        aria-hidden="true"
        className={cn(
          'animate-spin rounded-full border-current border-t-transparent motion-reduce:animate-[spin_1.5s_linear_infinite]',
          sizes[size],
        )}
      />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}

import { cn } from '../../lib/cn.ts';
import { useT } from '../../lib/i18n.tsx';

type Props = { size?: 'sm' | 'md' | 'lg'; className?: string; label?: string | null };

const sizes = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-4' };

/** A spinning ring. Announces `label` ('Loading' by default) to screen readers unless it is null. */
export function Spinner({ size = 'md', className, label }: Props) {
  const t = useT();
  const text = label === undefined ? t('common.loading') : label;
  return (
    <span
      role={text ? 'status' : undefined}
      className={cn('inline-flex items-center justify-center', className)}
    >
      <span
        aria-hidden="true"
        className={cn(
          'animate-spin rounded-full border-current border-t-transparent motion-reduce:animate-[spin_1.5s_linear_infinite]',
          sizes[size],
        )}
      />
      {text && <span className="sr-only">{text}</span>}
    </span>
  );
}

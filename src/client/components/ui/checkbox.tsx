import { useEffect, useRef, type InputHTMLAttributes, type Ref } from 'react';
import { cn } from '../../lib/cn.ts';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  indeterminate?: boolean;
  ref?: Ref<HTMLInputElement>;
};

/** A native checkbox with the house focus ring; `indeterminate` sets the mixed state. */
export function Checkbox({ indeterminate, className, ref, ...rest }: Props) {
  const inner = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    if (inner.current) inner.current.indeterminate = !!indeterminate;
  }, [indeterminate]);
  return (
    <input
      type="checkbox"
      ref={(el) => {
        inner.current = el;
        if (typeof ref === 'function') ref(el);
        else if (ref) ref.current = el;
      }}
      className={cn(
        'size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-brand-700 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed',
        className,
      )}
      {...rest}
    />
  );
}

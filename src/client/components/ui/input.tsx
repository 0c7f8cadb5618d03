import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '../../lib/cn.ts';

export const fieldClass = (invalid?: boolean, className?: string) =>
  cn(
    'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus-visible:outline-none focus-visible:ring-2 disabled:bg-slate-100 sm:text-sm',
    // An invalid field stays red while it has focus.
    invalid
      ? 'border-red-500 focus-visible:ring-red-500'
      : 'border-slate-300 focus-visible:border-accent-500 focus-visible:ring-accent-500',
    className,
  );

type Props = InputHTMLAttributes<HTMLInputElement> & {
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
};

export function Input({ invalid, className, ...rest }: Props) {
  return (
    <input
      aria-invalid={invalid || undefined}
      className={fieldClass(invalid, className)}
      {...rest}
    />
  );
}

import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** A pressed/not-pressed button, e.g. one option of a mode switch (group them with role="group"). */
export function ToggleButton({
  pressed,
  onClick,
  children,
  className,
}: {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'inline-flex h-9 items-center justify-center gap-1.5 rounded-lg border px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:ring-offset-2 focus-visible:outline-none',
        pressed
          ? 'border-brand-900 bg-brand-900 text-white'
          : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
        className,
      )}
    >
      {children}
    </button>
  );
}

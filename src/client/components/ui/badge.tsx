import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

type Tone = 'green' | 'grey' | 'amber' | 'blue' | 'red';

const tones: Record<Tone, string> = {
  green: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  grey: 'bg-slate-100 text-slate-600 ring-slate-500/20',
  amber: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  blue: 'bg-brand-50 text-brand-800 ring-brand-700/20',
  red: 'bg-red-50 text-red-700 ring-red-600/20',
};

/** A small status pill. */
export function Badge({
  tone = 'grey',
  children,
  className,
}: {
  tone?: Tone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

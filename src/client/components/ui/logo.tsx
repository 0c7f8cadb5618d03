import { Phone } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

/** The VOIP Manager mark and word mark (`name`: the site name, when the page knows it). */
export function Logo({
  className,
  light,
  name = 'VOIP Manager',
}: {
  className?: string;
  light?: boolean;
  name?: string;
}) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-bold tracking-tight', className)}>
      <span className="inline-flex size-8 items-center justify-center rounded-lg bg-brand-900 text-accent-400 ring-1 ring-white/10">
        <Phone aria-hidden="true" className="size-4" />
      </span>
      <span className={cn('text-lg', light ? 'text-white' : 'text-brand-900')}>{name}</span>
    </span>
  );
}

import { Phone } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { SiteName } from './site-name.tsx';

/** The mark and the word mark: the site name (Admin → Site Settings), or `name` when given. */
export function Logo({
  className,
  light,
  name,
}: {
  className?: string;
  light?: boolean;
  name?: string;
}) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-bold tracking-tight', className)}>
      <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-900 text-accent-400 ring-1 ring-white/10">
        <Phone aria-hidden="true" className="size-4" />
      </span>
      <SiteName className={cn('text-lg', light ? 'text-white' : 'text-brand-900')} name={name} />
    </span>
  );
}

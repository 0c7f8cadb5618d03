import { cn } from '../../lib/cn.ts';
import type { ReactNode } from 'react';

/** Dark hero band used at the top of info pages. */
export function PageHeader({
  title,
  children,
  wide,
}: {
  title: string;
  children?: ReactNode;
  /** Match a max-w-6xl page body instead of the default max-w-3xl text column. */
  wide?: boolean;
}) {
  return (
    <div className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white">
      <div
        className={cn(
          'mx-auto px-4 py-14 sm:px-6 sm:py-20',
          wide ? 'max-w-6xl lg:px-8' : 'max-w-3xl',
        )}
      >
        {/* A long word of a language (Russian's 'конфиденциальности') breaks rather than overflows. */}
        <h1 className="text-3xl font-bold tracking-tight break-words hyphens-auto sm:text-4xl">
          {title}
        </h1>
        {children && <div className="mt-4 max-w-2xl text-lg text-brand-100">{children}</div>}
      </div>
    </div>
  );
}

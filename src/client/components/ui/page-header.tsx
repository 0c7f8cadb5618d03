import type { ReactNode } from 'react';

/** Dark hero band used at the top of info pages. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white">
      <div className="mx-auto max-w-4xl px-4 py-14 sm:px-6 sm:py-20">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {children && <div className="mt-4 max-w-2xl text-lg text-brand-100">{children}</div>}
      </div>
    </div>
  );
}

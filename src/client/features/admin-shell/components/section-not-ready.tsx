import type { ReactNode } from 'react';
import { Construction } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';

/** An admin section whose screens are not built yet: its title and an honest note, nothing more. */
export function SectionNotReady({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <Card className="flex flex-col items-center px-6 py-14 text-center" data-testid="not-ready">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <Construction aria-hidden="true" className="size-6" />
        </span>
        <p className="mt-4 text-base font-medium text-slate-900">Not available yet</p>
        <p className="mt-1 max-w-md text-sm text-slate-600">{children}</p>
      </Card>
    </div>
  );
}

import { useSearchParams } from 'react-router';
import { PhoneOff } from 'lucide-react';
import { Card } from '../../components/ui/card.tsx';
import { useMe } from '../../lib/me.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle('Dashboard');
  const { data: me } = useMe();
  const [params] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';

  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          VOIP Numbers Dashboard
        </h1>
        {me && (
          <p className="text-slate-600">
            Welcome,{' '}
            <span className="font-medium [overflow-wrap:anywhere] text-slate-900">{me.email}</span>.
          </p>
        )}
      </div>
      {q && (
        <p className="mt-4 text-sm text-slate-600" aria-live="polite">
          Showing numbers matching “<span className="font-medium text-slate-900">{q}</span>”
        </p>
      )}
      <Card className="mt-6 flex flex-col items-center px-6 py-16 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <PhoneOff aria-hidden="true" className="size-7" />
        </span>
        <p className="mt-4 text-base font-medium text-slate-900">
          No VOIP numbers found with the current filters.
        </p>
      </Card>
    </div>
  );
}

import { AlertTriangle, RotateCcw } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** Route errorElement: something threw while loading or rendering a page. */
export function RouteError() {
  const error = useRouteError();
  const t = useT();
  useDocumentTitle(t('common.routeError.title'));
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  // A failed lazy import usually means a new version was deployed: a full reload fixes it.
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center"
    >
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-red-50 text-red-700">
        <AlertTriangle aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('common.routeError.title')}</h1>
      <p className="mt-2 text-slate-600">{t('common.routeError.text')}</p>
      {detail && <p className="mt-3 max-w-full break-words text-sm text-slate-500">{detail}</p>}
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button variant="primary" size="lg" onClick={() => window.location.reload()}>
          <RotateCcw aria-hidden="true" className="size-4" />
          {t('common.actions.tryAgain')}
        </Button>
        <a
          href="/"
          className="inline-flex h-12 items-center justify-center rounded-lg border border-slate-300 bg-white px-6 font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:ring-offset-2"
        >
          {t('common.backToHome')}
        </a>
      </div>
    </div>
  );
}

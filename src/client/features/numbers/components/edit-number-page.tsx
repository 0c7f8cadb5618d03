import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { t as translate, useT } from '../../../lib/i18n.tsx';
import { useNumber } from '../api/get-number.ts';
import { BackLink } from './back-link.tsx';
import { EditNumberForm } from './edit-number-form.tsx';

/** /dashboard/edit/:id and /edit/:id. A missing or foreign id goes back to /dashboard. */
export function EditNumberPage({ id }: { id: string }) {
  const t = useT();
  const number = useNumber(id);
  const notFound =
    number.isError &&
    number.error instanceof ApiError &&
    (number.error.status === 404 || number.error.status === 400);

  useEffect(() => {
    if (notFound) toast.error(translate('app.form.notFound'));
  }, [notFound]);

  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <BackLink />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {t('app.form.editHeading')}
      </h1>
      {notFound ? (
        <Navigate to="/dashboard" replace />
      ) : number.isPending ? (
        <Card className="space-y-5 p-4 sm:p-6" aria-busy="true">
          <span className="sr-only" role="status">
            {t('app.form.loading')}
          </span>
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="space-y-2">
              <Skeleton className="h-4 w-28" />
              <Skeleton className="h-10 w-full" />
            </div>
          ))}
        </Card>
      ) : number.isError ? (
        <Card className="space-y-4 p-4 sm:p-6">
          <Alert tone="error">{errorMessage(number.error, t('app.form.loadFailed'))}</Alert>
          <Button
            variant="primary"
            onClick={() => void number.refetch()}
            loading={number.isFetching}
          >
            {t('app.action.tryAgain')}
          </Button>
        </Card>
      ) : (
        <EditNumberForm key={number.data.id} number={number.data} />
      )}
    </div>
  );
}

import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { useNumber } from '../api/get-number.ts';
import { BackLink } from './back-link.tsx';
import { EditNumberForm } from './edit-number-form.tsx';

/** /dashboard/edit/:id and /edit/:id. A missing or foreign id goes back to /dashboard. */
export function EditNumberPage({ id }: { id: string }) {
  const number = useNumber(id);
  const notFound =
    number.isError &&
    number.error instanceof ApiError &&
    (number.error.status === 404 || number.error.status === 400);

  useEffect(() => {
    if (notFound) toast.error('Number not found');
  }, [notFound]);

  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <BackLink />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Edit VOIP Number
      </h1>
      {notFound ? (
        <Navigate to="/dashboard" replace />
      ) : number.isPending ? (
        <Card className="space-y-5 p-4 sm:p-6" aria-busy="true">
          <span className="sr-only" role="status">
            Loading number
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
          <Alert tone="error">{errorMessage(number.error, 'Failed to load the number')}</Alert>
          <Button
            variant="primary"
            onClick={() => void number.refetch()}
            loading={number.isFetching}
          >
            Try again
          </Button>
        </Card>
      ) : (
        <EditNumberForm key={number.data.id} number={number.data} />
      )}
    </div>
  );
}

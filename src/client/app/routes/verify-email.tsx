import { Navigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { Alert } from '../../components/ui/alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { T, useT } from '../../lib/i18n.tsx';
import { meQueryOptions } from '../../lib/me.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { safeNextPath, withNext } from '../../../shared/next-path.ts';

const POLL_MS = 3_000;

export function Component() {
  const t = useT();
  useDocumentTitle(t('public.verifyEmail.title'));
  const me = useQuery({ ...meQueryOptions, refetchInterval: POLL_MS, staleTime: 0 });
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));

  if (me.isPending) {
    return (
      <div className="flex justify-center py-12 text-brand-900">
        <Spinner size="lg" label={t('public.verifyEmail.checkingSession')} />
      </div>
    );
  }
  if (me.data === null) return <Navigate to={withNext('/auth', next)} replace />;
  if (me.data?.emailVerified) return <Navigate to={next} replace />;

  return (
    <div className="text-center">
      <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-accent-50 text-accent-700">
        <MailCheck aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">
        {t('public.verifyEmail.title')}
      </h1>
      <p className="mt-3 text-slate-600">
        {me.data ? (
          <T
            id="public.verifyEmail.checkAt"
            values={{ email: me.data.email }}
            components={{ 0: <strong className="[overflow-wrap:anywhere] text-slate-900" /> }}
          />
        ) : (
          t('public.verifyEmail.check')
        )}
      </p>
      <p className="mt-6 inline-flex items-center gap-2 text-sm text-slate-500" role="status">
        <Spinner size="sm" label={null} />
        {t('public.verifyEmail.waiting')}
      </p>
      {me.isError && (
        <Alert tone="error" className="mt-4 text-left">
          {t('public.verifyEmail.checkFailed')}
        </Alert>
      )}
    </div>
  );
}

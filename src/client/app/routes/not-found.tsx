import { Home, LayoutDashboard } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * 404 page; inside the user area (`dashboard`) its button leads back to the dashboard, inside the
 * admin area (`admin`) to the admin dashboard.
 */
export function NotFoundPage({
  dashboard = false,
  admin = false,
}: {
  dashboard?: boolean;
  admin?: boolean;
}) {
  const t = useT();
  useDocumentTitle(t('common.notFound.title'));
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">
        {t('common.notFound.eyebrow')}
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {t('common.notFound.title')}
      </h1>
      <p className="mt-4 text-slate-600">{t('common.notFound.text')}</p>
      {admin ? (
        <ButtonLink to="/admin" variant="primary" size="lg" className="mt-8">
          <LayoutDashboard aria-hidden="true" className="size-4" />
          {t('common.notFound.backToAdmin')}
        </ButtonLink>
      ) : dashboard ? (
        <ButtonLink to="/dashboard" variant="primary" size="lg" className="mt-8">
          <LayoutDashboard aria-hidden="true" className="size-4" />
          {t('common.notFound.backToDashboard')}
        </ButtonLink>
      ) : (
        <ButtonLink to="/" variant="primary" size="lg" className="mt-8">
          <Home aria-hidden="true" className="size-4" />
          {t('common.backToHome')}
        </ButtonLink>
      )}
    </div>
  );
}

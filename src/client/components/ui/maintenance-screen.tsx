import { Link } from 'react-router';
import { useT } from '../../lib/i18n.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from './button.tsx';
import { Card } from './card.tsx';
import { Logo } from './logo.tsx';

/**
 * What a non-admin sees while the site is in maintenance (the server's maintenance page, in the
 * app): the site name, the notice, a link to sign in for administrators and a way to check again.
 */
export function MaintenanceScreen({
  siteName,
  onCheckAgain,
  checking,
}: {
  siteName: string;
  onCheckAgain: () => void;
  checking: boolean;
}) {
  const t = useT();
  useDocumentTitle(t('common.maintenance.title'));
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <Card className="w-full max-w-md p-8 text-center">
        <Logo name={siteName} />
        <h1 className="mt-6 text-2xl font-bold text-slate-900">{t('common.maintenance.title')}</h1>
        <p className="mt-2 text-slate-600">{t('common.maintenance.text', { siteName })}</p>
        <Button variant="secondary" className="mt-6" onClick={onCheckAgain} loading={checking}>
          {t('common.maintenance.checkAgain')}
        </Button>
        <p className="mt-6 text-sm">
          <Link to="/auth" className="font-medium text-brand-700 hover:underline">
            {t('common.maintenance.adminSignIn')}
          </Link>
        </p>
      </Card>
    </div>
  );
}

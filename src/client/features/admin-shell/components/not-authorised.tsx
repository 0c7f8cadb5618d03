import { LayoutDashboard, ShieldAlert } from 'lucide-react';
import type { MessageId } from '../../../../shared/i18n/namespaces.ts';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { useT } from '../../../lib/i18n.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/**
 * Shown instead of an admin page to a signed-in user who may not see it: not an admin at all
 * (whole page), or an admin without the section's permission (inside the layout). No redirect,
 * so no loop between /admin and /auth.
 */
export function NotAuthorised({ section }: { section?: MessageId }) {
  const t = useT();
  useDocumentTitle(t('admin.shell.notAuthorised'));
  return (
    <div
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24"
      data-testid="not-authorised"
    >
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-700">
        <ShieldAlert aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {t('admin.shell.notAuthorised')}
      </h1>
      <p className="mt-3 text-slate-600">
        {section
          ? t('admin.shell.noSectionAccess', { section: t(section) })
          : t('admin.shell.adminsOnly')}
      </p>
      <ButtonLink to={section ? '/admin' : '/dashboard'} variant="primary" className="mt-8">
        <LayoutDashboard aria-hidden="true" className="size-4" />
        {section ? t('admin.shell.backToAdminDashboard') : t('admin.shell.backToDashboard')}
      </ButtonLink>
    </div>
  );
}

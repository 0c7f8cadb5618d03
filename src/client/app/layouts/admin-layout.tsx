import { Navigate, Outlet, useLocation } from 'react-router';
import { AppToaster } from '../../components/ui/app-toaster.tsx';
import { FullPageSpinner } from '../../components/ui/full-page-spinner.tsx';
import { NavigationProgress } from '../../components/ui/navigation-progress.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { SkipLink } from '../../components/ui/skip-link.tsx';
import { AdminHeader } from '../../features/admin-shell/components/admin-header.tsx';
import { AdminSidebar } from '../../features/admin-shell/components/admin-sidebar.tsx';
import { NotAuthorised } from '../../features/admin-shell/components/not-authorised.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useFocusHeadingOnNavigate } from '../../lib/use-focus-heading.ts';
import { useMe } from '../../lib/me.ts';
import { withNext } from '../../../shared/next-path.ts';

/**
 * The admin area (/admin/*): spinner while the session loads, /auth?next= when signed out, a
 * "not authorised" page (no redirect, so no loop) for a signed-in user who is not an active
 * admin. Each section checks its own permission (RequirePermission). The server checks every
 * admin request again; this only decides what to show.
 */
export function Component() {
  const t = useT();
  const me = useMe();
  const location = useLocation();
  const here = location.pathname + location.search + location.hash;
  useFocusHeadingOnNavigate('main');

  if (me.isPending) return <FullPageSpinner label={t('admin.shell.loading')} />;
  if (me.isError && me.data === undefined) {
    return (
      <div className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 px-4">
        <RetryAlert
          error={me.error}
          fallback={t('admin.shell.accountFailed')}
          onRetry={() => void me.refetch()}
          retrying={me.isFetching}
        />
      </div>
    );
  }
  if (!me.data) return <Navigate to={withNext('/auth', here)} replace />;
  if (!me.data.admin) {
    return (
      <main id="main" tabIndex={-1} className="min-h-dvh bg-slate-50 focus:outline-none">
        <NotAuthorised />
      </main>
    );
  }

  return (
    <div className="min-h-dvh bg-slate-50">
      <SkipLink />
      <NavigationProgress />
      <AppToaster />
      <AdminSidebar />
      <div className="flex min-h-dvh flex-col md:pl-64">
        <AdminHeader />
        <main
          id="main"
          tabIndex={-1}
          className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8"
        >
          <Outlet />
        </main>
      </div>
    </div>
  );
}

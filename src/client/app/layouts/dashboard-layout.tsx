import { Navigate, Outlet, useLocation } from 'react-router';
import { AppToaster } from '../../components/ui/app-toaster.tsx';
import { FullPageSpinner } from '../../components/ui/full-page-spinner.tsx';
import { MaintenanceScreen } from '../../components/ui/maintenance-screen.tsx';
import { NavigationProgress } from '../../components/ui/navigation-progress.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { SkipLink } from '../../components/ui/skip-link.tsx';
import { Sidebar } from '../../features/dashboard-shell/components/sidebar.tsx';
import { TopHeader } from '../../features/dashboard-shell/components/top-header.tsx';
import { messagesLive } from '../../features/messages/live.ts';
import { numbersLive } from '../../features/numbers/live.ts';
import { useLiveEvents, type LiveHandler } from '../../lib/live-events.ts';
import { useT } from '../../lib/i18n.tsx';
import { useFocusHeadingOnNavigate } from '../../lib/use-focus-heading.ts';
import { useMe } from '../../lib/me.ts';
import { useServiceWorker } from '../../lib/service-worker.ts';
import { useSite } from '../../lib/site.ts';
import { withNext } from '../../../shared/next-path.ts';

/**
 * How often an open dashboard asks whether the site is in maintenance (GET /v1/site, answered
 * from memory): turned on, the maintenance screen shows within this; turned off, the app is back.
 */
const SITE_CHECK_MS = 15_000;

/** The features whose caches the live event stream keeps current (each owns its updates). */
const LIVE_HANDLERS: readonly LiveHandler[] = [numbersLive, messagesLive];

/**
 * Guarded user area: spinner while loading, /auth when signed out, /verify-email when unverified
 * (both with ?next= so sign-in comes back to the page asked for), the maintenance screen for a
 * non-admin while the site is in maintenance (checked every 15 s and when the tab is back, and at
 * once when a write is refused for it).
 */
export function Component() {
  const t = useT();
  const me = useMe();
  const site = useSite({ refetchMs: SITE_CHECK_MS });
  const location = useLocation();
  const here = location.pathname + location.search + location.hash;
  useFocusHeadingOnNavigate('main');
  // One event stream for the whole signed-in dashboard; closed on sign-out.
  useLiveEvents(!!me.data?.emailVerified, LIVE_HANDLERS);
  // Push notifications and the installed app (signed in only).
  useServiceWorker(!!me.data?.emailVerified);

  if (me.isPending) return <FullPageSpinner label={t('app.layout.loading')} />;
  if (me.isError && me.data === undefined) {
    return (
      <div className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 px-4">
        <RetryAlert
          error={me.error}
          fallback={t('app.layout.loadFailed')}
          onRetry={() => void me.refetch()}
          retrying={me.isFetching}
        />
      </div>
    );
  }
  if (!me.data) return <Navigate to={withNext('/auth', here)} replace />;
  if (!me.data.emailVerified) return <Navigate to={withNext('/verify-email', here)} replace />;
  if (site.site.maintenance && !me.data.admin) {
    return (
      <MaintenanceScreen
        siteName={site.site.siteName}
        onCheckAgain={site.refetch}
        checking={site.fetching}
      />
    );
  }

  return (
    <div className="min-h-dvh bg-slate-50">
      <SkipLink />
      <NavigationProgress />
      <AppToaster />
      <Sidebar />
      <div className="flex min-h-dvh flex-col md:pl-64">
        <TopHeader email={me.data.email} />
        <main
          id="main"
          tabIndex={-1}
          className="flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8"
        >
          <Outlet />
        </main>
      </div>
    </div>
  );
}

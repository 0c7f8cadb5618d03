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
import { useFocusHeadingOnNavigate } from '../../lib/use-focus-heading.ts';
import { useMe } from '../../lib/me.ts';
import { useServiceWorker } from '../../lib/service-worker.ts';
import { useSite } from '../../lib/site.ts';
import { withNext } from '../../../shared/next-path.ts';

/** The features whose caches the live event stream keeps current (each owns its updates). */
const LIVE_HANDLERS: readonly LiveHandler[] = [numbersLive, messagesLive];

/**
 * Guarded user area: spinner while loading, /auth when signed out, /verify-email when unverified
 * (both with ?next= so sign-in comes back to the page asked for), the maintenance screen for a
 * non-admin while the site is in maintenance (checked every minute, and at once when a write is
 * refused for it).
 */
export function Component() {
  const me = useMe();
  const site = useSite({ refetchMs: 60_000 });
  const location = useLocation();
  const here = location.pathname + location.search + location.hash;
  useFocusHeadingOnNavigate('main');
  // One event stream for the whole signed-in dashboard; closed on sign-out.
  useLiveEvents(!!me.data?.emailVerified, LIVE_HANDLERS);
  // Push notifications and the installed app (signed in only).
  useServiceWorker(!!me.data?.emailVerified);

  if (me.isPending) return <FullPageSpinner label="Loading your dashboard" />;
  if (me.isError && me.data === undefined) {
    return (
      <div className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 px-4">
        <RetryAlert
          error={me.error}
          fallback="We could not load your account. Please try again."
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

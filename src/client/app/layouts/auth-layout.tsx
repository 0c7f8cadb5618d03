import { Link, Outlet } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Logo } from '../../components/ui/logo.tsx';
import { NavigationProgress } from '../../components/ui/navigation-progress.tsx';
import { SkipLink } from '../../components/ui/skip-link.tsx';
import { useT } from '../../lib/i18n.tsx';

/** Centred card layout for /auth and /verify-email. */
export function Component() {
  const t = useT();
  return (
    <div className="relative flex min-h-dvh flex-col overflow-hidden bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800">
      <SkipLink />
      <NavigationProgress />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-1/3 left-1/2 size-[28rem] -translate-x-1/2 rounded-full bg-accent-500/15 blur-3xl"
      />
      <header className="relative mx-auto flex w-full max-w-md items-center justify-center px-4 pt-8">
        <Link
          to="/"
          className="rounded-md focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:outline-none"
        >
          <Logo light />
          <span className="sr-only"> {t('public.nav.home')}</span>
        </Link>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="relative flex flex-1 items-start justify-center px-4 py-8 focus:outline-none sm:items-center"
      >
        <div className="w-full max-w-md">
          {/* A fresh load of /auth hydrates only what is in here (islands/sign-in.tsx). */}
          <div className="rounded-2xl bg-white p-6 shadow-2xl sm:p-8" data-island-root="">
            <Outlet />
          </div>
          <p className="mt-6 text-center">
            <Link
              to="/"
              className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-brand-100 hover:text-white focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:outline-none"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              {t('public.nav.backHome')}
            </Link>
          </p>
        </div>
      </main>
    </div>
  );
}

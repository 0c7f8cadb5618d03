import type { ReactNode } from 'react';
import { AlertTriangle, SearchX } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { T, useT } from '../../../lib/i18n.tsx';
import { AppToaster } from '../../../components/ui/app-toaster.tsx';
import { LanguageLinks } from '../../../components/ui/language-links.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { SiteName } from '../../../components/ui/site-name.tsx';
import { SkipLink } from '../../../components/ui/skip-link.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

/**
 * The frame of the public share pages (/api/{hash}, /single/{hash}): no site navigation and no
 * sign-in, a small header, the page, and the footer ('Powered by {site name}', and 'Messages
 * update automatically' only while there is a live page: not when loading, missing or failed; the
 * language links).
 */
export function ShareShell({
  children,
  live,
}: {
  children: ReactNode;
  /** Whether the live stream is open (null: no stream, nothing live to show). */
  live?: boolean | null;
}) {
  const t = useT();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <SkipLink />
      <AppToaster />
      <header className="bg-brand-950">
        <div className="mx-auto flex h-14 max-w-3xl items-center justify-between px-4">
          <Logo light />
          {live !== null && live !== undefined && (
            <span
              className="inline-flex items-center gap-1.5 text-xs font-medium text-brand-100"
              data-testid="live-status"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'size-2 rounded-full',
                  live ? 'animate-pulse bg-accent-400 motion-reduce:animate-none' : 'bg-slate-400',
                )}
              />
              {live ? t('share.shell.live') : t('share.shell.connecting')}
            </span>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="w-full flex-1 focus:outline-none">
        <div className="mx-auto w-full max-w-3xl px-4 py-5 sm:py-8">{children}</div>
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto max-w-3xl space-y-2 px-4 py-4 text-center text-xs text-slate-600">
          <p>
            <T id="share.shell.poweredBy" components={{ 0: <SiteName /> }} />
            {live !== null && live !== undefined && ` • ${t('share.shell.autoUpdate')}`}
          </p>
          <LanguageLinks className="flex justify-center" />
        </div>
      </footer>
    </div>
  );
}

/** The loading state: a spinner and 'Loading page...'. */
export function ShareLoading({ text }: { text: string }) {
  return (
    <div className="flex min-h-[40vh] flex-col items-center justify-center gap-3 text-brand-900">
      <Spinner size="lg" label={null} />
      <p role="status" className="text-sm font-medium text-slate-700">
        {text}
      </p>
    </div>
  );
}

/** Missing or inactive: a fixed title and the server's (or a fixed) sentence. */
export function ShareNotFound({ title, message }: { title: string; message: string }) {
  return (
    <div className="flex min-h-[40vh] flex-col items-center justify-center text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <SearchX aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 max-w-sm text-slate-600" data-testid="not-found-message">
        {message}
      </p>
    </div>
  );
}

/** Any other failure: 'Failed to load page data' and Try again. */
export function ShareLoadError({
  text,
  error,
  onRetry,
  retrying,
}: {
  text: string;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div className="flex min-h-[40vh] flex-col items-center justify-center gap-4 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-red-50 text-red-700">
        <AlertTriangle aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-2xl font-bold text-slate-900">{text}</h1>
      <RetryAlert error={error} fallback={text} onRetry={onRetry} retrying={retrying} />
    </div>
  );
}

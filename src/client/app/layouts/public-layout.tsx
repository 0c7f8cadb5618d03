import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { Menu, X } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { FlashNotice } from '../../components/ui/flash-notice.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { NavigationProgress } from '../../components/ui/navigation-progress.tsx';
import { ScrollToHash } from '../../components/ui/scroll-to-hash.tsx';
import { SkipLink } from '../../components/ui/skip-link.tsx';
import { cn } from '../../lib/cn.ts';
import { useSite } from '../../lib/site.ts';

const sectionLinks = [
  { to: '/#features', label: 'Features' },
  { to: '/#pricing', label: 'Pricing' },
  { to: '/#testimonials', label: 'Testimonials' },
];
const pageLinks = [
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
];
/**
 * 'Blog' carries `data-blog-link`: when the blog is off, the server hides it in every served page
 * (plugins/client.ts adds a style rule, since pre-rendered pages are built once) and the app does
 * not render it (the site info's `blogEnabled`).
 */
const BLOG_LINK = { to: '/blog', label: 'Blog' };

const noSubscription = () => () => {};
/**
 * Whether to render the Blog link. While hydrating a pre-rendered page (/contact) it is rendered as
 * in the build's HTML (the server's style rule hides it when the blog is off), so hydration
 * matches; the render right after follows the site info.
 */
function useShowBlogLink() {
  const { blogEnabled } = useSite().site;
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  return blogEnabled || hydrating;
}
const navLinkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-brand-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-500';

export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <NavigationProgress />
      <ScrollToHash />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <FlashNotice />
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

function SiteHeader() {
  const blogEnabled = useShowBlogLink();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Escape closes the open menu and returns focus to its button (as islands/static-page.ts does).
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8"
      >
        <Link
          to="/"
          className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-500"
        >
          <Logo />
          <span className="sr-only"> home</span>
        </Link>
        <div className="hidden items-center gap-1 md:flex">
          {sectionLinks.map((l) => (
            <Link key={l.to} to={l.to} className={navLinkClass}>
              {l.label}
            </Link>
          ))}
          {[...(blogEnabled ? [BLOG_LINK] : []), ...pageLinks].map((l) => (
            <NavLink
              key={l.to}
              to={l.to}
              {...(l === BLOG_LINK ? { 'data-blog-link': '' } : {})}
              className={({ isActive }) =>
                cn(navLinkClass, isActive && 'text-brand-900 bg-brand-50')
              }
            >
              {l.label}
            </NavLink>
          ))}
        </div>
        <div className="hidden items-center gap-2 md:flex">
          <ButtonLink to="/auth" variant="ghost" size="sm">
            Sign In
          </ButtonLink>
          <ButtonLink to="/auth" variant="accent" size="sm">
            Start Free Trial
          </ButtonLink>
        </div>
        <button
          type="button"
          className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-500 md:hidden"
          aria-expanded={open}
          aria-controls="mobile-nav"
          ref={button}
          onClick={() => setOpen((o) => !o)}
        >
          {/* Both icons and the panel are always in the HTML, so the pages that are not hydrated
              (islands/static-page.ts) can open and close the menu (the `hidden` attribute and class). */}
          <Menu
            aria-hidden="true"
            className={cn('size-5', open && 'hidden')}
            data-menu-when="closed"
          />
          <X aria-hidden="true" className={cn('size-5', !open && 'hidden')} data-menu-when="open" />
          <span className="sr-only" data-menu-label="">
            {open ? 'Close menu' : 'Open menu'}
          </span>
        </button>
      </nav>
      <div id="mobile-nav" className="border-t border-slate-200 bg-white md:hidden" hidden={!open}>
        <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
          {[...sectionLinks, ...(blogEnabled ? [BLOG_LINK] : []), ...pageLinks].map((l) => (
            <Link
              key={l.to}
              to={l.to}
              className={navLinkClass}
              onClick={() => setOpen(false)}
              {...(l === BLOG_LINK ? { 'data-blog-link': '' } : {})}
            >
              {l.label}
            </Link>
          ))}
          <div className="mt-2 grid grid-cols-2 gap-2">
            <ButtonLink to="/auth" variant="secondary" size="md">
              Sign In
            </ButtonLink>
            <ButtonLink to="/auth" variant="accent" size="md">
              Start Free Trial
            </ButtonLink>
          </div>
        </div>
      </div>
    </header>
  );
}

const footerLinkClass =
  'rounded text-sm text-brand-100 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-400';

function SiteFooter() {
  const blogEnabled = useShowBlogLink();
  return (
    <footer className="bg-brand-950 text-brand-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div className="lg:col-span-2">
          <Logo light />
          <p className="mt-4 max-w-sm text-sm leading-6 text-brand-200">
            Keep your rented virtual numbers in one place and read verification codes the moment
            they arrive.
          </p>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-white">Product</h2>
          <ul className="mt-3 space-y-2">
            {sectionLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={footerLinkClass}>
                  {l.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/date-checker" className={footerLinkClass}>
                Date Checker
              </Link>
            </li>
            <li>
              <Link to="/auth" className={footerLinkClass}>
                Sign In
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-white">Company</h2>
          <ul className="mt-3 space-y-2">
            {[
              { to: '/about', label: 'About' },
              ...(blogEnabled ? [BLOG_LINK] : []),
              { to: '/contact', label: 'Contact' },
              { to: '/privacy', label: 'Privacy' },
              { to: '/terms', label: 'Terms' },
            ].map((l) => (
              <li key={l.to} {...(l === BLOG_LINK ? { 'data-blog-link': '' } : {})}>
                <Link to={l.to} className={footerLinkClass}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        {/* The year is the build's in pre-rendered HTML: a new one after New Year is expected. */}
        <p
          className="mx-auto max-w-7xl px-4 py-6 text-xs text-brand-200 sm:px-6 lg:px-8"
          suppressHydrationWarning
        >
          © {new Date().getFullYear()} VOIP Manager. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { Menu, X } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { FlashNotice } from '../../components/ui/flash-notice.tsx';
import { LanguageLinks } from '../../components/ui/language-links.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { NavigationProgress } from '../../components/ui/navigation-progress.tsx';
import { ScrollToHash } from '../../components/ui/scroll-to-hash.tsx';
import { SiteName } from '../../components/ui/site-name.tsx';
import { SkipLink } from '../../components/ui/skip-link.tsx';
import { cn } from '../../lib/cn.ts';
import { T, useT } from '../../lib/i18n.tsx';
import { useSite } from '../../lib/site.ts';
import type { MessageId } from '../../../shared/i18n/namespaces.ts';

type NavItem = { to: string; label: MessageId };

const sectionLinks: NavItem[] = [
  { to: '/#features', label: 'public.nav.features' },
  { to: '/#pricing', label: 'public.nav.pricing' },
  { to: '/#testimonials', label: 'public.nav.testimonials' },
];
const ABOUT_LINK: NavItem = { to: '/about', label: 'public.nav.about' };
const CONTACT_LINK: NavItem = { to: '/contact', label: 'public.nav.contact' };
const pageLinks = [ABOUT_LINK, CONTACT_LINK];
/**
 * 'Blog' carries `data-blog-link`: when the blog is off, the server hides it in every served page
 * (plugins/client.ts adds a style rule, since pre-rendered pages are built once) and the app does
 * not render it (the site info's `blogEnabled`).
 */
const BLOG_LINK: NavItem = { to: '/blog', label: 'public.nav.blog' };

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
  'rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-brand-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-500';

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

/**
 * The links sit in the header from 1280 px (xl): with Russian's or Spanish's longer words they do
 * not fit a narrower one. Below that, the menu button shows them.
 */
function SiteHeader() {
  const t = useT();
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
        aria-label={t('public.nav.main')}
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8"
      >
        <Link
          to="/"
          className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-500"
        >
          <Logo />
          <span className="sr-only"> {t('public.nav.home')}</span>
        </Link>
        <div className="hidden items-center gap-1 xl:flex">
          {sectionLinks.map((l) => (
            <Link key={l.to} to={l.to} className={navLinkClass}>
              {t(l.label)}
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
              {t(l.label)}
            </NavLink>
          ))}
        </div>
        <div className="hidden items-center gap-2 xl:flex">
          <ButtonLink to="/auth" variant="ghost" size="sm">
            {t('public.nav.signIn')}
          </ButtonLink>
          <ButtonLink to="/auth" variant="accent" size="sm">
            {t('public.nav.startTrial')}
          </ButtonLink>
        </div>
        <button
          type="button"
          className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-500 xl:hidden"
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
          {/* The pages that are not hydrated take the other label from here (islands/mobile-menu.ts). */}
          <span
            className="sr-only"
            data-menu-label=""
            data-when-open={t('public.nav.closeMenu')}
            data-when-closed={t('public.nav.openMenu')}
          >
            {open ? t('public.nav.closeMenu') : t('public.nav.openMenu')}
          </span>
        </button>
      </nav>
      <div id="mobile-nav" className="border-t border-slate-200 bg-white xl:hidden" hidden={!open}>
        <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
          {[...sectionLinks, ...(blogEnabled ? [BLOG_LINK] : []), ...pageLinks].map((l) => (
            <Link
              key={l.to}
              to={l.to}
              className={navLinkClass}
              onClick={() => setOpen(false)}
              {...(l === BLOG_LINK ? { 'data-blog-link': '' } : {})}
            >
              {t(l.label)}
            </Link>
          ))}
          <div className="mt-2 grid grid-cols-2 gap-2">
            <ButtonLink to="/auth" variant="secondary" size="md">
              {t('public.nav.signIn')}
            </ButtonLink>
            <ButtonLink to="/auth" variant="accent" size="md">
              {t('public.nav.startTrial')}
            </ButtonLink>
          </div>
        </div>
      </div>
    </header>
  );
}

const legalLinks: NavItem[] = [
  { to: '/privacy', label: 'public.footer.privacy' },
  { to: '/terms', label: 'public.footer.terms' },
];

const footerLinkClass =
  'rounded text-sm text-brand-100 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-400';

function SiteFooter() {
  const t = useT();
  const blogEnabled = useShowBlogLink();
  return (
    <footer className="bg-brand-950 text-brand-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div className="lg:col-span-2">
          <Logo light />
          <p className="mt-4 max-w-sm text-sm leading-6 text-brand-200">
            {t('public.footer.tagline')}
          </p>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-white">{t('public.footer.product')}</h2>
          <ul className="mt-3 space-y-2">
            {sectionLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={footerLinkClass}>
                  {t(l.label)}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/date-checker" className={footerLinkClass}>
                {t('public.footer.dateChecker')}
              </Link>
            </li>
            <li>
              <Link to="/auth" className={footerLinkClass}>
                {t('public.nav.signIn')}
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-white">{t('public.footer.company')}</h2>
          <ul className="mt-3 space-y-2">
            {[ABOUT_LINK, ...(blogEnabled ? [BLOG_LINK] : []), CONTACT_LINK, ...legalLinks].map(
              (l) => (
                <li key={l.to} {...(l === BLOG_LINK ? { 'data-blog-link': '' } : {})}>
                  <Link to={l.to} className={footerLinkClass}>
                    {t(l.label)}
                  </Link>
                </li>
              ),
            )}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-xs text-brand-200 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          {/* The year is the build's in pre-rendered HTML: a new one after New Year is expected. */}
          <p suppressHydrationWarning>
            <T
              id="public.footer.rights"
              values={{ year: new Date().getFullYear() }}
              components={{ 0: <SiteName /> }}
            />
          </p>
          <LanguageLinks className="text-brand-100" />
        </div>
      </div>
    </footer>
  );
}

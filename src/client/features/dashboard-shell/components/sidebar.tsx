import { Link } from 'react-router';
import { Logo } from '../../../components/ui/logo.tsx';
import { useT } from '../../../lib/i18n.tsx';
import { NavList } from './nav-list.tsx';
import { SidebarFooter } from './sidebar-footer.tsx';

/** Fixed sidebar on medium screens and larger. */
export function Sidebar() {
  const t = useT();
  return (
    <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col bg-brand-950 md:flex">
      <div className="flex h-16 items-center px-4">
        <Link
          to="/dashboard"
          className="rounded-md focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:outline-none"
        >
          <Logo light />
        </Link>
      </div>
      <nav aria-label={t('app.shell.navLabel')} className="flex-1 overflow-y-auto px-3 py-4">
        <NavList />
      </nav>
      <SidebarFooter />
    </aside>
  );
}
